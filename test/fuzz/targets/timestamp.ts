import assert from 'node:assert/strict';
import { parseTimestamp } from '../../../relay/contract/timestamp.js';
import { textOf } from './expected-refusal.js';
import { oracleTimestamp } from './timestamp-oracle.js';

/** `parseTimestamp` agrees with the independent oracle on every text: the same refusals, the same instant and month. */
export function fuzz(data: Buffer): void {
  const text = textOf(data);
  const parsed = parseTimestamp(text);
  const expected = oracleTimestamp(text);
  assert.equal(
    parsed.ok,
    expected.ok,
    `${JSON.stringify(text)}: parseTimestamp ${parsed.ok ? 'accepts' : 'refuses'} it, the oracle ${expected.ok ? 'accepts' : 'refuses'} it`,
  );
  if (parsed.ok && expected.ok) {
    assert.equal(parsed.value.epochMs, expected.epochMs, JSON.stringify(text));
    assert.equal(parsed.value.month, expected.month, JSON.stringify(text));
  }
}
