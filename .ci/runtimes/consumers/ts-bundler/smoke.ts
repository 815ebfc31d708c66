// TypeScript consumer, moduleResolution Bundler: type-checked by tsc, then bundled by esbuild (the
// package and its dependencies inlined, as an app's bundler would) and the bundle run by Node.
import { ApiError, Money, PartnerCommerce, PartnerCommerceError } from 'partner-commerce';
import { createWebhookHandler } from 'partner-commerce/webhooks';
import { createFakeApi } from 'partner-commerce/testing';
import { main } from '../shared/smoke-core.mjs';

declare const process: { argv: string[] };
await main(process.argv[2] ?? 'ts-bundler', async () => ({ PartnerCommerce, ApiError, PartnerCommerceError, Money, createWebhookHandler, createFakeApi }));
