/**
 * A strict consumer (skipLibCheck: false) that installed the tarball and TypeScript only: none of the
 * optional peers (msw, a Redis client, database drivers, OpenTelemetry, the MCP SDK). The published
 * types of every entry listed here must compile, as ESM (`dist/*.d.ts`, this file) and as CommonJS
 * (`dist/*.d.cts`, entries-require.cts); `partner-commerce/mcp` and `partner-commerce/testing/msw` are not
 * listed: their types are the MCP SDK's `Server` and msw's handlers, so each needs its peer. Run by .ci/runtimes/run.sh.
 */
import { PartnerCommerce } from 'partner-commerce';
import { createWebhookHandler } from 'partner-commerce/webhooks';
import { createFakeApi } from 'partner-commerce/testing';
import { createRedisDedupeStore } from 'partner-commerce/redis';
import { startSandbox } from 'partner-commerce/cli';
import { openApiDocument } from 'partner-commerce/openapi';

export const entries = [PartnerCommerce, createWebhookHandler, createFakeApi, createRedisDedupeStore, startSandbox, openApiDocument];
