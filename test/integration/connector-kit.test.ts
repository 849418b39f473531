import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { KINDS } from '../../relay/contract/kinds.js';
import { backfillCommand } from '../../relay/cli/backfill-command.js';
import { connectCommand } from '../../relay/cli/connect-command.js';
import { checkRecord } from '../../relay/pipeline/check-record.js';
import { CONNECTORS } from '../../relay/platforms/connectors.js';
import { parseExactJson, stringifyBody } from '../../relay/shared/exact-json.js';
import type { ConnectorKit } from '../connectors/connector-kit.js';
import { fixtureText } from '../helpers/platform-fixtures.js';
import { startRelay, until, type Harness } from '../helpers/relay-harness.js';
import { nextSweep } from '../helpers/sync-status.js';

/** The service's window is counted from here, so a fixture never ages out of it. */
const NOW = Date.UTC(2026, 10, 26, 12);
const HOSTILE: unknown[] = [null, 0, 'order', [], {}, { id: -1 }, { id: 'x', line_items: 'none', total: {} }, { product: null, order: [] }];
const callsTo = (h: Harness, path: string) => h.mock.calls().filter((c) => c.path === path).length;

async function kitOf(name: string): Promise<ConnectorKit> {
  const file = new URL(`../connectors/${name}/kit.ts`, import.meta.url);
  assert.ok(existsSync(file), `${name}: no kit at test/connectors/${name}/kit.ts (ARCHITECTURE.md, "Adding a platform")`);
  return ((await import(`../connectors/${name}/kit.js`)) as { kit: ConnectorKit }).kit;
}

/**
 * The connector kit (issue #37): every connector of the registry passes the same checks, and one
 * that lacks a piece fails here by its name. Its own suites (sync.test.ts, backfill.test.ts, …)
 * test what only it does.
 */
for (const connector of CONNECTORS) {
  describe(`the connector kit: ${connector.name}`, { timeout: 120_000 }, () => {
    it('maps each of its fixtures to the service record it must become, valid by the contract', async () => {
      const kit = await kitOf(connector.name);
      const expected = parseExactJson(fixtureText(`${connector.name}/mapped.expected.json`)) as Record<string, unknown>;
      assert.ok(kit.cases.some((c) => c.kind === 'order') && kit.cases.some((c) => c.kind === 'product'), `${connector.name}: fixtures of an order and a product`);
      for (const { fixture, kind } of kit.cases) {
        const mapping = kit.map(kind, parseExactJson(fixtureText(`${connector.name}/${fixture}`)));
        assert.equal(stringifyBody(mapping), stringifyBody(expected[fixture]), `${connector.name}/${fixture}`);
        if ('skip' in mapping) continue;
        const checked = checkRecord(KINDS[mapping.kind], mapping.body, NOW, { bigIntegers: true });
        assert.ok(checked.ok, `${connector.name}/${fixture}: ${JSON.stringify(checked.ok ? [] : checked.errors)}`);
      }
    });

    it('turns any JSON its webhooks or pages may hand it into a record or a reason to skip, never a throw', async () => {
      const kit = await kitOf(connector.name);
      assert.ok(kit.fuzzMappings.length >= 2, `${connector.name}: the fuzz target reaches its order and product mappings`);
      for (const map of kit.fuzzMappings) for (const payload of HOSTILE) assert.doesNotThrow(() => map(payload), `${connector.name}: ${JSON.stringify(payload)}`);
    });

    it('has its backfill command, and its connect command', () => {
      assert.ok(backfillCommand().commands.some((c) => c.name() === connector.name), `shopbeacon backfill ${connector.name}`);
      assert.ok(connectCommand().commands.some((c) => c.name() === connector.name), `shopbeacon connect ${connector.name}`);
    });

    it('is swept by the sync: the history first, a changed order once and nothing unchanged, and nothing again after a restart', async () => {
      const kit = await kitOf(connector.name);
      const shop = await kit.shop(30);
      const config = { ...shop.settings, syncIntervalMs: '1s' };
      const h = await startRelay({ config });
      try {
        await until(() => h.mock.records('orders').length === 30 && h.mock.records('products').length === shop.validProducts, `${connector.name}: the history`, 30_000);
        await nextSweep(h, connector.name);
        const [orders, products] = [callsTo(h, '/v1/orders'), callsTo(h, '/v1/products/catalog')];
        const changed = shop.changeOrder(3);
        const sent = () => h.mock.records('orders').map((o) => stringifyBody(o)).find((o) => o.includes(`"order_id":${changed},`));
        const before = sent();
        assert.ok(before, `${connector.name}: order ${changed} in the history`);
        await until(() => sent() !== before, `${connector.name}: the changed order`, 30_000);
        await nextSweep(h, connector.name);
        await nextSweep(h, connector.name);
        assert.equal(callsTo(h, '/v1/orders') - orders, 1, `${connector.name}: one call, the changed order`);
        assert.equal(callsTo(h, '/v1/products/catalog') - products, 0, `${connector.name}: no product again`);
        await h.stopRelay();
        const calls = h.mock.calls().length;
        const again = await startRelay({ upstream: h.mock, dataDir: h.dataDir, config });
        await nextSweep(again, connector.name);
        await again.stopRelay();
        assert.equal(h.mock.calls().length, calls, `${connector.name}: nothing sent again after a restart`);
      } finally {
        await h.stopRelay().catch(() => undefined);
        await h.close();
        await shop.close();
      }
    });
  });
}
