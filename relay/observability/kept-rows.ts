import type Database from 'better-sqlite3';

/**
 * How many rows of each kind the coverage store took in a month, against that month's cap: past
 * it a row is refused, and counted, so the store stays bounded whatever the public door is sent
 * and the report says what it left out.
 */
export class KeptRows {
  private readonly taken: Database.Statement;
  private readonly takeOne: Database.Statement;
  private readonly refuseOne: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.taken = db.prepare('SELECT rows FROM kept WHERE scope = ? AND month = ?').pluck();
    this.takeOne = db.prepare(
      'INSERT INTO kept (scope, month, rows) VALUES (?, ?, 1) ON CONFLICT (scope, month) DO UPDATE SET rows = rows + 1',
    );
    this.refuseOne = db.prepare(
      'INSERT INTO kept (scope, month, refused) VALUES (?, ?, 1) ON CONFLICT (scope, month) DO UPDATE SET refused = refused + 1',
    );
  }

  /** Whether one more row of `scope` fits in `month`'s cap; either way it is counted. */
  keep(scope: string, month: string, cap: number): boolean {
    if (((this.taken.get(scope, month) as number | undefined) ?? 0) >= cap) {
      this.refuse(scope, month);
      return false;
    }
    this.takeOne.run(scope, month);
    return true;
  }

  /** One row of `scope` left out in `month`, by its cap or a bound of its own. */
  refuse(scope: string, month: string): void {
    this.refuseOne.run(scope, month);
  }

  /** Per month, the rows of `scope` left out. */
  refused(scope: string): Record<string, number> {
    const rows = this.db
      .prepare('SELECT month, refused FROM kept WHERE scope = ? AND refused > 0 ORDER BY month')
      .all(scope) as { month: string; refused: number }[];
    return Object.fromEntries(rows.map((r) => [r.month, r.refused]));
  }

  /** Forgets the months before `month`: their rows are gone or going. */
  forgetBefore(month: string): void {
    this.db.prepare('DELETE FROM kept WHERE month < ?').run(month);
  }
}
