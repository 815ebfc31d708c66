/**
 * `partner-commerce/testing`: an in-memory fake of the sandbox API for partners' tests and ours, and
 * builders of webhook events for unit tests of webhook handlers. It never pulls in the HTTP client,
 * and loads on any runtime: msw and `node:http` are loaded only when `fake.handlers` or
 * `fake.listen()` is used.
 */
export { createFakeApi } from './fake-api.js';
export { DEFAULT_RATE_LIMIT, DEFAULT_STOCK_WEBHOOK_DELAY_MS } from './options.js';
export { READ_PERMISSIONS, type ReadPermission } from './core/permissions.js';
export type { FakeAccountOptions, FakeApi, FakeApiOptions, FakeWritePermissions } from './types.js';
export type { FakeListenOptions, FakeRateLimit, FakeServer, Fault, FaultAnswer, FaultDelay, FaultDrop, RecordedRequest } from './fault-types.js';
export type { FakeCatalog, FakeClassificacao, FakePrecos, FakeProduto, FakeRandomChangesOptions, FakeRef } from './driver/catalog-types.js';
export type { FakeWebhookContext, FakeWebhookDelivery, FakeWebhookFaults, FakeWebhookHandler, FakeWebhookSigner } from './webhooks/types.js';
export { FAKE_SIGNATURE_HEADER, signFakeWebhook, verifyFakeWebhook } from './webhooks/signing.js';
export type { FakeAnyEventKind, FakeEventKind, FakeProductEventKind, FakeWebhookEvent, WireDados, WireEvento, WireItemLote } from './webhooks/wire-types.js';
export { buildWebhookEvent, buildWebhookRequest, SAMPLE_INTEGRACAO, type DeepPartial, type WebhookEventOverrides } from './builders/build-event.js';
export { buildLoteItem } from './builders/build-lote-item.js';
export { SAMPLE_TIME } from './builders/samples.js';
