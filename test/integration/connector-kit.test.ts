import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { CONNECTORS } from '../../relay/platforms/connectors.js';
import { stringifyBody } from '../../relay/shared/exact-json.js';
import type { ConnectorKit } from '../connectors/connector-kit.js';
import { startRelay, until, type Harness } from '../helpers/relay-harness.js';
import { nextSweep } from '../helpers/sync-status.js';

const callsTo = (h: Harness, path: string) => h.mock.calls().filter((c) => c.path === path).length;

async function kitOf(name: string): Promise<ConnectorKit> {
  const file = new URL(`../connectors/${name}/kit.ts`, import.meta.url);
  assert.ok(
    existsSync(file),
    `${name}: no kit at test/connectors/${name}/kit.ts (ARCHITECTURE.md, "Adding a platform")`,
  );
  return ((await import(`../connectors/${name}/kit.js`)) as { kit: ConnectorKit }).kit;
}

/**
 * The connector kit's sync check: every connector of the registry, swept by a real
 * relay. The rest of the acceptance suite runs in the unit tier (test/unit/connector-acceptance.test.ts);
 * each connector's own suites (sync.test.ts, backfill.test.ts, …) test what only it does.
 */
for (const connector of CONNECTORS) {
  describe(`the connector kit: ${connector.name}`, { timeout: 120_000 }, () => {
    it('is swept by the sync: the history first, a changed order once and nothing unchanged, and nothing again after a restart', async () => {
      const kit = await kitOf(connector.name);
      const shop = await kit.shop(30);
      const config = { ...shop.settings, syncIntervalMs: '1s' };
      const h = await startRelay({ config });
      try {
        await until(
          () => h.mock.records('orders').length === 30 && h.mock.records('products').length === shop.validProducts,
          `${connector.name}: the history`,
        );
        await nextSweep(h, connector.name);
        const [orders, products] = [callsTo(h, '/v1/orders'), callsTo(h, '/v1/products/catalog')];
        const changed = shop.changeOrder(3);
        const sent = () =>
          h.mock
            .records('orders')
            .map((o) => stringifyBody(o))
            .find((o) => o.includes(`"order_id":${changed},`));
        const before = sent();
        assert.ok(before, `${connector.name}: order ${changed} in the history`);
        await until(() => sent() !== before, `${connector.name}: the changed order`);
        await nextSweep(h, connector.name);
        await nextSweep(h, connector.name);
        assert.equal(callsTo(h, '/v1/orders') - orders, 1, `${connector.name}: one call, the changed order`);
        assert.equal(callsTo(h, '/v1/products/catalog') - products, 0, `${connector.name}: no product again`);
        const asked = shop.cursorsAsked('order');
        assert.ok(
          (asked.at(-1) ?? 0) > (asked[0] ?? 0),
          `${connector.name}: later sweeps ask with a later cursor (${asked[0]}, then ${asked.at(-1)})`,
        );
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
