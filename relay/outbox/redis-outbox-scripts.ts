/**
 * Lua scripts of the Redis outbox: each runs atomically, so a de-duplication and the XADD it
 * guards, or a retry's move from the delayed set back to the stream, never half-happen. Every key
 * they touch comes in `KEYS[]` (names from `redis/redis-keyspace.ts`), but the duplicate window's
 * buckets, built from a declared prefix.
 */
import { SEEN_BEFORE_LUA } from '../redis/redis-seen-keys.js';

/**
 * KEYS: stream, counters, the duplicate window's two prefixes (`SEEN_KEY_PREFIXES`), then per
 * record its `latest` key. ARGV: maxRecords, maxBytes, now, the window's header
 * (`RedisSeenKeys.sliceArgs`), then per record kind, key, body, bytes, visitor, whether it has an
 * id to de-duplicate ('1' or '0'), and its bucket, field and legacyId (`redis/redis-seen-keys.ts`).
 * The cap counts queued and dead records, as the SQLite outbox does; a full outbox answers
 * `{0, '<cap>'}` (a number first: a value, not an error to parse).
 */
export const ENQUEUE = `${SEEN_BEFORE_LUA}
local stream, counters = KEYS[1], KEYS[2]
local maxRecords, maxBytes, now = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local w, first = sliceWindow(KEYS[3], KEYS[4], 4)
local c = redis.call('HMGET', counters, 'queued:event', 'queued:order', 'queued:product', 'dead:event', 'dead:order', 'dead:product', 'bytes')
local records = 0
for i = 1, 6 do records = records + (tonumber(c[i]) or 0) end
local bytes = tonumber(c[7]) or 0
local adding, addingBytes = 0, 0
for i = first, #ARGV, 9 do adding = adding + 1; addingBytes = addingBytes + tonumber(ARGV[i + 3]) end
if records + adding > maxRecords then return {0, maxRecords .. ' records'} end
if bytes + addingBytes > maxBytes then return {0, maxBytes .. ' bytes'} end
-- Always a write, even for a batch of duplicates: a WAIT after it covers every earlier write.
redis.call('HINCRBY', counters, 'enqueues', 1)
-- The counters are summed here and written once per call, not per record (Redis's own CPU at 10 events a request).
local sums = {}
local function add(name, by) sums[name] = (sums[name] or 0) + by end
local out, k = {}, 5
for i = first, #ARGV, 9 do
  local kind, key, body, size, visitor = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3], ARGV[i + 4]
  local latest = KEYS[k]
  local result, version = 'queued', 0
  if ARGV[i + 5] == '1' and seenBefore(w, ARGV[i + 6], ARGV[i + 7], ARGV[i + 8]) then result = 'duplicate' end
  k = k + 1
  if result ~= 'duplicate' and kind ~= 'event' then
    version = redis.call('HINCRBY', latest, 'v', 1)
    if redis.call('HGET', latest, 'pending') == '1' then result = 'coalesced' end
    redis.call('HSET', latest, 'pending', '1')
  end
  if result ~= 'duplicate' then
    redis.call('XADD', stream, '*', 'kind', kind, 'key', key, 'body', body, 'bytes', size, 'createdAt', now, 'attempts', '0', 'version', version, 'visitor', visitor)
    add('queued:' .. kind, 1)
    add('bytes', tonumber(size))
    add(result == 'queued' and 'accepted' or 'coalesced', 1)
  end
  out[#out + 1] = result
end
for name, by in pairs(sums) do redis.call('HINCRBY', counters, name, by) end
return out
`;

/**
 * KEYS: delayed, stream. ARGV: now. Moves records whose retry time has come back into the stream;
 * a record an earlier version delayed has no visitor, and gets none here (the claim reads it from its body).
 */
export const PROMOTE_DUE = `
local items = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 500)
for _, item in ipairs(items) do
  local r = cjson.decode(item)
  local fields = {'kind', r.kind, 'key', r.key, 'body', r.body, 'bytes', r.bytes, 'createdAt', r.createdAt, 'attempts', r.attempts, 'version', r.version}
  if type(r.visitor) == 'string' then fields[#fields + 1] = 'visitor'; fields[#fields + 1] = r.visitor end
  redis.call('XADD', KEYS[2], '*', unpack(fields))
  redis.call('ZREM', KEYS[1], item)
end
return #items
`;

/**
 * KEYS: stream. ARGV: group, consumer, then entries. For each claimed entry, whether this relay
 * still holds it: `held` (pending to it and still queued: its idle time is reset, so
 * the lease starts again), `taken` (another relay claimed it after the lease ran out) or `gone`
 * (settled: by a relay that took it over, or lost with a primary that never replicated it).
 * `XCLAIM ... JUSTID` leaves the entry's delivery count as it was.
 */
export const RENEW = `
local stream, group, consumer = KEYS[1], ARGV[1], ARGV[2]
local out = {}
for i = 3, #ARGV do
  local entry = ARGV[i]
  local pending = redis.call('XPENDING', stream, group, entry, entry, 1)[1]
  local state = 'gone'
  if pending and pending[2] ~= consumer then
    state = 'taken'
  elseif pending and #redis.call('XRANGE', stream, entry, entry) == 1 then
    redis.call('XCLAIM', stream, group, consumer, 0, entry, 'JUSTID')
    state = 'held'
  end
  out[#out + 1] = state
end
return out
`;

/**
 * KEYS: stream, counters, delayed, dead, deadSeq. ARGV: group, entry, kind, bytes, why
 * ('delivered', 'coalesced-away', 'dead', 'delayed'), stored record (JSON: the delayed or dead copy),
 * due time, consumer, lapsed ('1' when this relay's lease may have run out by its own clock).
 * Settles a claimed entry; XDEL's answer decides the counters, because the entry may be gone: a
 * replica promoted without the write that added it, or another relay that took it over (XAUTOCLAIM)
 * and settled it first. A delivery is settled whoever holds the entry: the service has the record,
 * so no relay should send it again. Any other outcome is the holder's to settle: a relay whose lease
 * ran out leaves alone an entry another relay holds, or one gone since (the other relay settled
 * it), so its late retry or hand-back never queues a copy of what the other relay sent; it answers
 * -1. Within its lease nobody else can have claimed the entry, so one gone then was lost with a
 * primary: delayed, it is queued again and counted again; one delivered or dead is not uncounted twice.
 */
export const SETTLE = `
local stream, counters = KEYS[1], KEYS[2]
local group, entry, kind, bytes, why = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), ARGV[5]
if why ~= 'delivered' then
  local pending = redis.call('XPENDING', stream, group, entry, entry, 1)[1]
  if pending and pending[2] ~= ARGV[8] then return -1 end
  if not pending and ARGV[9] == '1' and #redis.call('XRANGE', stream, entry, entry) == 0 then return -1 end
end
redis.call('XACK', stream, group, entry)
local held = redis.call('XDEL', stream, entry) == 1
local queued = 0
if why == 'delayed' then
  redis.call('ZADD', KEYS[3], ARGV[7], ARGV[6])
  if not held then queued = 1 end
elseif held then
  queued = -1
end
if queued ~= 0 then
  redis.call('HINCRBY', counters, 'queued:' .. kind, queued)
  redis.call('HINCRBY', counters, 'bytes', queued * bytes)
end
if why == 'delivered' then redis.call('HINCRBY', counters, 'delivered', 1) end
if why == 'dead' then
  redis.call('HSET', KEYS[4], tostring(redis.call('INCR', KEYS[5])), ARGV[6])
  redis.call('HINCRBY', counters, 'dead:' .. kind, 1)
end
return held and 1 or 0
`;
