// ARCHITECTURE.md's rules table and lint paragraph against what they describe: each row must name
// every folder of relay/ its dependency-cruiser rule names (in `from`, `to` and their `pathNot`),
// and the paragraph every step of package.json's `lint` script. Used by check-code-map.mjs.

/** The folders of relay/ a rule's path patterns name: `^relay/(a|b)/` and `^relay/a/` alike. */
function foldersOf(patterns) {
  const folders = new Set();
  for (const pattern of patterns.flat().filter((p) => typeof p === 'string')) {
    for (const [, group] of pattern.matchAll(/relay\/\(([^)]*)\)\//g))
      for (const name of group.split('|')) folders.add(name);
    for (const [, name] of pattern.matchAll(/relay\/([a-z-]+)\//g)) folders.add(name);
  }
  return folders;
}

/** Each rule whose table row leaves out a folder the rule names, one problem per folder. */
export function ruleRowProblems(architecture, rules) {
  const rows = new Map(
    architecture
      .split('\n')
      .map((line) => /^\| `([a-z-]+)` \|(.*)$/.exec(line))
      .filter(Boolean)
      .map(([, name, rest]) => [name, rest]),
  );
  return rules.flatMap((rule) => {
    const row = rows.get(rule.name);
    if (row === undefined) return [];
    const named = foldersOf([
      rule.from?.path ?? [],
      rule.from?.pathNot ?? [],
      rule.to?.path ?? [],
      rule.to?.pathNot ?? [],
    ]);
    return [...named]
      .filter((folder) => !row.includes(`${folder}/`))
      .map((folder) => `rules table: \`${rule.name}\` leaves out ${folder}/, which its rule names`);
  });
}

/** The lint steps (package.json) the paragraph after "## The rules" does not name: each by its tool or script. */
export function lintStepProblems(architecture, lintScript) {
  const section = architecture.split('## The rules')[1]?.split('\n\n')[1] ?? '';
  return lintScript
    .split('&&')
    .map((step) => step.trim())
    .map((step) => /(?:scripts|bench)\/[\w-]+\.mjs/.exec(step)?.[0] ?? step.split(' ')[0])
    .filter((name) => !section.includes(name))
    .map((name) => `the rules paragraph does not name the lint step ${name} (package.json's lint script)`);
}
