import type { MeterProvider } from '@opentelemetry/sdk-metrics';
import type { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { describe, expectTypeOf, it } from 'vitest';
import type { ClientOptions, PartnerCommerceError, RequestOptions, Hooks, RateLimit, Telemetry } from '../../src/index.js';

describe('hook payloads', () => {
  it('every hook gets the operation, attempt, key and the budget on demand', () => {
    expectTypeOf<Hooks.HookContext['operation']>().toEqualTypeOf<Hooks.OperationInfo>();
    expectTypeOf<Hooks.OperationInfo['name']>().toEqualTypeOf<string>();
    expectTypeOf<Hooks.OperationInfo['method']>().toEqualTypeOf<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>();
    expectTypeOf<Hooks.OperationInfo['route']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Hooks.HookContext['attempt']>().toEqualTypeOf<number>();
    expectTypeOf<Hooks.HookContext['idempotencyKey']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Hooks.HookContext['rateBudget']>().returns.toEqualTypeOf<Promise<RateLimit.RateLimiterState | undefined>>();
  });

  it('each hook gets its own fields', () => {
    expectTypeOf<Hooks.BeforeAttemptContext['headers']>().toEqualTypeOf<Readonly<Record<string, string>>>();
    expectTypeOf<Hooks.BeforeAttemptContext['setHeader']>().parameters.toEqualTypeOf<[string, string]>();
    expectTypeOf<Hooks.AfterResponseContext['status']>().toEqualTypeOf<number>();
    expectTypeOf<Hooks.AfterResponseContext['requestId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Hooks.AfterResponseContext['rateLimitRemaining']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Hooks.AfterResponseContext['headers']>().toEqualTypeOf<Headers>();
    expectTypeOf<Hooks.AfterErrorContext['error']>().toEqualTypeOf<PartnerCommerceError>();
    expectTypeOf<Hooks.AfterErrorContext['status']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Hooks.RateLimitWaitContext['wait']>().toEqualTypeOf<RateLimit.RateLimitWait>();
    expectTypeOf<Hooks.RetryHookContext['reason']>().toEqualTypeOf<Hooks.RetryReason>();
    expectTypeOf<Hooks.RetryReason>().toEqualTypeOf<'rate_limited' | 'server_error' | 'in_progress' | 'timeout' | 'connection'>();
    expectTypeOf<Hooks.RetryHookContext['delayMs']>().toEqualTypeOf<number>();
  });

  it('hooks never hand out the token: no context has an authorization or token field', () => {
    type Keys = keyof Hooks.BeforeAttemptContext | keyof Hooks.AfterResponseContext | keyof Hooks.AfterErrorContext | keyof Hooks.RateLimitWaitContext | keyof Hooks.RetryHookContext;
    expectTypeOf<Extract<Keys, 'token' | 'authorization'>>().toBeNever();
  });

  it('hooks are typed by name, sync or async, on the client and per call', () => {
    expectTypeOf<ClientOptions['hooks']>().toEqualTypeOf<Hooks.CallHooks | readonly Hooks.CallHooks[] | undefined>();
    expectTypeOf<RequestOptions['hooks']>().toEqualTypeOf<Hooks.CallHooks | readonly Hooks.CallHooks[] | undefined>();
    const hooks: Hooks.CallHooks = {
      beforeAttempt: async (c) => c.setHeader('x-a', String(c.attempt)),
      afterResponse: (c) => void c.status,
      onRetry: (c) => void c.reason,
    };
    expectTypeOf(hooks).toMatchTypeOf<Hooks.CallHooks>();
    // @ts-expect-error afterResponse has no setHeader
    const wrong: Hooks.CallHooks = { afterResponse: (c) => c.setHeader('x', 'y') };
    void wrong;
  });

  it('telemetry takes the SDK providers, without the SDK types naming @opentelemetry/api', () => {
    expectTypeOf<ClientOptions['telemetry']>().toEqualTypeOf<boolean | Telemetry.TelemetryOptions | undefined>();
    const options = (tracerProvider: BasicTracerProvider, meterProvider: MeterProvider): Telemetry.TelemetryOptions => ({ tracerProvider, meterProvider, propagateContext: true });
    void options;
  });
});
