import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Connector, PlatformApi } from '../../../relay/platforms/connector.js';
import { CONNECTORS } from '../../../relay/platforms/connectors.js';
import type { Mapping } from '../../../relay/platforms/mapping.js';
import { acceptanceChecks, type UnderTest } from '../../connectors/acceptance.js';
import { kit as wooKit } from '../../connectors/woocommerce/kit.js';
import { fixtureText } from '../../helpers/platform-fixtures.js';

/**
 * The acceptance suite catches a broken connector: a stub fourth platform, made of
 * WooCommerce's parts with one gap each, fails the check named for that gap. A check no stub
 * fails would be a check that cannot fail.
 */
const woo = CONNECTORS.find((c) => c.name === 'woocommerce') as Connector;
const stub: UnderTest = {
  connector: { ...woo, label: 'Stub' },
  kit: wooKit,
  fixture: (file) => fixtureText(`woocommerce/${file}`),
};

/** The stub with its API's `changed` replaced. */
function withChanged(changed: (api: PlatformApi) => PlatformApi['changed']): UnderTest {
  return {
    ...stub,
    connector: {
      ...stub.connector,
      openApi: (context) => {
        const api = woo.openApi(context);
        return { ...api, changed: changed(api) };
      },
    },
  };
}

const shippedStatus = (mapping: Mapping): Mapping =>
  'body' in mapping && mapping.kind === 'order'
    ? { ...mapping, body: { ...mapping.body, status: 'shipped' } }
    : mapping;

const GAPS: { gap: string; check: string; under: UnderTest }[] = [
  {
    gap: 'its mapped.expected.json is {}',
    check: 'maps each fixture',
    under: { ...stub, fixture: (file) => (file === 'mapped.expected.json' ? '{}' : stub.fixture(file)) },
  },
  {
    gap: 'it maps an order to a status the contract does not know',
    check: "maps every order to one of the contract's statuses",
    under: { ...stub, kit: { ...wooKit, map: (kind, payload) => shippedStatus(wooKit.map(kind, payload)) } },
  },
  {
    gap: 'its mapping throws on JSON it did not expect',
    check: 'turns any JSON',
    under: {
      ...stub,
      kit: { ...wooKit, fuzzMappings: [...wooKit.fuzzMappings, (payload) => (payload as { id: number }).id as never] },
    },
  },
  {
    gap: 'it ignores its cursor',
    check: 'reads only what changed since a later cursor',
    under: withChanged((api) => (kind) => api.changed(kind, 0)),
  },
  {
    gap: 'it swallows a refused credential',
    check: 'fails a wrong credential',
    under: withChanged(
      (api) =>
        async function* (kind, since) {
          try {
            yield* api.changed(kind, since);
          } catch {
            // The gap: an error read as "nothing changed".
          }
        },
    ),
  },
  {
    gap: 'it reads a week back whatever the cursor',
    check: 'reads nothing after a cursor in the future',
    under: withChanged((api) => (kind, since) => api.changed(kind, Math.min(since, Date.now() - 7 * 24 * 3600_000))),
  },
];

describe('the connector acceptance suite on a stub with one gap each', () => {
  it('passes the stub without a gap', async () => {
    for (const check of acceptanceChecks(stub)) await check.run();
  });
  for (const { gap, check, under } of GAPS) {
    it(`fails "${check}…" when ${gap}`, async () => {
      const found = acceptanceChecks(under).find((c) => c.name.startsWith(check));
      assert.ok(found, check);
      await assert.rejects(found.run(), assert.AssertionError);
    });
  }
  it('has a gap for every check', () => {
    assert.deepEqual(
      acceptanceChecks(stub).map((c) => GAPS.some((g) => c.name.startsWith(g.check))),
      acceptanceChecks(stub).map(() => true),
    );
  });
});
