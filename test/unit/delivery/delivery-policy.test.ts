import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BACKOFF_CAP_MS, backoffDelay } from '../../../relay/shared/backoff.js';
import { classifyError, classifyStatus } from '../../../relay/delivery/classify-response.js';
import { callSignal } from '../../../relay/delivery/call-signal.js';
import { parseRetryAfter } from '../../../relay/shared/retry-after.js';

describe('backoffDelay(attempt, random)', () => {
  it('draws up to base·2^attempt, never below 0.5 s', () => {
    assert.equal(
      backoffDelay(0, () => 0),
      500,
    );
    assert.equal(
      backoffDelay(3, () => 1),
      4000,
    );
    assert.equal(
      backoffDelay(3, () => 0.5),
      2000,
    );
  });
  it('never exceeds 5 minutes, however many attempts', () => {
    assert.equal(
      backoffDelay(50, () => 1),
      BACKOFF_CAP_MS,
    );
  });
});

describe('parseRetryAfter(value, now)', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('reads delay-seconds', () => assert.equal(parseRetryAfter('3', now), 3000));
  it('reads an HTTP-date', () => assert.equal(parseRetryAfter('Sun, 22 Nov 2026 12:00:10 GMT', now), 10_000));
  it('ignores garbage', () => assert.equal(parseRetryAfter('soon', now), undefined));
  it('caps at an hour', () => assert.equal(parseRetryAfter('999999', now), 3600_000));
});

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
