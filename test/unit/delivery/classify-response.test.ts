import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { callSignal, classifyError, classifyStatus } from '../../../relay/delivery/classify-response.js';

describe('classifyStatus(status, body)', () => {
  const cases: [status: number, body: string, type: string, ambiguous?: boolean][] = [
    [200, '', 'delivered'],
    [400, '{"error":"invalid_record"}', 'refused'],
    [400, '{"error":"unauthorized","message":"the bearer token is not valid"}', 'auth'],
    [401, '', 'auth'],
    [403, '', 'auth'],
    [408, '', 'retry', false],
    [429, '', 'retry', false],
    [500, '', 'retry', true],
    [503, '', 'retry', false],
    [404, '', 'refused'],
  ];
  for (const [status, body, type, ambiguous] of cases) {
    it(`treats ${status} ${body || '(no body)'} as ${type}${ambiguous ? ', ambiguous' : ''}`, () => {
      const outcome = classifyStatus(status, body, undefined);
      assert.equal(outcome.type, type);
      if (outcome.type === 'retry') assert.equal(outcome.ambiguous, ambiguous);
    });
  }
});

describe('classifyError(error)', () => {
  it('treats a refused connection as a safe retry', () => {
    assert.deepEqual(classifyError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })).type, 'retry');
    assert.equal(
      (classifyError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })) as { ambiguous: boolean }).ambiguous,
      false,
    );
  });
  it('treats a reset or a timeout as ambiguous: the service may have stored the record', () => {
    assert.equal(
      (classifyError(Object.assign(new Error('x'), { code: 'UND_ERR_SOCKET' })) as { ambiguous: boolean }).ambiguous,
      true,
    );
    assert.equal(
      (classifyError(Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' })) as { ambiguous: boolean })
        .ambiguous,
      true,
    );
  });
});

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
