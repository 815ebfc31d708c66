/**
 * @internal The dead-letter store's Lua scripts. KEYS: the set by last failure, the set by id.
 * ARGV[1] is always the prefix of the records' hashes. Each keeps a record and both sets in step.
 */

// Removes one record and its place in both sets.
const DROP = "local function drop(id) redis.call('DEL', ARGV[1] .. id) redis.call('ZREM', KEYS[1], id) redis.call('ZREM', KEYS[2], id) end ";

export const DEAD_LETTER_SCRIPTS = {
  /**
   * ARGV: prefix, id, evento, item, body, error name, error message, failedAt, maxEntries, ttl cutoff.
   * Upserts the record (attempts + 1, first failure kept), drops records past their age, then the
   * oldest past `maxEntries`; returns those dropped for the bound as [id, evento, ...].
   */
  record:
    DROP +
    'local key = ARGV[1] .. ARGV[2] ' +
    "redis.call('HSET', key, 'evento', ARGV[3], 'item', ARGV[4], 'body', ARGV[5], 'errorName', ARGV[6], 'errorMessage', ARGV[7], 'last', ARGV[8]) " +
    "redis.call('HSETNX', key, 'first', ARGV[8]) " +
    "redis.call('HINCRBY', key, 'attempts', 1) " +
    "redis.call('ZADD', KEYS[1], ARGV[8], ARGV[2]) " +
    "redis.call('ZADD', KEYS[2], 0, ARGV[2]) " +
    "for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[10], 'LIMIT', 0, 100)) do if id ~= ARGV[2] then drop(id) end end " +
    'local dropped = {} ' +
    "local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[9]) " +
    "if over > 0 then for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, over - 1)) do " +
    "table.insert(dropped, id) table.insert(dropped, redis.call('HGET', ARGV[1] .. id, 'evento') or '') drop(id) end end " +
    'return dropped',
  /** KEYS: the set by id. ARGV: prefix, after ('' for the start), limit. Returns [id, [field, value, ...], ...]. */
  list:
    "local min = '-' if ARGV[2] ~= '' then min = '(' .. ARGV[2] end " +
    'local out = {} ' +
    "for _, id in ipairs(redis.call('ZRANGEBYLEX', KEYS[1], min, '+', 'LIMIT', 0, tonumber(ARGV[3]))) do " +
    "local h = redis.call('HGETALL', ARGV[1] .. id) if #h > 0 then table.insert(out, id) table.insert(out, h) end end " +
    'return out',
  /** ARGV: prefix, id. */
  remove: DROP + 'drop(ARGV[2]) return 1',
  /** ARGV: prefix, cutoff. Returns how many were dropped. */
  prune: DROP + "local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[2]) for _, id in ipairs(ids) do drop(id) end return #ids",
} as const;
