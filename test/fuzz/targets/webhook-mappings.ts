import assert from 'node:assert/strict';
import { KINDS } from '../../../relay/contract/kinds.js';
import { checkRecord } from '../../../relay/pipeline/check-record.js';
import type { Mapping } from '../../../relay/platforms/mapping.js';
import { CONNECTORS } from '../../../relay/platforms/connectors.js';
import { parseExactJson } from '../../../relay/shared/exact-json.js';
import type { ConnectorKit } from '../../connectors/connector-kit.js';
import { jsonOf } from './expected-refusal.js';

const NOW = Date.UTC(2026, 10, 25, 12);

/** Every connector's mappings of an order and a product, from its kit: a platform of the registry is fuzzed without an edit here. */
const MAPPINGS: ((payload: unknown) => Mapping)[] = (
  await Promise.all(
    CONNECTORS.map(
      async (c) => ((await import(`../../connectors/${c.name}/kit.js`)) as { kit: ConnectorKit }).kit.fuzzMappings,
    ),
  )
).flat();

/** Any JSON to every mapping: a record (then validated) or a reason to skip, never a throw. */
export function fuzz(data: Buffer): void {
  const payload = jsonOf(data, parseExactJson);
  if (payload === undefined) return;
  for (const map of MAPPINGS) {
    const mapping = map(payload);
    if ('skip' in mapping) {
      assert.equal(typeof mapping.skip, 'string');
      continue;
    }
    assert.ok(Array.isArray(mapping.errors));
    const checked = checkRecord(KINDS[mapping.kind], mapping.body, NOW, { bigIntegers: true });
    if (!checked.ok) assert.ok(checked.errors.length > 0);
  }
}
