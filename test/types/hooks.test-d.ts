import type { MeterProvider } from '@opentelemetry/sdk-metrics';
import type { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AfterErrorContext,
  AfterResponseContext,
  BeforeAttemptContext,
  CallHooks,
  ClientOptions,
  HookContext,
  OperationInfo,
  PartnerCommerceError,
  RateLimiterState,
  RateLimitWait,
  RateLimitWaitContext,
  RequestOptions,
  RetryHookContext,
  RetryReason,
  TelemetryOptions,
} from '../../src/index.js';

describe('hook payloads', () => {
  it('every hook gets the operation, attempt, key and the budget on demand', () => {
    expectTypeOf<HookContext['operation']>().toEqualTypeOf<OperationInfo>();
    expectTypeOf<OperationInfo['name']>().toEqualTypeOf<string>();
    expectTypeOf<OperationInfo['method']>().toEqualTypeOf<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>();
    expectTypeOf<OperationInfo['route']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<HookContext['attempt']>().toEqualTypeOf<number>();
    expectTypeOf<HookContext['idempotencyKey']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<HookContext['rateBudget']>().returns.toEqualTypeOf<Promise<RateLimiterState | undefined>>();
  });

  it('each hook gets its own fields', () => {
    expectTypeOf<BeforeAttemptContext['headers']>().toEqualTypeOf<Readonly<Record<string, string>>>();
    expectTypeOf<BeforeAttemptContext['setHeader']>().parameters.toEqualTypeOf<[string, string]>();
    expectTypeOf<AfterResponseContext['status']>().toEqualTypeOf<number>();
    expectTypeOf<AfterResponseContext['requestId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<AfterResponseContext['rateLimitRemaining']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<AfterResponseContext['headers']>().toEqualTypeOf<Headers>();
    expectTypeOf<AfterErrorContext['error']>().toEqualTypeOf<PartnerCommerceError>();
    expectTypeOf<AfterErrorContext['status']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<RateLimitWaitContext['wait']>().toEqualTypeOf<RateLimitWait>();
    expectTypeOf<RetryHookContext['reason']>().toEqualTypeOf<RetryReason>();
    expectTypeOf<RetryReason>().toEqualTypeOf<'rate_limited' | 'server_error' | 'in_progress' | 'timeout' | 'connection'>();
    expectTypeOf<RetryHookContext['delayMs']>().toEqualTypeOf<number>();
  });

  it('hooks never hand out the token: no context has an authorization or token field', () => {
    type Keys = keyof BeforeAttemptContext | keyof AfterResponseContext | keyof AfterErrorContext | keyof RateLimitWaitContext | keyof RetryHookContext;
    expectTypeOf<Extract<Keys, 'token' | 'authorization'>>().toBeNever();
  });

  it('hooks are typed by name, sync or async, on the client and per call', () => {
    expectTypeOf<ClientOptions['hooks']>().toEqualTypeOf<CallHooks | readonly CallHooks[] | undefined>();
    expectTypeOf<RequestOptions['hooks']>().toEqualTypeOf<CallHooks | readonly CallHooks[] | undefined>();
    const hooks: CallHooks = {
      beforeAttempt: async (c) => c.setHeader('x-a', String(c.attempt)),
      afterResponse: (c) => void c.status,
      onRetry: (c) => void c.reason,
    };
    expectTypeOf(hooks).toMatchTypeOf<CallHooks>();
    // @ts-expect-error afterResponse has no setHeader
    const wrong: CallHooks = { afterResponse: (c) => c.setHeader('x', 'y') };
    void wrong;
  });

  it('telemetry takes the SDK providers, without the SDK types naming @opentelemetry/api', () => {
    expectTypeOf<ClientOptions['telemetry']>().toEqualTypeOf<boolean | TelemetryOptions | undefined>();
    const options = (tracerProvider: BasicTracerProvider, meterProvider: MeterProvider): TelemetryOptions => ({ tracerProvider, meterProvider, propagateContext: true });
    void options;
  });
});
