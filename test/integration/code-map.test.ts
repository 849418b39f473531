// Lint's check of ARCHITECTURE.md's folder map (scripts/check-code-map.mjs), on drafts of the map
// with one false claim each: a false one is caught, naming the folder and what is true.
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

/** The map with the third cell of `folder`'s row replaced. */
function withCell(folder: string, cell: string): string {
  return map.replace(
    new RegExp(`^(\\| \`${folder.replaceAll('/', '\\/')}\` \\|[^|]*\\| ).*( \\|)$`, 'm'),
    `$1${cell}$2`,
  );
}

describe('the folder map check', () => {
  it('passes the map as it is', () => {
    const { status, output } = checkDraft(map);
    assert.equal(status, 0, output);
  });

  it('fails a row that claims an import the code does not make (http/ importing observability/)', () => {
    const { status, output } = checkDraft(withCell('relay/http/', 'any · contract/, observability/, shared/'));
    assert.equal(status, 1);
    assert.match(
      output,
      /relay\/http\/ says "any · contract\/, observability\/, shared\/", but it is "any · contract\/, shared\/"/,
    );
  });

  it('fails a row that leaves out what lint forbids (redis/ said to import anything)', () => {
    const { status, output } = checkDraft(withCell('relay/redis/', 'any · contract/, shared/'));
    assert.equal(status, 1);
    assert.match(output, /relay\/redis\/ says "any · contract\/, shared\/", but it is "not cli\//);
  });
});
