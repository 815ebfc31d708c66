/**
 * @internal The Lua scripts of the Redis budget store. Each runs atomically in Redis and reads the
 * time from Redis (`TIME`), so every process and machine shares one clock and no two can take the
 * last call. Keys share one hash tag (`{key}`), so a Redis Cluster keeps them on one node.
 *
 * Keys under the prefix: `starts` (zset: ticket → start ms, the sliding window), `leases` (zset:
 * ticket → expiry ms, calls in flight), `state` (hash: paused, probing, probe, last, srvLimit,
 * foreign, foreignUntil, srvLimitUntil, srvRem, srvRemUntil), `q0`/`q1`/`q2` (zsets: waiter → place in line per priority), `seen` (zset:
 * waiter → last ask, so a dead process's waiters leave the line), `seq` (place counter), `procs`
 * (zset: process → last ask, for the fallback share).
 */

/** Shared preamble: Redis time, expiry of old starts, leases and silent waiters. */
const PREAMBLE = `
local P = KEYS[1]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local starts, leases, state = P .. 'starts', P .. 'leases', P .. 'state'
local function num(v, d) if v then return tonumber(v) end return d end
`;

/**
 * TAKE. The caller at place rank (0 = first) in its line needs rank + 1 free slots: those free now,
 * then the oldest starts as they leave the window, in order. So each waiter is told the time its own
 * slot frees: several go at once when several slots are free, and none wakes only to be refused. A
 * limit the server gave (`srvLimit`) describes its window only: once that window is over it no longer
 * applies. What the server's window in progress has left (`srvRem`: its last Remaining, less the calls
 * started since) is told to every caller: if Redis goes away, each process falls back to its share of
 * it. (Comments live here, not in the Lua: the script text ships in the bundle.)
 *
 * ARGV: waiter, priority (0 = interactive, 1 = normal, 2 = bulk), limit, windowMs, leaseMs,
 * waiterTtlMs, spacingMs (minimum gap after the last start, bulk only), ticket, process, maxAskMs.
 * Returns {1, ticket, processes, serverRemaining, msToReset} when granted, else {0, waitMs, reason,
 * processes, serverRemaining, msToReset} (the last two '' when no server window is known).
 */
export const TAKE_SCRIPT = `${PREAMBLE}
local waiter, prio, limit, window = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local leaseMs, ttl, spacing, ticket, proc, maxAsk = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]), ARGV[8], ARGV[9], tonumber(ARGV[10])
local seen = P .. 'seen'
redis.call('ZREMRANGEBYSCORE', starts, '-inf', now - window)
redis.call('ZREMRANGEBYSCORE', leases, '-inf', now)
local stale = redis.call('ZRANGEBYSCORE', seen, '-inf', now - ttl)
for _, w in ipairs(stale) do
  for i = 0, 2 do redis.call('ZREM', P .. 'q' .. i, w) end
end
redis.call('ZREMRANGEBYSCORE', seen, '-inf', now - ttl)
redis.call('ZADD', P .. 'procs', now, proc)
redis.call('ZREMRANGEBYSCORE', P .. 'procs', '-inf', now - math.max(window, ttl))
local procs = redis.call('ZCARD', P .. 'procs')
local q = P .. 'q' .. prio
if not redis.call('ZSCORE', q, waiter) then redis.call('ZADD', q, redis.call('INCR', P .. 'seq'), waiter) end
redis.call('ZADD', seen, now, waiter)
local st = redis.call('HMGET', state, 'paused', 'probing', 'probe', 'last', 'srvLimit', 'foreign', 'foreignUntil', 'srvLimitUntil', 'srvRem', 'srvRemUntil')
local srvRem, remIn = '', ''
if num(st[10], 0) > now then srvRem, remIn = num(st[9], 0), num(st[10], 0) - now end
local paused, probing, probe, last = num(st[1], 0), st[2] == '1', st[3], num(st[4], 0)
local lim = limit
if num(st[8], 0) > now then lim = math.min(limit, num(st[5], limit)) end
if num(st[7], 0) > now then lim = lim - num(st[6], 0) end
local slot = math.ceil(window / math.max(limit, 1))
local rank = redis.call('ZRANK', q, waiter)
local at, reason = now, 'window'
for i = 0, prio - 1 do
  if redis.call('ZCARD', P .. 'q' .. i) > 0 then at, reason = now + slot, 'priority' end
end
if paused > at then at, reason = paused + slot * rank, 'paused' end
local count = redis.call('ZCARD', starts)
local free = lim - count
if rank >= free then
  local idx = rank - free
  local freeAt = now + window
  if idx < count then freeAt = tonumber(redis.call('ZRANGE', starts, idx, idx, 'WITHSCORES')[2]) + window end
  if freeAt > at then
    at = freeAt
    if rank > 0 then reason = 'queue' else reason = 'window' end
  end
end
if spacing > 0 and last + spacing * (rank + 1) > at then at, reason = last + spacing * (rank + 1), 'window' end
if probing and probe and redis.call('ZSCORE', leases, probe) then
  local until_ = tonumber(redis.call('ZSCORE', leases, probe))
  if until_ > at then at, reason = until_ + slot * rank, 'probe' end
end
if at > now then return {0, math.min(at - now, maxAsk), reason, procs, srvRem, remIn} end
redis.call('ZREM', q, waiter)
redis.call('ZREM', seen, waiter)
redis.call('ZADD', starts, now, ticket)
redis.call('ZADD', leases, now + leaseMs, ticket)
redis.call('HSET', state, 'last', now)
if probing then redis.call('HSET', state, 'probe', ticket) end
if srvRem ~= '' then
  srvRem = math.max(0, srvRem - 1)
  redis.call('HSET', state, 'srvRem', srvRem)
end
redis.call('PEXPIRE', starts, window + leaseMs)
return {1, ticket, procs, srvRem, remIn}
`;

/**
 * SETTLE. An answered call reached the server at some time between its start and now: keeping it in
 * the window from now on means a slow first call (a cold connection) cannot let the next window's
 * calls in early. Within a server window Remaining only falls: the lowest one seen stands until the
 * window ends.
 *
 * ARGV: ticket, kind ('answered' | 'unanswered' | 'unsent'), status, serverLimit, remaining,
 * resetMs, pauseMs (already bounded by the SDK), windowMs ('' = not sent). Returns nothing.
 */
export const SETTLE_SCRIPT = `${PREAMBLE}
local ticket, kind, status = ARGV[1], ARGV[2], tonumber(ARGV[3])
local srvLimit, remaining, resetMs, pauseMs, window = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
redis.call('ZREM', leases, ticket)
local isProbe = redis.call('HGET', state, 'probe') == ticket
if kind == 'unsent' then
  redis.call('ZREM', starts, ticket)
  return 0
end
if redis.call('ZSCORE', starts, ticket) then redis.call('ZADD', starts, 'XX', now, ticket) end
if kind == 'unanswered' then return 0 end
if status == 429 then
  redis.call('ZREM', starts, ticket)
  local paused = num(redis.call('HGET', state, 'paused'), 0)
  redis.call('HSET', state, 'paused', math.max(paused, now + pauseMs), 'probing', '1')
  redis.call('HDEL', state, 'probe')
  return 0
end
if isProbe then redis.call('HDEL', state, 'probing', 'probe') end
if srvLimit then redis.call('HSET', state, 'srvLimit', srvLimit, 'srvLimitUntil', now + math.min(resetMs or window, window)) end
if remaining then
  local rem = redis.call('HMGET', state, 'srvRem', 'srvRemUntil')
  if num(rem[2], 0) > now then
    redis.call('HSET', state, 'srvRem', math.min(num(rem[1], remaining), remaining))
  else
    redis.call('HSET', state, 'srvRem', remaining, 'srvRemUntil', now + math.min(resetMs or window, window))
  end
end
if remaining and srvLimit then
  local ours = redis.call('ZCARD', starts)
  local foreign = (srvLimit - remaining) - ours
  if foreign > 0 then
    local st = redis.call('HMGET', state, 'foreign', 'foreignUntil')
    local current = 0
    if num(st[2], 0) > now then current = num(st[1], 0) end
    redis.call('HSET', state, 'foreign', math.max(current, foreign), 'foreignUntil', now + math.min(resetMs or window, window))
  end
end
return 0
`;

/** STATE. No ARGV. Returns {limit-ish fields} for observability: srvLimit, starts, paused, probing, foreign, foreignUntil, q0, q1, q2, now. */
export const STATE_SCRIPT = `${PREAMBLE}
local st = redis.call('HMGET', state, 'srvLimit', 'paused', 'probing', 'foreign', 'foreignUntil', 'srvLimitUntil')
local srvLimit = st[1] or ''
if num(st[6], 0) <= now then srvLimit = '' end
return {srvLimit, redis.call('ZCOUNT', starts, '(' .. (now - tonumber(ARGV[1])), '+inf'), st[2] or '0', st[3] or '0', st[4] or '0', st[5] or '0',
  redis.call('ZCARD', P .. 'q0'), redis.call('ZCARD', P .. 'q1'), redis.call('ZCARD', P .. 'q2'), now,
  (redis.call('ZRANGE', starts, 0, 0, 'WITHSCORES')[2] or '')}
`;
