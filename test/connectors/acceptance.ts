// The connector acceptance suite, as Airbyte's acceptance tests are for its connectors: the same
// checks on every connector of `CONNECTORS` (test/unit/connector-acceptance.test.ts), each one a
// function so that a broken stub can be shown to fail it (connector-acceptance-gaps.test.ts).
import assert from 'node:assert/strict';
import { KINDS } from '../../relay/contract/kinds.js';
import { ORDER_STATUSES } from '../../relay/contract/order-status.js';
import { checkRecord } from '../../relay/pipeline/check-record.js';
import {
  apiValues,
  platformClientFor,
  type ChangedPayload,
  type Connector,
  type PlatformApi,
  type PlatformKind,
} from '../../relay/platforms/connector.js';
import { PlatformApiError } from '../../relay/platforms/platform-api-error.js';
import { parseExactJson, stringifyBody } from '../../relay/shared/exact-json.js';
import type { ConnectorKit, KitShop } from './connector-kit.js';

/** The service's window is counted from here, so a fixture never ages out of it. */
const NOW = Date.UTC(2026, 10, 26, 12);
const DAY = 24 * 3600_000;
const HOSTILE: unknown[] = [
  null,
  0,
  'order',
  [],
  {},
  { id: -1 },
  { id: 'x', line_items: 'none', total: {} },
  { product: null, order: [] },
];

/** What a connector is checked with: itself, its kit, and its fixtures' text by file name. */
export interface UnderTest {
  connector: Connector;
  kit: ConnectorKit;
  fixture(file: string): string;
}

export interface AcceptanceCheck {
  name: string;
  run(): Promise<void>;
}

function openApi({ connector }: UnderTest, settings: Record<string, string>): PlatformApi {
  const values = apiValues(connector, settings);
  assert.ok(values, `${connector.name}: the kit's settings open its API`);
  return connector.openApi({
    values,
    catalog: { currency: settings['shopCurrency'] ?? 'EUR', shopUrl: 'https://shop.example' },
    client: platformClientFor(connector),
  });
}

async function read(api: PlatformApi, kind: PlatformKind, since: number): Promise<ChangedPayload[]> {
  const all: ChangedPayload[] = [];
  for await (const item of api.changed(kind, since)) all.push(item);
  return all;
}

/** Runs `use` with the kit's stand-in of 12 orders, closing it after. */
async function withShop(under: UnderTest, use: (shop: KitShop) => Promise<void>): Promise<void> {
  const shop = await under.kit.shop(12);
  try {
    await use(shop);
  } finally {
    await shop.close();
  }
}

function mapsFixtures(under: UnderTest): void {
  const { connector, kit } = under;
  const expected = parseExactJson(under.fixture('mapped.expected.json')) as Record<string, unknown>;
  assert.ok(
    kit.cases.some((c) => c.kind === 'order') && kit.cases.some((c) => c.kind === 'product'),
    `${connector.name}: fixtures of an order and a product`,
  );
  for (const { fixture, kind } of kit.cases) {
    assert.ok(fixture in expected, `${connector.name}: mapped.expected.json has no record for ${fixture}`);
    const mapping = kit.map(kind, parseExactJson(under.fixture(fixture)));
    assert.equal(stringifyBody(mapping), stringifyBody(expected[fixture]), `${connector.name}/${fixture}`);
    if ('skip' in mapping) continue;
    const checked = checkRecord(KINDS[mapping.kind], mapping.body, NOW, { bigIntegers: true });
    assert.ok(checked.ok, `${connector.name}/${fixture}: ${JSON.stringify(checked.ok ? [] : checked.errors)}`);
  }
}

function knownStatuses({ connector, kit, fixture }: UnderTest): void {
  for (const { fixture: file } of kit.cases.filter((c) => c.kind === 'order')) {
    const mapping = kit.map('order', parseExactJson(fixture(file)));
    if ('skip' in mapping) continue;
    const status = (mapping.body as { status?: unknown }).status;
    assert.ok(
      (ORDER_STATUSES as readonly unknown[]).includes(status),
      `${connector.name}/${file}: status ${JSON.stringify(status)} is not one of ${ORDER_STATUSES.join(', ')}`,
    );
  }
}

function hostileJson({ connector, kit }: UnderTest): void {
  assert.ok(kit.fuzzMappings.length >= 2, `${connector.name}: the fuzz target reaches its order and product mappings`);
  for (const map of kit.fuzzMappings)
    for (const payload of HOSTILE)
      assert.doesNotThrow(() => map(payload), `${connector.name}: ${JSON.stringify(payload)}`);
}

async function laterCursor(under: UnderTest): Promise<void> {
  await withShop(under, async (shop) => {
    const api = openApi(under, shop.settings);
    const history = await read(api, 'order', 0);
    assert.ok(history.length >= 2, `${under.connector.name}: the history holds the shop's orders (${history.length})`);
    const cursor = (history.at(-1) as ChangedPayload).changedAt;
    const later = await read(api, 'order', cursor);
    assert.ok(
      later.length < history.length,
      `${under.connector.name}: a later cursor read ${later.length} of ${history.length} orders again`,
    );
    assert.ok(
      later.every((item) => item.changedAt >= cursor),
      `${under.connector.name}: an order changed before the cursor`,
    );
    const asked = shop.cursorsAsked('order');
    assert.ok(
      Math.max(...asked) >= cursor - 1000,
      `${under.connector.name}: the platform was asked with cursors ${asked.join(', ')}, never ${cursor}`,
    );
  });
}

async function wrongCredentials(under: UnderTest): Promise<void> {
  await withShop(under, async (shop) => {
    const api = openApi(under, shop.wrongCredentials);
    await assert.rejects(read(api, 'order', 0), (error: unknown) => {
      assert.ok(
        error instanceof PlatformApiError && error.refused,
        `${under.connector.name}: a refused credential is a PlatformApiError with the platform's 401/403, not ${String(error)}`,
      );
      assert.match(
        error.message,
        under.kit.refusal,
        `${under.connector.name}: the message carries the platform's own words`,
      );
      return true;
    });
  });
}

async function futureCursor(under: UnderTest): Promise<void> {
  await withShop(under, async (shop) => {
    const api = openApi(under, shop.settings);
    for (const kind of ['order', 'product'] as const)
      assert.deepEqual(
        await read(api, kind, Date.now() + DAY),
        [],
        `${under.connector.name}: ${kind}s after a cursor a day ahead`,
      );
  });
}

/** The suite's checks on one connector, in the order a reader meets them. */
export function acceptanceChecks(under: UnderTest): AcceptanceCheck[] {
  return [
    {
      name: 'maps each fixture to the record it must become, valid by the contract',
      run: async () => mapsFixtures(under),
    },
    { name: "maps every order to one of the contract's statuses", run: async () => knownStatuses(under) },
    {
      name: 'turns any JSON its webhooks or pages may hand it into a record or a reason to skip, never a throw',
      run: async () => hostileJson(under),
    },
    {
      name: 'reads only what changed since a later cursor, and asks the platform with it',
      run: () => laterCursor(under),
    },
    { name: "fails a wrong credential with the platform's own message", run: () => wrongCredentials(under) },
    { name: 'reads nothing after a cursor in the future', run: () => futureCursor(under) },
  ];
}
