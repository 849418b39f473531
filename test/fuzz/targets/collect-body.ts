import assert from 'node:assert/strict';
import { parseCollectBody } from '../../../relay/collect/collect-body.js';
import { collectEventToRecord } from '../../../relay/collect/collect-event.js';
import { stringifyBody } from '../../../relay/shared/exact-json.js';
import { isExpectedRefusal, jsonOf } from './expected-refusal.js';

const identity = {
  userId: 'fuzz-user-0001',
  sessionId: 'fuzz-session-01',
  userCookie: 'fuzz-user-0001',
  sessionStart: 0,
};
const NOW = Date.UTC(2026, 10, 25, 12);

/**
 * `/collect`'s body path after the bytes are JSON: shape, each event to a record (time, ids,
 * helper and attribute fields, validation). A 4xx refusal is expected; any other throw is a
 * finding, as is an accepted record that cannot be written or lacks what the service requires.
 */
export function fuzz(data: Buffer): void {
  const json = jsonOf(data);
  if (json === undefined) return;
  let body;
  try {
    body = parseCollectBody(json);
  } catch (error) {
    if (isExpectedRefusal(error)) return;
    throw error;
  }
  for (const raw of body.events) {
    const result = collectEventToRecord(raw, { identity, skewMs: 0 }, NOW);
    if (!result.ok) {
      assert.ok(
        result.errors.length > 0 &&
          result.errors.every((e) => typeof e.path === 'string' && typeof e.message === 'string'),
      );
      continue;
    }
    const record = result.value.body;
    assert.equal(typeof record['user_id'], 'string');
    assert.equal(typeof record['event_name'], 'string');
    assert.ok(typeof record['event'] === 'object' && record['event'] !== null && !Array.isArray(record['event']));
    JSON.parse(stringifyBody(record));
  }
}
