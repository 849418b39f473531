import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { HttpError } from '../../../relay/http/http-error.js';
import { storageAnswer } from '../../../relay/http/error-handler.js';
import { connectRedis } from '../../../relay/redis/redis-connection.js';
import { asUnavailable, orUnavailable } from '../../../relay/redis/shared-state-errors.js';
import { outboxFull, StorageError } from '../../../relay/shared/storage-error.js';
import { freePort } from '../../helpers/redis-server.js';

const UNAVAILABLE = 'the relay cannot reach its shared state (Redis) right now; retry later';

/** The error a connection to a closed loopback port fails with. */
async function refusedConnection(): Promise<Error> {
  const socket = connect(await freePort(), '127.0.0.1');
  const [error] = (await once(socket, 'error')) as [Error];
  socket.destroy();
  return error;
}

describe('asUnavailable(error)', () => {
  it("makes a failure to reach Redis a shared_state_unavailable storage error, keeping the driver's code for the log", async () => {
    const refused = await refusedConnection();
    const error = asUnavailable(refused);
    assert.ok(error instanceof StorageError);
    assert.deepEqual(
      [error.code, error.message, error.causeCode],
      ['shared_state_unavailable', UNAVAILABLE, 'ECONNREFUSED'],
    );
  });

  it('names a failure without a code by the start of its message, at most 60 characters', () => {
    const message =
      'Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.';
    const error = asUnavailable(new Error(message));
    assert.ok(error instanceof StorageError);
    assert.equal(error.causeCode, message.slice(0, 60));
  });

  it('keeps a storage error as it is, and an error that carries its HTTP answer', () => {
    const full = outboxFull('10000 records');
    assert.equal(asUnavailable(full), full);
    const answered = new HttpError(409, 'conflict', 'already taken');
    assert.equal(asUnavailable(answered), answered);
  });
});

describe('orUnavailable(call)', () => {
  it('resolves with what the call resolves with', async () => {
    assert.deepEqual(await orUnavailable(async () => ['OK', 3]), ['OK', 3]);
  });

  it('rejects a command to a Redis that does not answer as shared_state_unavailable, which the HTTP edge answers 503 with Retry-After', async (t) => {
    const redis = connectRedis(`redis://127.0.0.1:${await freePort()}`);
    redis.on('error', () => undefined);
    t.after(() => redis.disconnect());
    const error = await orUnavailable(() => redis.get('shopbeacon:counters')).then(
      () => assert.fail('a closed port answered'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof StorageError, String(error));
    assert.deepEqual([error.code, error.message], ['shared_state_unavailable', UNAVAILABLE]);
    const answer = storageAnswer(error);
    assert.deepEqual(
      [answer.status, answer.code, answer.headers['Retry-After']],
      [503, 'shared_state_unavailable', '5'],
    );
  });
});
