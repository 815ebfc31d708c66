/**
 * The same consumer through `require` (a `.cts` file: TypeScript resolves the `require` conditions, so
 * `dist/*.d.cts` is checked): every entry's CommonJS types compile without the optional peers.
 */
import { PartnerCommerce } from 'partner-commerce';
import { createWebhookHandler } from 'partner-commerce/webhooks';
import { createFakeApi } from 'partner-commerce/testing';
import { createRedisDedupeStore } from 'partner-commerce/redis';
import { startSandbox } from 'partner-commerce/cli';
import { openApiDocument } from 'partner-commerce/openapi';

export const entries = [PartnerCommerce, createWebhookHandler, createFakeApi, createRedisDedupeStore, startSandbox, openApiDocument];
