// TypeScript consumer, moduleResolution NodeNext, ESM ("type": "module"): types from the `import`
// conditions (dist/*.d.ts). Type-checked by tsc, then run by Node 24 itself (type stripping).
import { ApiError, Money, PartnerCommerce, PartnerCommerceError } from 'partner-commerce';
import { createWebhookHandler } from 'partner-commerce/webhooks';
import { createFakeApi } from 'partner-commerce/testing';
import { main } from '../shared/smoke-core.mjs';

declare const process: { argv: string[] };
await main(process.argv[2] ?? 'ts-nodenext', async () => ({ PartnerCommerce, ApiError, PartnerCommerceError, Money, createWebhookHandler, createFakeApi }));
