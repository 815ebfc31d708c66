import type { RateLimitOption } from '../transport/client-options.js';
import type { SharedBudgetOptions } from '../transport/rate-limit/limiter-options.js';
import type {
  RateLimiterOptions,
  RateLimitRedis,
  AcquireOptions,
  RatePriority,
  RateLimitPermit,
  RateLimitWait,
  RateWaitReason,
  RateLimiterState,
  RateBudgetState,
  RateBudgetSource,
} from '../transport/rate-limit/index.js';

/** The client's `rateLimit` option and `RateLimiter`: its options, state and waits. */
export declare namespace RateLimit {
  export {
    type RateLimitOption as RateLimitOption,
    type SharedBudgetOptions as SharedBudgetOptions,
    type RateLimiterOptions as RateLimiterOptions,
    type RateLimitRedis as RateLimitRedis,
    type AcquireOptions as AcquireOptions,
    type RatePriority as RatePriority,
    type RateLimitPermit as RateLimitPermit,
    type RateLimitWait as RateLimitWait,
    type RateWaitReason as RateWaitReason,
    type RateLimiterState as RateLimiterState,
    type RateBudgetState as RateBudgetState,
    type RateBudgetSource as RateBudgetSource,
  };
}
