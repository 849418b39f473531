// The folder map's "may import · imports" cell of every folder of relay/, computed: "may import"
// from the import rules of .dependency-cruiser.cjs (which folders a file there may not import),
// "imports" from dependency-cruiser's graph of the code as it is (type-only imports included, as
// lint counts them). scripts/check-code-map.mjs fails when a row says otherwise, and `--write`
// puts these cells in the map: the column cannot drift from the code.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const folderOf = (file) => `${dirname(file)}/`;
const named = (folder) => (folder === 'relay/' ? 'relay/*.ts' : folder.slice('relay/'.length));

/** The graph: each source file of relay/ and the files it imports (resolved, within the project). */
function importGraph(root) {
  const bin = join(root, 'node_modules', '.bin', 'depcruise');
  const json = execFileSync(bin, ['relay', 'snippet', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return JSON.parse(json)
    .modules.filter((module) => module.source.startsWith('relay/'))
    .map((module) => ({
      file: module.source,
      imports: module.dependencies
        .filter((d) => !d.coreModule && !d.couldNotResolve && !d.resolved.includes('node_modules'))
        .map((d) => d.resolved),
    }));
}

const matches = (pattern, path) => pattern === undefined || new RegExp(pattern).test(path);
const excluded = (pattern, path) => pattern !== undefined && new RegExp(pattern).test(path);

/** Whether a rule's `from` (or `to`) side takes `path`: its `path` matches and its `pathNot` does not. */
const takes = (side, path) => matches(side.path, path) && !excluded(side.pathNot, path);

/** Rules between folders: not the cycle rules, not the global ones (no `from`). */
const folderRules = (rules) =>
  rules.filter(
    ({ from = {}, to = {} }) =>
      to.circular === undefined && to.path !== undefined && (from.path !== undefined || from.pathNot !== undefined),
  );

/** The folders of relay/ a file may not import by the rules (file-level rules name no folder). */
function forbiddenFolders(rules, file, folders) {
  const forbidden = new Set();
  for (const { to } of folderRules(rules).filter((rule) => takes(rule.from ?? {}, file))) {
    for (const folder of folders) if (takes(to, `${folder}any-file.ts`)) forbidden.add(folder);
  }
  forbidden.delete(folderOf(file));
  return forbidden;
}

/** Folders by name, a folder whose subfolders are all there too as `name/**`. */
function folderList(listed, folders) {
  const whole = (folder) =>
    folders.filter((f) => f !== folder && f.startsWith(folder) && folder !== 'relay/').every((f) => listed.includes(f));
  const parents = listed.filter(
    (folder) => folder !== 'relay/' && folders.some((f) => f !== folder && f.startsWith(folder)) && whole(folder),
  );
  return listed
    .filter((folder) => !parents.some((parent) => folder !== parent && folder.startsWith(parent)))
    .map((folder) => (parents.includes(folder) ? `${named(folder)}**` : named(folder)))
    .join(', ');
}

/** "any", "not a/, b/", or "of relay/ only a/, b/" (whichever is shorter), for one set of forbidden folders. */
function mayText(forbidden, folders, own) {
  if (forbidden.size === 0) return 'any';
  const allowed = folders.filter((folder) => !forbidden.has(folder));
  if (allowed.length < forbidden.size) return `of relay/ only ${folderList(allowed, folders)}`;
  return `not ${folderList(
    folders.filter((folder) => forbidden.has(folder) && folder !== own),
    folders,
  )}`;
}

/** The may-import text of a folder: one, or one per group of its files when its files differ. */
function mayImport(rules, files, folders, own) {
  const groups = new Map();
  for (const file of files) {
    const text = mayText(forbiddenFolders(rules, file, folders), folders, own);
    groups.set(text, [...(groups.get(text) ?? []), file.slice(own.length)]);
  }
  if (groups.size === 1) return [...groups.keys()][0];
  return [...groups].map(([text, names]) => `${names.join(', ')}: ${text}`).join('; ');
}

/** What a folder's files import outside it: folders of relay/ as `name/`, its root files and other files by name. */
function importsText(files, graph, own) {
  const targets = new Set();
  for (const { imports } of graph.filter((node) => files.includes(node.file))) {
    for (const target of imports) {
      if (folderOf(target) === own) continue;
      if (target.startsWith('relay/'))
        targets.add(folderOf(target) === 'relay/' ? target.slice('relay/'.length) : named(folderOf(target)));
      else targets.add(target);
    }
  }
  return targets.size === 0 ? 'nothing' : [...targets].sort().join(', ');
}

/** `{ 'relay/cli/': 'any · config/, …' }` for every folder of relay/ that holds source. */
export function folderImportCells(root) {
  const rules = createRequire(resolve(root, 'package.json'))('./.dependency-cruiser.cjs').forbidden;
  const graph = importGraph(root);
  const folders = [...new Set(graph.map((node) => folderOf(node.file)))].sort();
  const cells = {};
  for (const folder of folders) {
    const files = graph.filter((node) => folderOf(node.file) === folder).map((node) => node.file);
    cells[folder] = `${mayImport(rules, files, folders, folder)} · ${importsText(files, graph, folder)}`;
  }
  return cells;
}
