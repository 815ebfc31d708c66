import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../../src/testing/index.js';
import { get, manualClock, readJson, type ErroBody } from './helpers.js';

function rate(response: Response): { limit: string | null; remaining: string | null; reset: string | null } {
  const h = response.headers;
  return { limit: h.get('x-ratelimit-limit'), remaining: h.get('x-ratelimit-remaining'), reset: h.get('x-ratelimit-reset') };
}

describe('createFakeApi rate limit and common headers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives every response a unique X-Request-Id and the rate headers, errors included', async () => {
    const fake = createFakeApi();
    const responses = [await get(fake, '/v1/conta'), await get(fake, '/v1/produtos/NADA'), await get(fake, '/v1/conta', null)];
    const ids = responses.map((r) => r.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(3);
    for (const response of responses) {
      expect(response.headers.get('x-request-id')).toMatch(/\S/);
      expect(rate(response).limit).toBe('60');
    }
  });

  it('counts calls per token and reports seconds to reset rounded up', async () => {
    const clock = manualClock();
    const fake = createFakeApi({ rateLimit: { perMinute: 3, windowMs: 10_000 }, now: clock.now });
    expect(rate(await get(fake, '/v1/conta'))).toEqual({ limit: '3', remaining: '2', reset: '10' });
    clock.advance(2_500);
    expect(rate(await get(fake, '/v1/conta'))).toEqual({ limit: '3', remaining: '1', reset: '8' });
    expect(rate(await get(fake, '/v1/conta', 'svc_sbx_outro')).remaining).toBe('2');
  });

  it('answers 429 LIMITE_EXCEDIDO with Retry-After once the window is used up', async () => {
    const clock = manualClock();
    const fake = createFakeApi({ rateLimit: { perMinute: 2, windowMs: 60_000 }, now: clock.now });
    await get(fake, '/v1/conta');
    await get(fake, '/v1/conta');
    clock.advance(15_200);
    const refused = await get(fake, '/v1/conta');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(rate(refused)).toEqual({ limit: '2', remaining: '0', reset: '45' });
    const body = await readJson<ErroBody>(refused);
    expect(body.erro.codigo).toBe('LIMITE_EXCEDIDO');
    expect(body.erro.requestId).toBe(refused.headers.get('x-request-id'));
  });

  it('does not count calls refused for the limit toward the next window', async () => {
    const clock = manualClock();
    const fake = createFakeApi({ rateLimit: { perMinute: 2, windowMs: 1_000 }, now: clock.now });
    for (let i = 0; i < 2; i++) expect((await get(fake, '/v1/conta')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await get(fake, '/v1/conta')).status).toBe(429);
    clock.advance(1_000);
    const next = await get(fake, '/v1/conta');
    expect(next.status).toBe(200);
    expect(rate(next).remaining).toBe('1');
    expect((await get(fake, '/v1/conta')).status).toBe(200);
    expect((await get(fake, '/v1/conta')).status).toBe(429);
  });

  it('does not count calls refused for authentication', async () => {
    const clock = manualClock();
    const fake = createFakeApi({ rateLimit: { perMinute: 1, windowMs: 1_000 }, now: clock.now });
    expect((await get(fake, '/v1/conta', 'svc_prod_x')).status).toBe(401);
    expect((await get(fake, '/v1/conta', 'svc_prod_x')).status).toBe(401);
    expect((await get(fake, '/v1/conta')).status).toBe(200);
  });

  it('follows fake timers through its default clock', async () => {
    vi.useFakeTimers({ now: new Date('2024-05-10T12:00:00Z') });
    const fake = createFakeApi({ rateLimit: { perMinute: 1, windowMs: 60_000 } });
    expect((await get(fake, '/v1/conta')).status).toBe(200);
    vi.advanceTimersByTime(59_001);
    const refused = await get(fake, '/v1/conta');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    vi.advanceTimersByTime(999);
    expect((await get(fake, '/v1/conta')).status).toBe(200);
  });

  it('never refuses and sends no rate headers when rateLimit is false', async () => {
    const fake = createFakeApi({ rateLimit: false });
    for (let i = 0; i < 70; i++) expect((await get(fake, '/v1/conta')).status).toBe(200);
    expect(rate(await get(fake, '/v1/conta')).limit).toBeNull();
  });

  it('refuses a missing or malformed token with TOKEN_INVALIDO and a production token with TOKEN_DE_OUTRO_AMBIENTE', async () => {
    const fake = createFakeApi();
    const cases: Array<[string | null, string]> = [
      [null, 'TOKEN_INVALIDO'],
      ['', 'TOKEN_INVALIDO'],
      ['abc123', 'TOKEN_INVALIDO'],
      ['svc_prod_abc', 'TOKEN_DE_OUTRO_AMBIENTE'],
    ];
    for (const [token, codigo] of cases) {
      const response = await get(fake, '/v1/produtos', token);
      expect(response.status).toBe(401);
      expect((await readJson<ErroBody>(response)).erro.codigo).toBe(codigo);
    }
    const basic = await fake.fetch('https://x.test/v1/conta', { headers: { Authorization: 'Basic dXNlcjpwYXNz' } });
    expect((await readJson<ErroBody>(basic)).erro.codigo).toBe('TOKEN_INVALIDO');
  });

  it('accepts only the listed tokens when tokens is given', async () => {
    const fake = createFakeApi({ tokens: ['svc_sbx_bom'] });
    expect((await get(fake, '/v1/conta', 'svc_sbx_bom')).status).toBe(200);
    expect((await get(fake, '/v1/conta', 'svc_sbx_outro')).status).toBe(401);
    const byPredicate = createFakeApi({ tokens: (t) => t === 'qualquer' });
    expect((await get(byPredicate, '/v1/conta', 'qualquer')).status).toBe(200);
  });
});
