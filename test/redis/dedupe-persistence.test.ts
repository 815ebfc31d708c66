/**
 * A dedupe store forgets handled ids when its Redis restarts without data on disk, and redeliveries
 * then run again: the store warns once, at its first command, when Redis reports no persistence.
 */
import { createClient } from 'redis';
import { expect, it } from 'vitest';
import { createRedisDedupeStore } from '../../src/redis/index.js';
import { describeWithRedis } from './redis-server.js';

describeWithRedis('the dedupe store and Redis persistence', (redis) => {
  it('warns once, before its first answer, when Redis keeps no data on disk (no AOF, no RDB save)', async () => {
    const warnings: string[] = [];
    const store = createRedisDedupeStore({ redis: redis.url, prefix: 'persistence-none:', commandTimeoutMs: 30_000, logger: { warn: (m) => warnings.push(m) } });
    try {
      expect(await store.has('evt_1')).toBe(false);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/keeps no data on disk.*redeliveries run the handlers again; turn on appendonly yes/);
      await store.reserve('evt_1', 60_000);
      await store.add('evt_1', 60_000);
      expect(warnings).toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it('says nothing when Redis saves snapshots to disk (RDB save on)', async () => {
    const admin = createClient({ url: redis.url });
    await admin.connect();
    try {
      await admin.sendCommand(['CONFIG', 'SET', 'save', '3600 1']);
      const warnings: string[] = [];
      const store = createRedisDedupeStore({ redis: redis.url, prefix: 'persistence-rdb:', commandTimeoutMs: 30_000, logger: { warn: (m) => warnings.push(m) } });
      expect(await store.has('evt_1')).toBe(false);
      await store.close();
      expect(warnings).toEqual([]);
    } finally {
      await admin.sendCommand(['CONFIG', 'SET', 'save', '']);
      admin.destroy();
    }
  });
});
