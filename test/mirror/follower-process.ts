/**
 * A follower process for test/mirror/postgres-followers.test.ts: mirrors the fake API at FAKE_URL into
 * Postgres at PG_URL, applying every notice the parent appends to EVENTS_FILE (both followers apply
 * all of them, as two machines behind a load balancer receiving redeliveries) and following, until
 * STOP_FILE exists; then a last round, and it prints one JSON line of what it did.
 */
import { existsSync, readFileSync } from 'node:fs';
import { PartnerCommerce } from '../../src/index.js';
import { createMirror, createPostgresStore } from '../../src/mirror/index.js';
import { parseWebhook } from '../../src/webhooks/index.js';

const [pgUrl, fakeUrl, eventsFile, stopFile, name] = process.argv.slice(2) as [string, string, string, string, string];
const client = new PartnerCommerce({ token: 'svc_sbx_followers', baseUrl: fakeUrl, rateLimit: false, logLevel: 'off' });
const mirror = createMirror({ client, store: createPostgresStore({ connectionString: pgUrl, max: 3 }) });
let offset = 0;
const totals = { name, applied: 0, follows: 0, events: 0 };

async function drain(): Promise<void> {
  const text = existsSync(eventsFile) ? readFileSync(eventsFile, 'utf8') : '';
  const lines = text.slice(offset).split('\n');
  const complete = lines.slice(0, -1);
  offset += complete.reduce((n, l) => n + l.length + 1, 0);
  for (const line of complete) {
    totals.events++;
    totals.applied += (await mirror.applyEvent(parseWebhook(line))).applied;
  }
}

for (;;) {
  const stopping = existsSync(stopFile);
  await drain();
  const r = await mirror.follow();
  totals.follows++;
  totals.applied += r.applied;
  if (stopping) break;
}
await drain();
await mirror.close();
console.log(JSON.stringify(totals));
