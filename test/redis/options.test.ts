/**
 * The Redis stores check their options like the client does, with one
 * InvalidInputError naming every bad field, not a TypeError at the first one. Nothing connects
 * before the check, so no Redis is needed here.
 */
import { describe, expect, it } from 'vitest';
import { PartnerCommerceError } from '../../src/index.js';
import { createRedisBudgetStore, type RedisBudgetStoreOptions } from '../../src/redis/budget-store.js';
import { connectRedis } from '../../src/redis/connection.js';
import { createRedisDedupeStore, type RedisDedupeStoreOptions } from '../../src/redis/index.js';
import { refusal } from '../helpers/refusal.js';

describe('createRedisDedupeStore options', () => {
  it('names every bad option in one InvalidInputError', () => {
    const bad = { prefix: 1, ttlMs: -1, redis: 42 } as unknown as RedisDedupeStoreOptions;
    const err = refusal(() => createRedisDedupeStore(bad));
    expect(err).toBeInstanceOf(PartnerCommerceError);
    expect(err.issues.map((i) => i.path).sort()).toEqual(['prefix', 'redis', 'ttlMs']);
    expect(err.issues.find((i) => i.path === 'redis')?.message).toMatch(/redis:\/\/ or rediss:\/\/ URL.*sendCommand \(node-redis\) or call \(ioredis\)/);
    expect(err.issues.find((i) => i.path === 'ttlMs')?.message).toBe('must be a positive number of milliseconds (got -1)');
    expect(err.issues.find((i) => i.path === 'prefix')?.message).toBe('must be a string (got number)');
  });

  it('refuses an option it does not know, naming it', () => {
    const bad = { redis: 'redis://127.0.0.1:1', ttl: 5 } as unknown as RedisDedupeStoreOptions;
    expect(refusal(() => createRedisDedupeStore(bad)).issues).toEqual([{ path: 'ttl', message: expect.stringMatching(/^is not an option of createRedisDedupeStore \(known: redis, prefix, .*\)$/) }]);
  });

  it('refuses options that are not an object, on the whole value', () => {
    const err = refusal(() => createRedisDedupeStore(undefined as unknown as RedisDedupeStoreOptions));
    expect(err.issues).toHaveLength(1);
    expect(err.issues[0]?.path).toBe('');
  });
});

describe('createRedisBudgetStore options', () => {
  it('names every bad option in one InvalidInputError', () => {
    const bad = { redis: 'http://127.0.0.1:6379', key: '', perMinute: 1.5, windowMs: -1 } as unknown as RedisBudgetStoreOptions;
    const err = refusal(() => createRedisBudgetStore(bad));
    expect(err.issues.map((i) => i.path).sort()).toEqual(['key', 'perMinute', 'redis', 'windowMs']);
    expect(err.issues.find((i) => i.path === 'perMinute')?.message).toBe('must be a positive integer (got 1.5)');
    expect(err.issues.find((i) => i.path === 'windowMs')?.message).toBe('must be a positive number of milliseconds (got -1)');
  });

  it('takes a { url } as the redis target, and good numbers', async () => {
    const store = createRedisBudgetStore({ redis: { url: 'redis://127.0.0.1:1' }, key: 'k', perMinute: 60, windowMs: 60_000, fallbackShare: 2, environment: 'sandbox' });
    await store.close();
  });
});

describe('connectRedis (internal; the stores check first)', () => {
  it('refuses a bad target or timeout in the same error family', () => {
    expect(refusal(() => connectRedis('http://127.0.0.1:6379', { commandTimeoutMs: 1_000 })).issues[0]?.path).toBe('redis');
    expect(refusal(() => connectRedis('redis://127.0.0.1:1', { commandTimeoutMs: 0 })).issues[0]?.path).toBe('commandTimeoutMs');
  });
});
