// A node:test reporter that ends the run with its slowest files and the seconds their top-level
// tests took, so a tier that grows shows where in every log, not only after a profile.
const SHOWN = 8;

export default async function* slowestFiles(source) {
  const seconds = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { nesting, file, details } = event.data;
    if (nesting !== 0 || !file || typeof details?.duration_ms !== 'number') continue;
    const where = file.replace(/^.*\/test\//, 'test/');
    seconds.set(where, (seconds.get(where) ?? 0) + details.duration_ms / 1000);
  }
  if (seconds.size < 2) return;
  const slowest = [...seconds].sort(([, a], [, b]) => b - a).slice(0, SHOWN);
  yield `\n# slowest files: ${slowest.map(([file, s]) => `${file} ${s.toFixed(1)} s`).join(', ')}\n`;
}
