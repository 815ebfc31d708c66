/**
 * `partner-commerce/testing`: an in-memory fake of the sandbox API for partners' tests and ours, and
 * builders of webhook events for unit tests of webhook handlers. It never pulls in the HTTP client,
 * and loads on any runtime: `node:http` is loaded only when `fake.listen()` is used, and msw only by
 * `partner-commerce/testing/msw`.
 */
export { createFakeApi } from './fake-api.js';
export { READ_PERMISSIONS, type ReadPermission } from './core/permissions.js';
export type { FakeAccountOptions, FakeApi, FakeApiOptions, FakeWritePermissions } from './types.js';
export type { FakeRateLimit } from './fake-rate-limit.js';
export type { FakeListenOptions, FakeServer } from './fake-server.js';
export { listen as serveFetch } from './http/node-server.js';
export type { Fault, FaultAnswer, FaultDelay, FaultDrop } from './fault.js';
export type { RecordedRequest } from './recorded-request.js';
export type { FakeCatalog, FakeClassification, FakePrices, FakeProduto, FakeRandomChangesOptions, FakeRef } from './driver/catalog-types.js';
export type { FakeWebhookContext, FakeWebhookDelivery, FakeWebhookFaults, FakeWebhookHandler, FakeWebhookSigner } from './webhooks/types.js';
export { WEBHOOK_SIGNATURE_HEADER, webhookSignatureHeaders, webhookSignatureVerifier, type WebhookSecrets, type WebhookSignatureVerifierOptions } from './webhooks/signing.js';
export type { FakeAnyEventKind, FakeEventKind, FakeProductEventKind, FakeWebhookEvent, WireDados, WireEvento, WireItemLote } from './webhooks/wire-types.js';
export { buildWebhookEvent, buildWebhookRequest, SAMPLE_INTEGRATION, type WebhookEventOverrides } from './builders/build-event.js';
export { buildBatchItem } from './builders/build-lote-item.js';
export { SAMPLE_TIME } from './builders/samples.js';
export { samplePdf } from './builders/sample-pdf.js';
