/**
 * The throttle's rules as Redis Lua scripts: each runs atomically, so
 * instances sharing one Redis cannot both pass the same limit. They mirror
 * throttle-memory.ts line by line (test/contracts/sign-in-throttle.ts checks both the same
 * way); change the two together.
 *
 * An entry is a hash: f failures, n in flight, lf last failure, lu locked
 * until, t touched (last begin), tr trusted until; times in ms of the
 * throttle's clock, passed in. Each key expires when nothing in it matters any
 * more, which is what bounds Redis's memory (the memory store uses an LRU).
 */
const PRELUDE = `
local now = tonumber(ARGV[1])
local forget, stale = tonumber(ARGV[2]), tonumber(ARGV[3])

local function blank() return { f = 0, n = 0, lf = 0, lu = 0, t = now, tr = 0 } end

-- The entry as stored; with fresh, an expired lock, stale failures and a hung attempt are forgotten.
local function load(key, fresh)
  local v = redis.call('HMGET', key, 'f', 'n', 'lf', 'lu', 't', 'tr')
  if not v[5] then return nil end
  local e = { f = tonumber(v[1]), n = tonumber(v[2]), lf = tonumber(v[3]), lu = tonumber(v[4]), t = tonumber(v[5]), tr = tonumber(v[6]) }
  if fresh then
    if (e.lu > 0 and e.lu <= now) or (e.lu == 0 and now - e.lf > forget) then e.f = 0; e.lu = 0 end
    if e.n > 0 and now - e.t > stale then e.n = 0 end
  end
  return e
end

local function save(key, e)
  redis.call('HSET', key, 'f', e.f, 'n', e.n, 'lf', e.lf, 'lu', e.lu, 't', e.t, 'tr', e.tr)
  local keep = math.max(e.lu, e.tr, e.t + stale)
  if e.lf > 0 then keep = math.max(keep, e.lf + forget) end
  -- A second past the last moment anything in the entry matters.
  redis.call('PEXPIRE', key, math.floor(math.max(0, keep - now)) + 1000)
end
`;

/** KEYS pair, address, account. ARGV now, forget, stale, pairMax, ipMax, accountFree, base, maxDelay, accountMaxDelay. Returns {1, delay} or {0, retryAfter}. */
export const BEGIN_SCRIPT = `${PRELUDE}
local pairMax, ipMax, accFree = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local base, maxDelay, accMax = tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])

local function lockWait(e, max)
  if e.lu > now then return e.lu - now end
  -- Pending attempts count too: otherwise N parallel requests get N guesses.
  if e.f + e.n >= max then return 1000 end
  return 0
end

-- One try at a time per address and account, and a growing pause after each failure.
local function pairWait(e)
  if e.n > 0 then return 1000 end
  if e.f == 0 or base <= 0 then return 0 end
  local wait = math.min(maxDelay, base * 2 ^ (e.f - 1))
  return math.max(0, e.lf + wait - now)
end

-- Looked at without being written: a refused attempt stores nothing.
local pair, ip = load(KEYS[1], true), load(KEYS[2], true)
local retry = 0
if pair then retry = math.max(lockWait(pair, pairMax), pairWait(pair)) end
if ip then retry = math.max(retry, lockWait(ip, ipMax)) end
if retry > 0 then return { 0, math.ceil(retry) } end

pair = pair or blank()
ip = ip or blank()
local acc = load(KEYS[3], true) or blank()
local over = acc.f + acc.n - accFree
local delay = 0
if pair.tr <= now and over >= 0 then delay = math.min(accMax, base * 2 ^ over) end
local entries = { pair, ip, acc }
for i = 1, 3 do
  entries[i].n = entries[i].n + 1
  entries[i].t = now
  save(KEYS[i], entries[i])
end
return { 1, math.ceil(delay) }
`;

/** KEYS pair, address, account. ARGV now, forget, stale, outcome, pairMax, pairLock, ipMax, ipLock, trust. */
export const FINISH_SCRIPT = `${PRELUDE}
local outcome = ARGV[4]
local pairMax, pairLock = tonumber(ARGV[5]), tonumber(ARGV[6])
local ipMax, ipLock, trust = tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])

local function recordFailure(e, max, lock)
  e.f = e.f + 1
  e.lf = now
  if max and e.f >= max then e.lu = now + lock end
end

-- As stored (begin already freshened them); an entry that expired meanwhile starts blank.
local pair, ip, acc = load(KEYS[1], false) or blank(), load(KEYS[2], false) or blank(), load(KEYS[3], false) or blank()
local entries = { pair, ip, acc }
for i = 1, 3 do entries[i].n = math.max(0, entries[i].n - 1) end
if outcome == 'succeed' then
  -- The account's failures stay: the real person signing in must not lift the slow-down off an attack.
  pair.f = 0
  pair.lu = 0
  pair.tr = now + trust
elseif outcome == 'fail' then
  recordFailure(pair, pairMax, pairLock)
  recordFailure(ip, ipMax, ipLock)
  recordFailure(acc, nil, nil)
end
for i = 1, 3 do save(KEYS[i], entries[i]) end
return 1
`;
