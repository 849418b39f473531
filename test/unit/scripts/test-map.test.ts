import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { testMapPage, untestedModules } from '../../../scripts/test-map.mjs';

/** A tree of the given files, removed when the test ends. */
function tree(t: { after: (fn: () => void) => void }, files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'sb-test-map-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const row = (page: string, module: string) => page.split('\n').find((line) => line.startsWith(`| \`${module}\` |`));

describe('where each module is tested (scripts/test-map.mjs)', () => {
  it('names a module its own test, the tests importing it or a module above it, the command, or none', (t) => {
    const root = tree(t, {
      'relay/a/own.ts': 'export const own = () => 1;\n',
      'test/unit/a/own.test.ts': "import { own } from '../../../relay/a/own.js';\n",
      'relay/a/direct.ts': "import { below } from './below.js';\nexport const direct = () => below();\n",
      'test/integration/direct.test.ts': "import { direct } from '../../relay/a/direct.js';\n",
      'relay/a/below.ts': 'export function below() { return 2; }\n',
      'relay/a/types.ts': 'export type Kind = "a" | "b";\nexport const KINDS = ["a", "b"];\n',
      'relay/cli/run.ts': "import { alone } from '../a/alone.js';\nexport const run = () => alone();\n",
      'relay/a/alone.ts': 'export const alone = () => 3;\n',
      'relay/a/orphan.ts': 'export const orphan = () => 4;\n',
    });
    const page = testMapPage(root);
    assert.match(row(page, 'relay/a/own.ts') ?? '', /`test\/unit\/a\/own\.test\.ts`/);
    assert.match(row(page, 'relay/a/direct.ts') ?? '', /\| `test\/integration\/direct\.test\.ts` \|$/);
    assert.match(
      row(page, 'relay/a/below.ts') ?? '',
      /direct\.test\.ts`, 2 imports up, through `relay\/a\/direct\.ts`/,
    );
    assert.match(row(page, 'relay/a/types.ts') ?? '', /types and constants only/);
    assert.match(row(page, 'relay/a/alone.ts') ?? '', /command run as a process, through `relay\/cli\/run\.ts`/);
    assert.match(row(page, 'relay/a/orphan.ts') ?? '', /no test reaches it/);
    assert.match(page, /Of 7 modules: 1 with a test of their own; 1 imported by a test; 1 reached by a test further/);
  });

  it('names the modules with logic that no test reaches, and only those', (t) => {
    const root = tree(t, {
      'relay/a.ts': 'export const a = () => 1;\n',
      'test/a.test.ts': "import '../relay/a.js';\n",
      'relay/types.ts': 'export type A = 1;\n',
      'relay/orphan.ts': 'export function orphan() { return 4; }\n',
    });
    assert.deepEqual(untestedModules(root), ['relay/orphan.ts']);
  });
});
