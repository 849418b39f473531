// `npm test`, the whole gate CI runs: install when stale, build, typecheck, lint, then the unit,
// integration and browser tiers, each timed, stopping at the first that fails. The closing lines
// say what each took, so a slow tier shows in every log. Needs nothing but Node (it runs before
// the install).
import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const TIERS = [
  ['install', [process.execPath, 'scripts/bootstrap.mjs', '--install-only']],
  ['build', [npm, 'run', 'build']],
  ['typecheck', [npm, 'run', 'typecheck']],
  ['lint', [npm, 'run', 'lint']],
  ['unit', [npm, 'run', 'test:unit']],
  ['integration', [npm, 'run', 'test:integration']],
  ['e2e', [npm, 'run', 'test:e2e']],
];

const times = [];
for (const [name, [command, ...args]] of TIERS) {
  const began = Date.now();
  const { status, signal } = spawnSync(command, args, { stdio: 'inherit' });
  times.push(`${name} ${((Date.now() - began) / 1000).toFixed(0)} s`);
  if (status !== 0) {
    console.error(`npm test: the ${name} tier failed (${signal ?? `exit ${status}`}); tier times: ${times.join(', ')}`);
    process.exit(status ?? 1);
  }
}
console.log(`npm test: every tier passed; tier times: ${times.join(', ')}`);
