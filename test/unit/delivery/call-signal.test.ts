import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classifyError, classifyStatus } from '../../../relay/delivery/classify-response.js';
import { callSignal } from '../../../relay/delivery/call-signal.js';

describe('callSignal(outcome, status)', () => {
  const failure = (code: string, message: string) => Object.assign(new Error(message), { code });
  it('tells a timeout by the error code undici gives, not by the words of its message', () => {
    assert.equal(callSignal(classifyError(failure('UND_ERR_HEADERS_TIMEOUT', 'Headers Timeout Error')), 0), 'timeout');
    assert.equal(callSignal(classifyError(failure('ETIMEDOUT', 'connect ETIMEDOUT')), 0), 'timeout');
    assert.equal(
      callSignal(classifyError(failure('ECONNREFUSED', 'the service said UND_ERR_HEADERS_TIMEOUT')), 0),
      undefined,
    );
  });

  it('reads the load from a status: 429 rate-limited, 503 busy, any other answer ok', () => {
    assert.equal(callSignal(classifyStatus(429, '', undefined), 429), 'rate-limited');
    assert.equal(callSignal(classifyStatus(503, '', undefined), 503), 'busy');
    assert.equal(callSignal(classifyStatus(400, 'bad', undefined), 400), 'ok');
  });
});
