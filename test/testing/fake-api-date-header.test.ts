import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, type FakeServer } from '../../src/testing/index.js';
import { get, manualClock, TOKEN } from './helpers.js';

describe('the Date header of the fake', () => {
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('carries the fake clock on every answer: success, error, refusal and injected fault', async () => {
    const clock = manualClock('2024-05-10T12:00:00-03:00');
    const fake = createFakeApi({ now: clock.now, rateLimit: { perMinute: 2, windowMs: 60_000 } });
    fake.inject('GET /v1/conta', [{ status: 503 }]);
    const expected = 'Fri, 10 May 2024 15:00:00 GMT';
    expect((await get(fake, '/v1/produtos?limite=1')).headers.get('date')).toBe(expected);
    expect((await get(fake, '/v1/produtos/NAO-EXISTE')).headers.get('date')).toBe(expected);
    expect((await get(fake, '/v1/conta')).headers.get('date')).toBe(expected);
    expect((await get(fake, '/v1/produtos', null)).headers.get('date')).toBe(expected);
    clock.advance(61_500);
    expect((await get(fake, '/v1/produtos?limite=1')).headers.get('date')).toBe('Fri, 10 May 2024 15:01:01 GMT');
  });

  it('keeps the fake clock over real HTTP, not the server machine time', async () => {
    const clock = manualClock('2030-01-02T03:04:05Z');
    const fake = createFakeApi({ now: clock.now });
    server = await fake.listen();
    const response = await fetch(`${server.url}/v1/produtos?limite=1`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    await response.arrayBuffer();
    expect(response.headers.get('date')).toBe('Wed, 02 Jan 2030 03:04:05 GMT');
  });
});
