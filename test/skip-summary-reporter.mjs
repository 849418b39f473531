// A node:test reporter that ends the run with one line per skipped suite or test and its reason,
// so that a skip is never mistaken for a pass.
export default async function* skipSummary(source) {
  const skipped = [];
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { skip, name, file } = event.data;
    // A `--test-name-pattern` filter is a choice, not a missing requirement.
    if (skip === undefined || skip === false || skip === 'test name does not match pattern') continue;
    const where = file ? file.replace(/^.*\/test\//, 'test/') : '';
    skipped.push(`# skipped: ${name}${where ? ` (${where})` : ''}${typeof skip === 'string' ? ` — ${skip}` : ''}`);
  }
  if (skipped.length === 0) return;
  yield `\n# ${skipped.length} skipped, not passed:\n${skipped.join('\n')}\n`;
}
