// `npm run lint`: every check runs and is reported, whichever fails, so one slip (a Prettier
// difference) never hides another (a folder rule broken); each step's verdict and time come last,
// and the exit status is non-zero if any failed. Steps run one after another: eslint and
// dependency-cruiser each use a core, and `npm test` runs lint beside the typecheck and the build.
import { spawnSync } from 'node:child_process';

const node = process.execPath;
const STEPS = [
  ['eslint', [node, 'node_modules/eslint/bin/eslint.js', '.']],
  [
    'prettier',
    [node, 'node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '**/*.{ts,mjs,js,cjs,mts}'],
  ],
  [
    'folder rules',
    [
      node,
      'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
      'relay',
      'snippet',
      'web',
      'bin',
      'scripts',
      '--config',
      '.dependency-cruiser.cjs',
    ],
  ],
  ['code map', [node, 'scripts/check-code-map.mjs']],
  ['settings reference', [node, '--import', 'tsx', 'scripts/settings-reference.mjs', '--check']],
  ['doc links', [node, 'scripts/check-doc-links.mjs']],
  ['bench figures', [node, 'bench/results-table.mjs', '--check']],
];

const verdicts = STEPS.map(([name, [command, ...args]]) => {
  const began = Date.now();
  const { status, signal } = spawnSync(command, args, { stdio: 'inherit' });
  const passed = status === 0;
  return {
    name,
    passed,
    line: `${passed ? 'ok  ' : 'FAIL'} ${name} (${((Date.now() - began) / 1000).toFixed(1)} s${signal ? `, ${signal}` : ''})`,
  };
});
console.log(`lint:\n${verdicts.map(({ line }) => `  ${line}`).join('\n')}`);
const failed = verdicts.filter(({ passed }) => !passed).map(({ name }) => name);
if (failed.length > 0) {
  console.error(`lint failed: ${failed.join(', ')}`);
  process.exit(1);
}
