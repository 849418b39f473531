import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lintStepProblems, ruleRowProblems } from '../../../scripts/rules-table.mjs';

const rule = {
  name: 'ways-in-know-no-outbox',
  from: { path: '^relay/(collect|webhooks)/' },
  to: { path: '^relay/outbox/' },
};

describe("ARCHITECTURE.md's rules table and lint paragraph (scripts/rules-table.mjs)", () => {
  it('flags a row that leaves out a folder its rule names, and passes one that names them all', () => {
    const table = (from: string) =>
      `| rule | from | may not import |\n|---|---|---|\n| \`ways-in-know-no-outbox\` | ${from} | \`relay/outbox/\` |\n`;
    assert.deepEqual(ruleRowProblems(table('`relay/collect/`'), [rule]), [
      'rules table: `ways-in-know-no-outbox` leaves out webhooks/, which its rule names',
    ]);
    assert.deepEqual(ruleRowProblems(table('`relay/collect/`, `webhooks/`'), [rule]), []);
  });

  it('flags a lint step the paragraph does not name, by its tool or its script', () => {
    const architecture =
      '## The rules\n\n`npm run lint` is `eslint .` then `node scripts/check-code-map.mjs`.\n\nMore.';
    assert.deepEqual(lintStepProblems(architecture, 'eslint . && node scripts/check-code-map.mjs'), []);
    assert.deepEqual(
      lintStepProblems(architecture, 'eslint . && prettier --check x && node scripts/check-code-map.mjs'),
      ["the rules paragraph does not name the lint step prettier (package.json's lint script)"],
    );
  });
});
