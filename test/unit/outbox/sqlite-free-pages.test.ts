import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openOutboxDatabase, releaseFreePages } from '../../../relay/outbox/sqlite-database.js';

describe('releaseFreePages(db)', () => {
  it("gives back the free pages beyond a quarter of those in use, once a new outbox file's rows are gone", () => {
    const db = openOutboxDatabase(mkdtempSync(join(tmpdir(), 'sb-free-')), 'NORMAL');
    assert.equal(db.pragma('auto_vacuum', { simple: true }), 2);
    db.exec('CREATE TABLE scratch (body TEXT)');
    const insert = db.prepare('INSERT INTO scratch VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 2_000; i++) insert.run('x'.repeat(4_000));
    })();
    const full = db.pragma('page_count', { simple: true }) as number;
    db.exec('DELETE FROM scratch');
    const freed = db.pragma('freelist_count', { simple: true }) as number;

    assert.ok(freed > full / 2);
    const released = releaseFreePages(db);
    assert.ok(released > 0);
    const pages = db.pragma('page_count', { simple: true }) as number;
    assert.ok(pages < full, `${pages} pages after, ${full} before`);
    const free = db.pragma('freelist_count', { simple: true }) as number;
    assert.ok(free <= Math.ceil((pages - free) * 0.25) + 1, `${free} free of ${pages}`);
    assert.equal(releaseFreePages(db), 0);
    db.close();
  });
});
