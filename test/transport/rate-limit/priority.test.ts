import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidInputError } from '../../../src/index.js';
import { RateLimiter } from '../../../src/transport/rate-limit/index.js';
import { captureLogs, testClient } from '../../helpers/client.js';
import { PRODUTO, json, scriptedFetch } from '../../helpers/scripted-fetch.js';

describe('priorities in one limiter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a waiting interactive caller is served before bulk callers that came first', async () => {
    const limiter = new RateLimiter({ perMinute: 1, windowMs: 1_000 });
    (await limiter.acquire()).release();
    const order: string[] = [];
    const bulk = [1, 2].map((n) => limiter.acquire({ priority: 'bulk' }).then((p) => (order.push(`bulk${n}`), p.release())));
    const urgent = limiter.acquire({ priority: 'interactive' }).then((p) => (order.push('interactive'), p.release()));
    expect(await limiter.state()).toMatchObject({ waiting: { interactive: 1, normal: 0, bulk: 2 } });
    await vi.advanceTimersByTimeAsync(3_000);
    await Promise.all([...bulk, urgent]);
    expect(order).toEqual(['interactive', 'bulk1', 'bulk2']);
  });

  it('a call waiting for budget logs one debug line naming the reason and priority', async () => {
    const logs = captureLogs();
    const { fetch } = scriptedFetch(() => json(200, PRODUTO));
    const client = testClient(fetch, { rateLimit: new RateLimiter({ perMinute: 1, windowMs: 1_000 }), logger: logs.logger, logLevel: 'debug', priority: 'bulk' });
    await client.produtos.obter('SKU-1');
    const second = client.produtos.obter('SKU-1', { priority: 'interactive' });
    await vi.advanceTimersByTimeAsync(1_000);
    await second;
    const waits = logs.lines.filter((l) => l.message.includes('waits'));
    expect(waits).toHaveLength(1);
    expect(waits[0]!.message).toMatch(/GET \/v1\/produtos\/SKU-1 waits ~1000 ms for rate budget \(window, priority interactive\)/);
  });

  it('a priority that does not exist is refused by name, on the client and per call', async () => {
    const { fetch } = scriptedFetch(() => json(200, PRODUTO));
    expect(() => testClient(fetch, { priority: 'urgent' as never })).toThrow(InvalidInputError);
    await expect(testClient(fetch).produtos.obter('SKU-1', { priority: 'high' as never })).rejects.toMatchObject({ issues: [{ path: 'priority' }] });
  });
});
