// The code map is the law (issue #26): ARCHITECTURE.md's code map must name every file of the
// source folders and nothing that is gone, and show every import rule lint enforces. Run by
// `npm run lint`; prints what drifted and exits 1.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const ROOTS = ['snippet/', 'integrations/woocommerce/', 'integrations/prestashop/', 'relay/', 'web/', 'bin/', 'scripts/', 'deploy/', 'bench/', 'test/'];

/** The files the map must list: every file of the source roots; of bench/ its own files and results; of test/ its folders, helpers and fuzz files. */
function isMapped(path) {
  const parts = path.split('/');
  if (['relay', 'snippet', 'web', 'bin', 'scripts', 'deploy'].includes(parts[0]) || path.startsWith('integrations/woocommerce/') || path.startsWith('integrations/prestashop/')) return true;
  if (parts[0] === 'bench') return parts.length === 2 || (parts.length === 3 && parts[1] === 'results');
  if (parts[0] === 'test') return path === 'test/skip-summary-reporter.mjs' || (parts.length === 3 && ['helpers', 'fuzz'].includes(parts[1]));
  return false;
}

function projectFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' }).split('\n');
  return [...new Set(listed)].filter((path) => path && existsSync(path) && !path.startsWith('dist/') && !path.includes('node_modules/'));
}

/** The paths the code map names: a fenced block under "## Code map", two spaces of indent a level. */
function mapEntries(architecture) {
  const block = /## Code map\n[\s\S]*?```\n([\s\S]*?)\n```/.exec(architecture)?.[1];
  if (!block) {
    console.error('ARCHITECTURE.md has no fenced code map under "## Code map"');
    process.exit(1);
  }
  const folders = [];
  const entries = [];
  for (const line of block.split('\n')) {
    const match = /^( *)(\S+)/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 2;
    const name = match[2] ?? '';
    folders.length = depth;
    const path = folders.join('') + name;
    entries.push(path);
    if (name.endsWith('/')) folders.push(name);
  }
  return entries;
}

const architecture = readFileSync('ARCHITECTURE.md', 'utf8');
const entries = mapEntries(architecture);
const files = projectFiles();
const wanted = files.filter(isMapped);
const folders = new Set(ROOTS);
for (const path of files) {
  const parts = path.split('/');
  if (parts[0] === 'test' && parts.length >= 3) folders.add(`test/${parts[1]}/`);
  if (!isMapped(path)) continue;
  for (let k = 1; k < parts.length; k++) if (parts[0] !== 'integrations' || k > 1) folders.add(`${parts.slice(0, k).join('/')}/`);
}
const listed = new Set(entries);
const problems = [
  ...wanted.filter((path) => !listed.has(path)).map((path) => `not in the code map: ${path}`),
  ...[...folders].filter((folder) => !listed.has(folder)).map((folder) => `folder not in the code map: ${folder}`),
  ...entries.filter((entry) => !(entry.endsWith('/') ? folders.has(entry) : wanted.includes(entry))).map((entry) => `in the code map but not in the tree: ${entry}`),
];
const rules = createRequire(import.meta.url)('../.dependency-cruiser.cjs').forbidden.map((rule) => rule.name);
problems.push(...rules.filter((name) => !architecture.includes(`\`${name}\``)).map((name) => `lint rule not shown in ARCHITECTURE.md: ${name}`));
if (problems.length > 0) {
  console.error(`ARCHITECTURE.md has drifted from the code (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`✔ the code map lists all ${wanted.length} files and ${folders.size} folders, and shows all ${rules.length} lint rules`);
