import type { RateBudgetState, RateBudgetStore, RateSettlement, RateTake, RateTakeRequest, RateTicket } from './budget-store.js';

/** A store that can be closed, as the Redis budget store is (it may own a connection). */
export type ClosableBudgetStore = RateBudgetStore & { close(): Promise<void> };

/**
 * @internal A budget store made on first use. The Redis store is loaded with `import()` the first
 * time a call asks for budget, so a program that never names Redis never loads its code, and one
 * that does loads it once. A failure to load (the `redis` package missing, say) fails the calls that
 * asked, as the store's own first command would.
 */
export function deferredStore(load: () => Promise<ClosableBudgetStore>): ClosableBudgetStore {
  let loading: Promise<ClosableBudgetStore> | undefined;
  const store = (): Promise<ClosableBudgetStore> => (loading ??= load());
  return {
    async tryTake(now: number, request: RateTakeRequest): Promise<RateTake> {
      return (await store()).tryTake(now, request);
    },
    async settle(ticket: RateTicket, settlement: RateSettlement, now: number): Promise<void> {
      return (await store()).settle(ticket, settlement, now);
    },
    async snapshot(now: number): Promise<RateBudgetState> {
      return (await store()).snapshot(now);
    },
    async leave(request: RateTakeRequest): Promise<void> {
      // A caller can only leave a line it stood in, which means the store was loaded.
      if (loading === undefined) return;
      const loaded = await loading;
      await loaded.leave?.(request);
    },
    async close(): Promise<void> {
      // Closing before the first call must not load Redis just to close it.
      if (loading === undefined) return;
      const loaded = await loading.catch(() => undefined);
      await loaded?.close();
    },
  };
}
