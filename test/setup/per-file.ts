/**
 * Run before each file of the `shared` project (test/vitest.config.ts), whose files share one worker
 * and the SDK's modules: whatever a file left behind in the process is put back before the next one.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  // The SDK keeps some things per process on purpose (one rate limiter per token, warnings said once,
  // lazily built schemas): the next file loads the SDK afresh, as a partner's new process would.
  vi.resetModules();
});
