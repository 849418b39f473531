import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseTimestamp } from '../../../relay/contract/timestamp.js';
import { historyStart, windowViolation } from '../../../relay/contract/window.js';

const NOW = Date.parse('2026-06-15T12:00:00Z');

function violation(text: string): string | undefined {
  const parsed = parseTimestamp(text);
  assert.ok(parsed.ok);
  return windowViolation(parsed.value, NOW);
}

describe('windowViolation(timestamp, now)', () => {
  it('starts the history window at the same moment two calendar years earlier', () => {
    assert.equal(historyStart(NOW), Date.parse('2024-06-15T12:00:00Z'));
  });
  it('accepts a timestamp exactly 2 years old', () => {
    assert.equal(violation('2024-06-15 12:00:00'), undefined);
  });
  it('refuses a timestamp one millisecond older than 2 years', () => {
    assert.equal(violation('2024-06-15 11:59:59.999'), 'is older than 2 years');
  });
  it('measures the window on the instant, after applying the offset', () => {
    assert.equal(violation('2024-06-15 13:30:00+01:00'), undefined);
    assert.equal(violation('2024-06-15 12:30:00+01:00'), 'is older than 2 years');
  });
  it('accepts a timestamp exactly 10 minutes ahead', () => {
    assert.equal(violation('2026-06-15 12:10:00'), undefined);
  });
  it('refuses a timestamp more than 10 minutes ahead, which would be billed in a coming month', () => {
    assert.equal(violation('2026-06-15 12:10:00.001'), 'is more than 10 minutes in the future');
  });
  it('accepts now', () => {
    assert.equal(violation('2026-06-15T12:00:00+00:00'), undefined);
  });
});
