import type { RedisConnection } from './connection.js';

/**
 * @internal Asks Redis once whether it keeps its data on disk (AOF or RDB snapshots) and warns when it
 * keeps none: a dedupe store on such a Redis forgets every handled event id when Redis restarts, and
 * the supplier's redeliveries then run their handlers a second time. Never fails: a Redis that refuses
 * CONFIG (managed services often do) cannot tell, and says nothing.
 */
export async function warnWithoutPersistence(connection: RedisConnection, warn: (message: string) => void): Promise<void> {
  let appendonly: string | undefined;
  let save: string | undefined;
  try {
    const [aof, rdb] = await Promise.all([connection.command(['CONFIG', 'GET', 'appendonly']), connection.command(['CONFIG', 'GET', 'save'])]);
    appendonly = configValue(aof, 'appendonly');
    save = configValue(rdb, 'save');
  } catch {
    return;
  }
  if (appendonly === undefined || save === undefined) return;
  if (appendonly.toLowerCase() === 'yes' || save.trim() !== '') return;
  warn('partner-commerce: Redis keeps no data on disk: after a restart the dedupe store forgets handled events and redeliveries run the handlers again; turn on appendonly yes');
}

/** The value of `name` in a CONFIG GET reply: a flat [name, value] list (RESP2) or a map (RESP3). */
function configValue(reply: unknown, name: string): string | undefined {
  if (Array.isArray(reply)) {
    for (let i = 0; i + 1 < reply.length; i += 2) if (String(reply[i]) === name) return String(reply[i + 1]);
    return undefined;
  }
  if (reply instanceof Map) return reply.has(name) ? String(reply.get(name)) : undefined;
  if (typeof reply === 'object' && reply !== null && name in reply) return String((reply as Record<string, unknown>)[name]);
  return undefined;
}
