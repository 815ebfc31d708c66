// A partner's order writer written against 0.1: orders through the mirror's outbox, replayed after a
// restart.
import { PartnerCommerce } from 'partner-commerce';
import { createMemoryStore, createMirror } from 'partner-commerce/mirror';
import { createFakeApi } from 'partner-commerce/testing';

const fake = createFakeApi({ catalogSize: 5, rateLimit: false });
const client = new PartnerCommerce({ token: 'svc_sbx_compat', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false });
const mirror = createMirror({ client, store: createMemoryStore() });
const replayed = await mirror.outbox.replay();
console.log(`outbox: replayed ${JSON.stringify(replayed).length}`);
await mirror.close();
