// ARCHITECTURE.md's folder map must have a row for every folder that holds source and none for a
// folder that is gone, and the page must stay within MAX_LINES, a read of ten minutes: a map with a
// missing folder is where a newcomer was misled before. What a folder may import is stated once,
// in .dependency-cruiser.cjs, which lint runs; the page describes it and does not restate it.
// Files are not listed: each says what it is in its own header comment. Also: every module of
// relay/ with logic is reached by some test (test-map.mjs). Run by `npm run lint` from the
// package's folder; by hand, `node scripts/check-code-map.mjs [package folder] [map file]` checks
// another tree or a draft map. Prints what drifted and exits 1.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { untestedModules } from './test-map.mjs';

const MAX_LINES = 200;
/** Every folder on the way to a source file under these needs a row. */
const SOURCE_ROOTS = ['relay/', 'snippet/', 'web/', 'bin/', 'scripts/', 'bench/', 'integrations/'];
/** Of test/, the folder itself and each of its first-level folders (tiers, helpers, fixtures, fuzz). */
const TEST_ROOT = 'test/';
const SOURCE = /\.(?:[cm]?[jt]sx?|php|css)$/;

const [rootArg, mapArg] = process.argv.slice(2);
const root = resolve(rootArg ?? '.');
const mapFile = resolve(mapArg ?? join(root, 'ARCHITECTURE.md'));

/** Folders never listed: installed, built or written by runs, as .gitignore says. */
const IGNORED = new Set([
  '.git',
  'node_modules',
  'dist',
  'coverage',
  'test-results',
  'playwright-report',
  '.shopbeacon',
  'scratch',
]);

/**
 * Every file under `dir`, relative to the root, outside the ignored folders: a tree that is not a
 * git checkout (the Node matrix's copies).
 */
function walk(dir = '') {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return IGNORED.has(entry.name) ? [] : walk(path);
    return [path];
  });
}

/**
 * Tracked files and those git would track, that exist (or, outside a git checkout, the tree's);
 * never dist/ or node_modules.
 */
function projectFiles() {
  const git = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  const listed = git.status === 0 ? git.stdout.split('\n') : walk();
  return [...new Set(listed)].filter(
    (path) =>
      path && !path.startsWith('dist/') && !path.split('/').includes('node_modules') && existsSync(join(root, path)),
  );
}

/** `a/b/c.ts` → `a/`, `a/b/`. */
function foldersOf(path) {
  const parts = path.split('/').slice(0, -1);
  return parts.map((_, k) => `${parts.slice(0, k + 1).join('/')}/`);
}

/** The folders the map must have, and every folder that exists (holds a file at any depth). */
function treeFolders(files) {
  const wanted = new Set();
  const existing = new Set();
  for (const path of files) {
    const folders = foldersOf(path);
    for (const folder of folders) existing.add(folder);
    if (SOURCE_ROOTS.some((r) => path.startsWith(r)) && SOURCE.test(path))
      for (const folder of folders) wanted.add(folder);
    if (path.startsWith(TEST_ROOT)) for (const folder of folders.slice(0, 2)) wanted.add(folder);
  }
  return { wanted, existing };
}

/** The folders the map names: rows of the tables under "## Folder map" that begin with a `folder/`. */
function mapEntries(architecture) {
  const section = /^## Folder map\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(architecture)?.[1];
  const entries = [...(section ?? '').matchAll(/^\|\s*`([^`]+\/)`\s*\|/gm)].map((m) => m[1] ?? '');
  if (entries.length === 0) {
    console.error('ARCHITECTURE.md has no folder map: table rows beginning | `folder/` | under "## Folder map"');
    process.exit(1);
  }
  return entries;
}

const architecture = readFileSync(mapFile, 'utf8');
const entries = mapEntries(architecture);
const { wanted, existing } = treeFolders(projectFiles());
const listed = new Set(entries);
const lines = architecture.split('\n').length - (architecture.endsWith('\n') ? 1 : 0);
const problems = [
  ...[...wanted]
    .sort()
    .filter((folder) => !listed.has(folder))
    .map((folder) => `folder not in the folder map: ${folder}`),
  ...entries.filter((entry) => !existing.has(entry)).map((entry) => `in the folder map but not in the tree: ${entry}`),
  ...entries.filter((entry, k) => entries.indexOf(entry) !== k).map((entry) => `in the folder map twice: ${entry}`),
  ...(lines > MAX_LINES
    ? [`ARCHITECTURE.md is ${lines} lines, more than ${MAX_LINES}: say it per folder, not per file`]
    : []),
  ...untestedModules(root).map((module) => `${module} is reached by no test: give it one at its mirrored path`),
];
if (problems.length > 0) {
  console.error(`the code map check found ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `✔ the folder map lists all ${wanted.size} folders that hold source (${listed.size} in all), ARCHITECTURE.md is ${lines} lines (at most ${MAX_LINES}), and every module of relay/ is reached by a test`,
);
