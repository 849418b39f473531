import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { SqliteOutbox } from '../../../relay/outbox/sqlite-outbox.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import { openSqlite } from '../../../relay/shared/sqlite-driver.js';
import { countVisitors } from '../../../relay/visitors/count-visitors.js';
import { packVisitor, unpackVisitor, visitorOf } from '../../../relay/outbox/visitor-field.js';
import { SqliteVisitors } from '../../../relay/visitors/sqlite-visitors.js';

/** A delivered event's step as the worker announces it: the visitor read from the outbox row, never from the body. */
const delivered = (userId: string, datetime: string) => ({
  state: 'delivered' as const,
  kind: 'event' as const,
  body: '{"unread":"the count never parses the body"}',
  ...unpackVisitorStep(packVisitor(visitorOf({ user_id: userId, event_name: 'X', event: {}, datetime }))),
});

function unpackVisitorStep(packed: string | null) {
  const visitor = unpackVisitor(packed);
  return visitor ? { userId: visitor.userId, ...(visitor.month ? { month: visitor.month } : {}) } : {};
}

describe('countVisitors(events, SqliteVisitors)', () => {
  it('counts distinct visitors of delivered events by the month written in datetime', () => {
    const visitors = new SqliteVisitors(mkdtempSync(join(tmpdir(), 'sb-visitors-')));
    const events = new RecordEvents();
    countVisitors(events, visitors, pino({ level: 'silent' }));
    events.emit(delivered('ann', '2026-11-02 10:00:00+01:00'));
    events.emit(delivered('ann', '2026-11-03 10:00:00+01:00'));
    events.emit(delivered('bob', '2026-11-02 10:00:00+01:00'));
    events.emit(delivered('bob', '2026-10-31 23:00:00-02:00'));
    events.emit({ state: 'accepted', kind: 'event', source: 'collect', body: { user_id: 'carol' } });
    events.emit({ state: 'delivered', kind: 'order', body: JSON.stringify({ order_id: 1, email: 'dan@example.com' }) });
    assert.deepEqual(visitors.byMonth(), { '2026-10': 1, '2026-11': 2 });
    visitors.close();
  });

  it('counts an event without datetime in the month it is delivered, and one with a tab in its user_id whole', () => {
    const visitors = new SqliteVisitors(mkdtempSync(join(tmpdir(), 'sb-visitors-')));
    const events = new RecordEvents();
    countVisitors(events, visitors, pino({ level: 'silent' }));
    events.emit({
      state: 'delivered',
      kind: 'event',
      body: '',
      ...unpackVisitorStep(packVisitor(visitorOf({ user_id: 'eve' }))),
    });
    events.emit({
      state: 'delivered',
      kind: 'event',
      body: '',
      ...unpackVisitorStep(packVisitor(visitorOf({ user_id: 'a\tb', datetime: '2026-09-01' }))),
    });
    assert.deepEqual(visitors.byMonth(), { [new Date().toISOString().slice(0, 7)]: 1, '2026-09': 1 });
    assert.equal(unpackVisitor(packVisitor(visitorOf({ user_id: 'a\tb', datetime: '2026-09-01' })))?.userId, 'a\tb');
    visitors.close();
  });

  it('keeps its counts across a restart, in visitors.sqlite beside the outbox', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-visitors-'));
    const first = new SqliteVisitors(dir);
    first.add('2026-11', ['ann', 'bob']);
    first.close();
    assert.ok(existsSync(join(dir, 'visitors.sqlite')));
    const again = new SqliteVisitors(dir);
    again.add('2026-11', ['ann']);
    assert.deepEqual(again.byMonth(), { '2026-11': 2 });
    again.close();
  });

  it('adopts the counts an earlier version kept inside outbox.sqlite', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-visitors-'));
    const outbox = new SqliteOutbox({ dataDir: dir });
    outbox.close();
    const db = openSqlite(join(dir, 'outbox.sqlite'));
    db.exec(
      "CREATE TABLE visitors (month TEXT NOT NULL, user_id TEXT NOT NULL, PRIMARY KEY (month, user_id)) WITHOUT ROWID; INSERT INTO visitors VALUES ('2026-10', 'ann'), ('2026-10', 'bob')",
    );
    db.close();
    const visitors = new SqliteVisitors(dir);
    assert.deepEqual(visitors.byMonth(), { '2026-10': 2 });
    visitors.close();
  });
});
