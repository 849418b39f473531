import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClientHttpError, ClientValidationError, createClient } from '../../relay/client/index.js';
import { createMockUpstream } from '../../relay/mock-upstream/index.js';
import { order, product, trackingEvent } from '../helpers/records.js';
import { ADMIN_KEY, SERVICE_TOKEN, startRelay, until } from '../helpers/relay-harness.js';

describe('createClient(options)', () => {
  it("uploads through the relay's mirror with the admin key", async () => {
    const h = await startRelay();
    const client = createClient({ baseUrl: h.url, token: ADMIN_KEY });
    try {
      assert.equal((await client.uploadOrder(order() as never)).status, 202);
      assert.equal((await client.uploadProduct(product() as never)).status, 202);
      assert.equal((await client.track(trackingEvent() as never)).status, 202);
      await until(
        () =>
          h.mock.records('orders').length === 1 &&
          h.mock.records('products').length === 1 &&
          h.mock.records('events').length === 1,
        'all three',
      );
    } finally {
      await client.close();
      await h.close();
    }
  });

  it('talks to the service directly with its token', async () => {
    const mock = await createMockUpstream({ token: SERVICE_TOKEN });
    const client = createClient({ baseUrl: mock.url, token: SERVICE_TOKEN });
    try {
      assert.equal((await client.uploadOrder(order() as never)).status, 200);
      assert.equal(mock.records('orders').length, 1);
    } finally {
      await client.close();
      await mock.close();
    }
  });

  it('refuses an invalid record before sending, naming every field', async () => {
    const mock = await createMockUpstream({ token: SERVICE_TOKEN });
    const client = createClient({ baseUrl: mock.url, token: SERVICE_TOKEN });
    try {
      await assert.rejects(
        client.uploadOrder(order(Date.now(), { order_id: 'x' }) as never),
        (error: ClientValidationError) => {
          assert.deepEqual(error.errors, [{ path: 'order_id', message: 'must be an integer' }]);
          return error.code === 'invalid_record';
        },
      );
      assert.equal(mock.calls().length, 0);
    } finally {
      await client.close();
      await mock.close();
    }
  });

  it('retries 503 with Retry-After, and does not retry a 400', async () => {
    const mock = await createMockUpstream({
      token: SERVICE_TOKEN,
      faults: { failRate: 1, failStatus: 503, retryAfterSeconds: 1 },
    });
    const client = createClient({ baseUrl: mock.url, token: SERVICE_TOKEN });
    try {
      const pending = client.uploadProduct(product() as never);
      await until(() => mock.calls().length === 1, 'the first 503');
      mock.setFaults({ failRate: 0 });
      assert.equal((await pending).status, 200);
      assert.equal(mock.calls().length, 2);
      const wrong = createClient({ baseUrl: mock.url, token: 'wrong' });
      await assert.rejects(wrong.uploadOrder(order() as never), (error: ClientHttpError) => error.status === 400);
      assert.equal(mock.calls().length, 3);
      await wrong.close();
    } finally {
      await client.close();
      await mock.close();
    }
  });
});
