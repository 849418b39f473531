// Where each module of relay/ is tested: its own test at the mirrored path (test/unit/x/y.test.ts
// for relay/x/y.ts), else the test files that import it, else those that import a module importing
// it, else that it holds types and constants only, else that no test reaches it. Read from the
// import statements of the tree. `node scripts/test-map.mjs` prints the table; lint (through
// check-code-map.mjs) fails on a module with logic that no test reaches.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The importers named per module: enough to find one, few enough to read. */
const SHOWN = 3;
/** A relative path in quotes: an import, or a module loaded by its path (a worker thread's file). */
const REFERENCE = /'(\.\.?\/[^'\s]+\.js)'/g;
const OWN = 'with a test of their own';
const DIRECT = 'imported by a test';
const FURTHER = 'reached by a test further up their importers';
const CLI = 'tested as the `shopbeacon` command run as a process';
const DATA = 'types and constants only';
const NONE = 'reached by no test';
const KINDS = [OWN, DIRECT, FURTHER, CLI, DATA, NONE];
/** A file with a body to test: a function, a method, a class or an arrow. */
const LOGIC = /\bfunction\b|=>|\bclass\b/;

const filesUnder = (root, dir, test) =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(root, path, test);
    return test(path) ? [path] : [];
  });

/** The relay/ and test/ modules `file` imports, as paths from the root (`.js` resolved to `.ts`). */
function importsOf(root, file) {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(REFERENCE)]
    .map((match) => match[1])
    .map((specifier) => relative(root, resolve(root, dirname(file), specifier)).replace(/\.js$/, '.ts'))
    .filter((path) => existsSync(join(root, path)));
}

/** For each module, the files that import it. */
function importersByModule(root, files) {
  const importers = new Map();
  for (const file of files)
    for (const target of importsOf(root, file)) importers.set(target, [...(importers.get(target) ?? []), file]);
  return importers;
}

const code = (path) => `\`${path}\``;
const listed = (paths) =>
  paths.length <= SHOWN
    ? paths.map(code).join(', ')
    : `${paths.slice(0, SHOWN).map(code).join(', ')} and ${paths.length - SHOWN} more`;

const isTest = (path) => path.startsWith('test/');

/** The nearest tests up the import graph from `module`: how many imports away, and through which importer. */
function nearestTests(module, importers) {
  let level = [module];
  const seen = new Set(level);
  for (let hops = 1; level.length > 0; hops++) {
    const above = [...new Set(level.flatMap((path) => importers.get(path) ?? []))].filter((path) => !seen.has(path));
    const tests = above.filter(isTest).sort();
    if (tests.length > 0) return { hops, tests };
    const commands = above.filter((path) => path.startsWith('relay/cli/')).sort();
    if (commands.length > 0) return { hops, commands };
    for (const path of above) seen.add(path);
    level = above;
  }
  return undefined;
}

/** Where `module` is tested, and which line of the summary it counts in. */
function whereTested(root, module, importers) {
  const mirrored = `test/unit/${module.slice('relay/'.length).replace(/\.ts$/, '.test.ts')}`;
  if (existsSync(join(root, mirrored))) return { kind: OWN, where: code(mirrored) };
  if (!LOGIC.test(readFileSync(join(root, module), 'utf8'))) return { kind: DATA, where: 'types and constants only' };
  if (module.startsWith('relay/cli/'))
    return { kind: CLI, where: 'the `shopbeacon` command run as a process (`test/helpers/cli-run.ts`)' };
  const nearest = nearestTests(module, importers);
  if (nearest === undefined) return { kind: NONE, where: 'no test reaches it' };
  if (nearest.commands !== undefined)
    return { kind: CLI, where: `the \`shopbeacon\` command run as a process, through ${listed(nearest.commands)}` };
  if (nearest.hops === 1) return { kind: DIRECT, where: listed(nearest.tests) };
  const through = (importers.get(module) ?? []).filter((path) => !isTest(path)).sort();
  return { kind: FURTHER, where: `${listed(nearest.tests)}, ${nearest.hops} imports up, through ${listed(through)}` };
}

/** Each module of relay/ at `root` with where it is tested and which kind of place that is. */
function testedModules(root) {
  const isSource = (path) => /\.(?:ts|mts|mjs)$/.test(path) && !path.endsWith('.d.mts');
  const modules = filesUnder(root, 'relay', (path) => path.endsWith('.ts')).sort();
  const importers = importersByModule(root, [...modules, ...filesUnder(root, 'test', isSource)]);
  return modules.map((module) => ({ module, ...whereTested(root, module, importers) }));
}

/** The table of where each module is tested, with a count of each kind. */
export function testMapPage(root) {
  const rows = testedModules(root);
  const count = (kind) => rows.filter((row) => row.kind === kind).length;
  return [
    `Of ${rows.length} modules: ${KINDS.map((kind) => `${count(kind)} ${kind}`).join('; ')}.`,
    '',
    '| module | tested by |',
    '|---|---|',
    ...rows.map((row) => `| ${code(row.module)} | ${row.where} |`),
    '',
  ].join('\n');
}

/** The modules of relay/ at `root` with logic that no test reaches. */
export function untestedModules(root) {
  return testedModules(root)
    .filter((row) => row.kind === NONE)
    .map((row) => row.module);
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(testMapPage(resolve('.')));
