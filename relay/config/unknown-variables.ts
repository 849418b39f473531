import { secretFileVariable } from './secret-files.js';
import type { Setting } from './settings.js';

/** Variables read outside the relay's settings table: the mock service's (`shopbeacon mock-upstream --help`). */
const OTHER_PREFIXES = ['SHOPBEACON_MOCK_'];

/** Edit distance, for "did you mean": names are short, so the quadratic table is cheap. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[b.length] as number;
}

/**
 * One sentence per `SHOPBEACON_*` variable the relay does not know, naming the closest known
 * setting: a typo such as `SHOPBEACON_SYNC_INTERVALL` would otherwise be ignored in silence.
 */
export function unknownVariables(settings: readonly Setting[], env: NodeJS.ProcessEnv = process.env): string[] {
  const known = settings
    .flatMap((s) => (s.secret ? [s.env, secretFileVariable(s)] : [s.env]))
    .filter((name) => name.startsWith('SHOPBEACON_'));
  return Object.keys(env)
    .filter(
      (name) =>
        name.startsWith('SHOPBEACON_') &&
        !known.includes(name) &&
        !OTHER_PREFIXES.some((prefix) => name.startsWith(prefix)),
    )
    .sort()
    .map((name) => {
      const closest = [...known].sort((a, b) => distance(name, a) - distance(name, b))[0];
      return `${name} is not a shopbeacon setting and is ignored${closest ? `; did you mean ${closest}?` : ''}`;
    });
}
