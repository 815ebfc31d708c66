// Runs the package, as ESM, with none of the optional peers installed (no @opentelemetry/api, msw,
// redis, pg, pglite): the client with `telemetry: true` and hooks against the testing kit's loopback
// server, and the webhook handler with `telemetry: true`. Telemetry without its package must cost the
// call nothing but one warning; run by .ci/runtimes/run.sh on Node 20, 22 and 24.
import { PartnerCommerce } from 'partner-commerce';
import { createWebhookHandler } from 'partner-commerce/webhooks';
import { createFakeApi } from 'partner-commerce/testing';
import { check } from './check.mjs';

await check(process.argv[2] ?? 'no-peers esm', { PartnerCommerce, createWebhookHandler, createFakeApi });
