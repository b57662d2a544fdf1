import "server-only";
/**
 * The shared cache tier's Lua scripts. Each runs atomically in Redis, so "is
 * the entry fresh, else is a failure cooling down, else is someone loading,
 * else I load" and "store unless a tag was invalidated since my mark" cannot
 * interleave with another instance's steps. Times in ARGV are the gateway's
 * clock (a FakeClock in tests); PEXPIREs are garbage collection only.
 *
 * Layout under the prefix P: P:e:<key> entry hash (v f u t), P:t:<tag> set of
 * keys, P:s:<tag> the global sequence at the tag's last invalidation, P:seq
 * the global sequence, P:l:<key> load lock hash (tok until), P:f:<key>
 * failure hash (at err).
 */

/** Extends a key's GC TTL, never shortens it (-1 = none yet, -2 = gone). */
const GC = `
local function gc(k, ms)
  local t = redis.call('PTTL', k)
  if t < tonumber(ms) then redis.call('PEXPIRE', k, ms) end
end
`;

/** KEYS: entry, failure. Returns {entry fields, failure fields}. */
export const LOOKUP = `
return {redis.call('HMGET', KEYS[1], 'v', 'f', 'u', 't'), redis.call('HMGET', KEYS[2], 'at', 'err')}
`;

/**
 * KEYS: entry, failure, lock, global seq. ARGV: now, token, leaseUntil, lockGcMs.
 * Returns {"fresh", entry} | {"failed", entry, failure} | {"busy", false, false, until}
 *       | {"claimed", entry, false, mark}.
 */
export const CLAIM = `
local now = tonumber(ARGV[1])
local e = redis.call('HMGET', KEYS[1], 'v', 'f', 'u', 't')
if e[3] and e[3] ~= '-inf' and tonumber(e[3]) > now then return {'fresh', e} end
local f = redis.call('HMGET', KEYS[2], 'at', 'err')
if f[1] and tonumber(f[1]) > now then return {'failed', e, f} end
local held = redis.call('HMGET', KEYS[3], 'tok', 'until')
if held[1] and tonumber(held[2]) > now then return {'busy', false, false, held[2]} end
redis.call('DEL', KEYS[3])
redis.call('HSET', KEYS[3], 'tok', ARGV[2], 'until', ARGV[3])
redis.call('PEXPIRE', KEYS[3], ARGV[4])
return {'claimed', e, false, redis.call('GET', KEYS[4]) or '0'}
`;

/** KEYS: lock. ARGV: token, leaseUntil, lockGcMs. */
export const RENEW = `
if redis.call('HGET', KEYS[1], 'tok') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'until', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/**
 * The end of a load by the lock holder. Stores the entry unless one of its
 * tags was invalidated after `mark` (the answer may predate a decision),
 * releases the lock if still ours, and tells every instance.
 * KEYS: entry, failure, lock, n tag-seq keys, n tag-set keys.
 * ARGV: token, mark, store (1/0), v, f, u, t, entryGcMs, key, channel, storedNote, notStoredNote, n.
 */
export const COMPLETE = `${GC}
local n = tonumber(ARGV[13])
local stored = 0
if ARGV[3] == '1' then
  local ok = true
  for i = 1, n do
    local s = redis.call('GET', KEYS[3 + i])
    if s and tonumber(s) > tonumber(ARGV[2]) then ok = false break end
  end
  if ok then
    redis.call('DEL', KEYS[1])
    redis.call('HSET', KEYS[1], 'v', ARGV[4], 'f', ARGV[5], 'u', ARGV[6], 't', ARGV[7])
    redis.call('PEXPIRE', KEYS[1], ARGV[8])
    for i = 1, n do
      redis.call('SADD', KEYS[3 + n + i], ARGV[9])
      gc(KEYS[3 + n + i], ARGV[8])
    end
    redis.call('DEL', KEYS[2])
    stored = 1
  end
end
if redis.call('HGET', KEYS[3], 'tok') == ARGV[1] then redis.call('DEL', KEYS[3]) end
if stored == 1 then redis.call('PUBLISH', ARGV[10], ARGV[11]) else redis.call('PUBLISH', ARGV[10], ARGV[12]) end
return stored
`;

/**
 * A load that failed. mode "drop" (404: the key is gone), "fail" (record a
 * cooldown every instance honours) or "none"; then release and tell.
 * KEYS: entry, failure, lock, n tag-set keys.
 * ARGV: token, mode, retryAt, errJson, failureGcMs, key, channel, note, n.
 */
export const ABANDON = `${GC}
if ARGV[2] == 'drop' then redis.call('DEL', KEYS[1]) end
if ARGV[2] == 'fail' then
  redis.call('DEL', KEYS[2])
  redis.call('HSET', KEYS[2], 'at', ARGV[3], 'err', ARGV[4])
  redis.call('PEXPIRE', KEYS[2], ARGV[5])
  for i = 1, tonumber(ARGV[9]) do
    redis.call('SADD', KEYS[3 + i], ARGV[6])
    gc(KEYS[3 + i], ARGV[5])
  end
end
if redis.call('HGET', KEYS[3], 'tok') == ARGV[1] then redis.call('DEL', KEYS[3]) end
redis.call('PUBLISH', ARGV[7], ARGV[8])
return 1
`;

/**
 * A value learned outside a load (Gateway.store): written as is, like the
 * embedded cache does. KEYS: entry, failure, n tag-set keys.
 * ARGV: v, f, u, t, entryGcMs, key, channel, note, n.
 */
export const PUT = `${GC}
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'f', ARGV[2], 'u', ARGV[3], 't', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
for i = 1, tonumber(ARGV[9]) do
  redis.call('SADD', KEYS[2 + i], ARGV[6])
  gc(KEYS[2 + i], ARGV[5])
end
redis.call('DEL', KEYS[2])
redis.call('PUBLISH', ARGV[7], ARGV[8])
return 1
`;

/** KEYS: entry. ARGV: until. Never shortens (an expired "-inf" entry counts as -Infinity, as in L1). */
export const EXTEND = `
local u = redis.call('HGET', KEYS[1], 'u')
if u and (u == '-inf' or tonumber(u) < tonumber(ARGV[1])) then
  redis.call('HSET', KEYS[1], 'u', ARGV[1])
  return 1
end
return 0
`;

/**
 * Drops or expires a tag's entries, forgets their failures and load locks (a
 * load begun before the decision must not be waited for), bumps the tag's
 * sequence so such a load is not stored, and tells every instance.
 * KEYS: global seq, tag seq, tag set. ARGV: how, entry prefix, failure prefix, lock prefix, seqGcMs, channel, note.
 */
export const INVALIDATE = `
local seq = redis.call('INCR', KEYS[1])
redis.call('SET', KEYS[2], seq, 'PX', ARGV[5])
local members = redis.call('SMEMBERS', KEYS[3])
for _, m in ipairs(members) do
  if ARGV[1] == 'drop' then
    redis.call('DEL', ARGV[2] .. m)
  elseif redis.call('EXISTS', ARGV[2] .. m) == 1 then
    redis.call('HSET', ARGV[2] .. m, 'u', '-inf')
  end
  redis.call('DEL', ARGV[3] .. m)
  redis.call('DEL', ARGV[4] .. m)
end
if ARGV[1] == 'drop' then redis.call('DEL', KEYS[3]) end
redis.call('PUBLISH', ARGV[6], ARGV[7])
return #members
`;
