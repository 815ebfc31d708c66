/**
 * A strict consumer (skipLibCheck: false) that installed the tarball and TypeScript only: none of the
 * optional peers (msw, a Redis client, database drivers, OpenTelemetry). Every entry's published
 * types must compile here; run by .ci/runtimes/run.sh.
 */
import { PartnerCommerce } from 'partner-commerce';
import { createWebhookHandler } from 'partner-commerce/webhooks';
import { createFakeApi, type MswHandler } from 'partner-commerce/testing';
import { startSandbox } from 'partner-commerce/cli';

export const entries = [PartnerCommerce, createWebhookHandler, createFakeApi, startSandbox];
export type Handlers = MswHandler[];
