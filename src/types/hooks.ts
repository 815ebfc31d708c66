import type {
  HooksOption,
  CallHooks,
  OperationInfo,
  HookContext,
  BeforeAttemptContext,
  AfterResponseContext,
  AfterErrorContext,
  RateLimitWaitContext,
  RetryHookContext,
  RetryReason,
} from '../transport/hooks/hook-types.js';

/** The client's `hooks` option: the hooks (`Hooks.CallHooks`) and the context each receives. */
export declare namespace Hooks {
  export {
    type HooksOption as HooksOption,
    type CallHooks as CallHooks,
    type OperationInfo as OperationInfo,
    type HookContext as HookContext,
    type BeforeAttemptContext as BeforeAttemptContext,
    type AfterResponseContext as AfterResponseContext,
    type AfterErrorContext as AfterErrorContext,
    type RateLimitWaitContext as RateLimitWaitContext,
    type RetryHookContext as RetryHookContext,
    type RetryReason as RetryReason,
  };
}
