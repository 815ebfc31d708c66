export type { RateBudgetSource, RateBudgetState, RateBudgetStore, RateSettlement, RateTake, RateTakeRequest, RateTicket, RateWaitReason } from './budget-store.js';
export { DEFAULT_PRIORITY, RATE_PRIORITIES, type RatePriority } from './priority.js';
export type { RateLimiterOptions, RateLimitRedis } from './limiter-options.js';
export { MemoryBudgetStore, type MemoryBudgetStoreOptions } from './memory-budget-store.js';
export { observationFromHeaders, type RateLimitObservation } from './observation.js';
export { RateLimiter, type AcquireOptions, type RateLimiterState, type RateLimitPermit, type RateLimitWait } from './rate-limiter.js';
