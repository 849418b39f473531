import type Database from 'better-sqlite3';
import type { KeptRows } from './kept-rows.js';

/**
 * The ids one session is noted under at most: a shopper is one or two (anonymous, then logged in);
 * more is a page writing ids of its own, and comparing each with every other would grow with the
 * square of them.
 */
const IDS_PER_SESSION = 16;

function statements(db: Database.Database) {
  return {
    firstAt: db.prepare('SELECT first_at FROM sessions WHERE month = ? AND session_id = ? AND user_id = ?').pluck(),
    ids: db.prepare('SELECT user_id, first_at FROM sessions WHERE month = ? AND session_id = ?'),
    insert: db.prepare('INSERT INTO sessions (month, session_id, user_id, first_at) VALUES (?, ?, ?, ?)'),
    earlier: db.prepare('UPDATE sessions SET first_at = ? WHERE month = ? AND session_id = ? AND user_id = ?'),
    later: db.prepare('INSERT OR IGNORE INTO identified_later (month, user_id) VALUES (?, ?)'),
    count: db.prepare(
      'INSERT INTO month_tally (month, identified_later) VALUES (?, 1) ON CONFLICT (month) DO UPDATE SET identified_later = identified_later + 1',
    ),
  };
}

/**
 * The visitors seen in each session of a month, and those whose session went on under another id
 * (an anonymous id, then the customer's after a login: one shopper billed twice), counted as each
 * session is noted; the month's sessions are kept within a cap, those past it counted.
 */
export class SessionTally {
  private readonly s: ReturnType<typeof statements>;

  constructor(
    private readonly db: Database.Database,
    private readonly kept: KeptRows,
    private readonly cap: number,
  ) {
    this.s = statements(db);
  }

  /** `userId` seen in `sessionId` at `at` (its earliest time counts): any id of the session seen earlier is identified later. */
  note(month: string, sessionId: string, userId: string, at: number): void {
    const first = this.s.firstAt.get(month, sessionId, userId) as number | undefined;
    if (first !== undefined && first <= at) return;
    const ids = this.s.ids.all(month, sessionId) as { user_id: string; first_at: number }[];
    if (first !== undefined) this.s.earlier.run(at, month, sessionId, userId);
    else if (ids.length >= IDS_PER_SESSION) return this.kept.refuse('sessions', month);
    else if (this.kept.keep('sessions', month, this.cap)) this.s.insert.run(month, sessionId, userId, at);
    else return;
    for (const other of ids) {
      if (other.user_id === userId) continue;
      if (other.first_at > at) this.identifiedLater(month, userId);
      if (other.first_at < at) this.identifiedLater(month, other.user_id);
    }
  }

  /** Per month, the visitors a session went on from under another id. */
  identifiedLaterByMonth(): Record<string, number> {
    const rows = this.db.prepare('SELECT month, identified_later AS n FROM month_tally ORDER BY month').all() as {
      month: string;
      n: number;
    }[];
    return Object.fromEntries(rows.map((r) => [r.month, r.n]));
  }

  /** Per month, the sessions past its cap (or past their ids' bound): not noted. */
  notKept(): Record<string, number> {
    return this.kept.refused('sessions');
  }

  /** Forgets the months before `month`: the bill of a month ended is settled. */
  forgetBefore(month: string): void {
    for (const table of ['sessions', 'identified_later', 'month_tally'])
      this.db.prepare(`DELETE FROM ${table} WHERE month < ?`).run(month);
  }

  private identifiedLater(month: string, userId: string): void {
    if (this.s.later.run(month, userId).changes > 0) this.s.count.run(month);
  }
}
