import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { collectEventToRecord } from '../../../relay/collect/collect-event.js';
import { EVENT_CATALOGUE } from '../../../relay/contract/event-catalogue.js';
import { createIdentity } from '../../../snippet/identity.js';
import { createRetryQueue } from '../../../snippet/retry-queue.js';
import { createTracker } from '../../../snippet/tracker.js';
import { UNCATALOGUED_HELPER, catalogueExample } from '../../helpers/catalogue.js';
import { FakeTransport, MemoryCookies, MemoryStore } from '../../helpers/snippet-fakes.js';

const identity = {
  userId: 'anon-visitor-0001',
  sessionId: 'session-0002',
  userCookie: 'anon-visitor-0001',
  sessionStart: Date.now(),
};

/** What `shopbeacon(helper, event)` sends, as the relay's `/collect` makes it a record. */
function throughTrackerAndRelay(helper: string, event: unknown) {
  const transport = new FakeTransport();
  const tracker = createTracker({
    transport,
    queue: createRetryQueue(new MemoryStore()),
    identity: createIdentity(new MemoryCookies(), new MemoryStore()),
    page: () => 'https://shop.example/p/7',
    log: (message, detail) => assert.fail(`the tracker logged ${message} ${String(detail)}`),
  });
  tracker.decide(true);
  tracker.command(helper, event);
  tracker.command('flush');
  const [sent] = transport.sent[0] ?? [];
  assert.ok(sent, `shopbeacon('${helper}', …) sent nothing`);
  return collectEventToRecord(sent, { identity, skewMs: 0 }, Date.now());
}

describe('every helper of the event catalogue, from the snippet tracker through the relay', () => {
  for (const [name, { helper }] of Object.entries(EVENT_CATALOGUE).filter(([, event]) => event.helper)) {
    it(`sends shopbeacon('${helper}', …) as ${name}, with every field the catalogue names and no other`, () => {
      const example = catalogueExample(name);
      const record = throughTrackerAndRelay(helper!, example);
      assert.ok(record.ok, `refused: ${JSON.stringify(!record.ok && record.errors)}`);
      assert.deepEqual([record.value.body['event_name'], record.value.body['event']], [name, example]);
    });
  }

  it('sends a helper the catalogue lacks, which the relay refuses by its event_name, listing the helpers there are', () => {
    const record = throughTrackerAndRelay(UNCATALOGUED_HELPER, { product_id: 7 });
    assert.ok(!record.ok, 'an uncatalogued helper was taken');
    assert.deepEqual(
      record.errors.map(({ path }) => path),
      ['event_name'],
    );
    assert.match(record.errors[0]!.message, /no helper of the event catalogue \(viewProduct, addToCart, .*click\)/);
  });
});
