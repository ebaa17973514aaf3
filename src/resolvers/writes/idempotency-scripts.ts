// The Lua scripts of the Redis idempotency store, each a single round trip, atomic in Redis. Every
// claim checks the store's marker in the same trip: a store that lost data hands the keys it does not
// know over in doubt, since they may have been used.

/**
 * The store's marker, a hash that no TTL ever removes: `epoch` (a random id made with the marker), `seq`
 * (counts the store's writes), `lostAt` (when paygraph found the store had lost data, ms since the
 * epoch; 0 never). Data was lost when it is gone (a flush, a restart without persistence) or replaced
 * while this instance knew it, or its `seq` went back (a failover to a replica that missed writes, an
 * old snapshot); for a key's lifetime from then on a key the store does not know may have been used.
 * ARGV: knownEpoch ('' when this instance knows none), newEpoch, knownSeq, now, ttl.
 * Leaves epoch, seq, lostAt set for what follows.
 */
const MARKER = `
local known, now, ttl = ARGV[1], tonumber(ARGV[4]), tonumber(ARGV[5])
local m = redis.call('HMGET', KEYS[1], 'epoch', 'seq', 'lostAt')
local epoch, seq, lostAt = m[1], tonumber(m[2]) or 0, tonumber(m[3]) or 0
if not epoch then
  epoch = ARGV[2]
  if known ~= '' then lostAt = now end
  redis.call('HSET', KEYS[1], 'epoch', epoch, 'seq', seq, 'lostAt', lostAt)
elseif known ~= '' and epoch ~= known then
  if now - lostAt > ttl then
    lostAt = now
    redis.call('HSET', KEYS[1], 'lostAt', lostAt)
  end
elseif known ~= '' and seq < tonumber(ARGV[3]) then
  epoch, lostAt = ARGV[2], now
  redis.call('HSET', KEYS[1], 'epoch', epoch, 'lostAt', lostAt)
end
`;

/** KEYS marker; ARGV as MARKER. Answers { epoch, seq, lostAt }. */
export const CHECK = `${MARKER}
return { epoch, tostring(seq), tostring(lostAt) }`;

/** KEYS marker; ARGV now. Notes a loss found outside the marker (keys evicted). Answers lostAt. */
export const NOTE_LOSS = `redis.call('HSET', KEYS[1], 'lostAt', ARGV[1]) return ARGV[1]`;

/**
 * A record per (scope, key) is a hash: `fp` (the input's fingerprint), `owner` and `sendBy` while a
 * claim runs (its lease is `<prefix>lease:<owner>`), `kind` and `outcome` once settled, `prior` (the
 * unknown outcome a claim in doubt took over).
 * KEYS marker, record, own lease; ARGV as MARKER, then 6 fingerprint, 7 owner, 8 lease ms, 9 sendBy,
 * 10 lease prefix, 11 how long after a loss its lost sends may still land (ms).
 * Answers { verdict, epoch, seq, lostAt, outcome text }: verdict `run`, `doubt` (run, the key may
 * have been used: the text is the unknown outcome taken over), `replay` (the text is the done
 * outcome), `reused`, `wait` (another claim runs, its lease alive).
 */
export const CLAIM = `${MARKER}
local fp, owner = ARGV[6], ARGV[7]
local function take(prior)
  redis.call('DEL', KEYS[2])
  redis.call('HSET', KEYS[2], 'fp', fp, 'owner', owner, 'sendBy', ARGV[9])
  if prior then redis.call('HSET', KEYS[2], 'prior', prior) end
  redis.call('PEXPIRE', KEYS[2], ttl)
  redis.call('SET', KEYS[3], '1', 'PX', ARGV[8])
  seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
end
local r = redis.call('HMGET', KEYS[2], 'fp', 'owner', 'sendBy', 'kind', 'outcome')
local verdict, text = 'run', ''
if not r[1] then
  if lostAt > 0 and now < lostAt + ttl then
    verdict = 'doubt'
    text = '{"kind":"unknown","reason":"lost","notBefore":' .. string.format('%d', lostAt + tonumber(ARGV[11])) .. '}'
    take(text)
  else
    take(nil)
  end
elseif r[1] ~= fp then
  verdict = 'reused'
elseif r[4] == 'done' then
  verdict, text = 'replay', r[5]
elseif r[4] == 'unknown' then
  verdict, text = 'doubt', r[5]
  take(text)
elseif redis.call('EXISTS', ARGV[10] .. r[2]) == 1 then
  verdict = 'wait'
else
  verdict = 'doubt'
  text = '{"kind":"unknown","reason":"orphaned","notBefore":' .. string.format('%d', tonumber(r[3]) or now) .. '}'
  take(text)
end
return { verdict, epoch, tostring(seq), tostring(lostAt), text }`;

/**
 * KEYS record, own lease, marker; ARGV owner, fingerprint, kind, outcome JSON, ttl. A done outcome
 * is kept unless the key is done already (or names another input): what REST answered beats any
 * doubt. An unknown one only replaces this claimant's own pending claim, or a record the store lost.
 * Answers { written (0/1), seq }.
 */
export const SETTLE = `local r = redis.call('HMGET', KEYS[1], 'fp', 'owner', 'kind')
if r[1] and r[1] ~= ARGV[2] then return { 0, '0' } end
if r[3] == 'done' then return { 0, '0' } end
if ARGV[3] ~= 'done' and r[1] and (r[2] ~= ARGV[1] or r[3]) then return { 0, '0' } end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'fp', ARGV[2], 'kind', ARGV[3], 'outcome', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('DEL', KEYS[2])
return { 1, tostring(redis.call('HINCRBY', KEYS[3], 'seq', 1)) }`;

/**
 * KEYS record, own lease; ARGV owner. Nothing was sent: the claimant's pending claim goes back to
 * the unknown outcome it took over, or is deleted.
 */
export const ABANDON = `local r = redis.call('HMGET', KEYS[1], 'owner', 'kind', 'prior')
redis.call('DEL', KEYS[2])
if r[1] ~= ARGV[1] or r[2] then return 0 end
if r[3] then
  redis.call('HSET', KEYS[1], 'kind', 'unknown', 'outcome', r[3])
  redis.call('HDEL', KEYS[1], 'owner', 'sendBy', 'prior')
  return 1
end
return redis.call('DEL', KEYS[1])`;
