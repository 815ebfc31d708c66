export type {
  MaybePromise,
  RateBudgetSource,
  RateBudgetState,
  RateBudgetStore,
  RateSettlement,
  RateTake,
} from './budget-store.js';
export type { RateLimiterOptions } from './limiter-options.js';
export { MemoryBudgetStore, type MemoryBudgetStoreOptions } from './memory-budget-store.js';
export { observationFromHeaders, type RateLimitObservation } from './observation.js';
export { RateLimiter, type RateLimiterSnapshot, type RateLimitPermit } from './rate-limiter.js';
export { sharedLimiterFor } from './registry.js';
