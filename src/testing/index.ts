/**
 * `partner-commerce/testing`: an in-memory fake of the sandbox API for partners' tests and ours.
 * Standalone on purpose: web-standard APIs only, so it loads in any runtime and never pulls in the client.
 */
export { createFakeApi } from './fake-api.js';
export { DEFAULT_RATE_LIMIT } from './options.js';
export type {
  FakeApi,
  FakeApiOptions,
  FakeListenOptions,
  FakeRateLimit,
  FakeServer,
  Fault,
  FaultAnswer,
  FaultDelay,
  FaultDrop,
  RecordedRequest,
} from './types.js';
