// Lint's check of ARCHITECTURE.md's folder map (scripts/check-code-map.mjs), on drafts of the map
// with one fault each: each is caught, naming what is wrong.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const map = readFileSync('ARCHITECTURE.md', 'utf8');

function checkDraft(draft: string): { status: number; output: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'sb-map-')), 'ARCHITECTURE.md');
  writeFileSync(file, draft);
  const { status, stdout, stderr } = spawnSync(process.execPath, ['scripts/check-code-map.mjs', '.', file], {
    encoding: 'utf8',
  });
  return { status: status ?? 1, output: stdout + stderr };
}

describe('the folder map check', () => {
  it('passes the map as it is', () => {
    const { status, output } = checkDraft(map);
    assert.equal(status, 0, output);
  });

  it('fails a map without the row of a folder that holds source, naming the folder', () => {
    const { status, output } = checkDraft(map.replace(/^\| `relay\/http\/` \|.*\n/m, ''));
    assert.equal(status, 1);
    assert.match(output, /folder not in the folder map: relay\/http\//);
  });

  it('fails a row for a folder that is gone', () => {
    const { status, output } = checkDraft(
      map.replace(/^(\| `relay\/http\/` \|.*\n)/m, '$1| `relay/gone/` | nothing |\n'),
    );
    assert.equal(status, 1);
    assert.match(output, /in the folder map but not in the tree: relay\/gone\//);
  });

  it('fails a map longer than a ten-minute read', () => {
    const { status, output } = checkDraft(`${map}${'\nmore prose'.repeat(200)}\n`);
    assert.equal(status, 1);
    assert.match(output, /ARCHITECTURE\.md is \d+ lines, more than 200/);
  });
});
