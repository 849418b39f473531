import { CONNECTORS } from '../../../relay/platforms/connectors.js';
import { parseExactJson } from '../../../relay/shared/exact-json.js';
import type { ConnectorKit } from '../../connectors/connector-kit.js';
import { jsonOf } from './expected-refusal.js';

/** Every connector's page checks, from its kit: a platform of the registry is fuzzed without an edit here. */
const PAGES: ((page: unknown) => void)[] = (
  await Promise.all(
    CONNECTORS.map(
      async (c) => ((await import(`../../connectors/${c.name}/kit.js`)) as { kit: ConnectorKit }).kit.fuzzPages,
    ),
  )
).flat();

/**
 * What the platform API pages hand the sync, read by the relay's own parsers (each connector's
 * kit says which and what they must return). Any JSON: a value or a refusal the sweep can report,
 * never a throw the sweep did not expect.
 */
export function fuzz(data: Buffer): void {
  const page = jsonOf(data, parseExactJson);
  if (page === undefined) return;
  for (const check of PAGES) check(page);
}
