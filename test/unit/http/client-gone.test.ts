import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isClientGone } from '../../../relay/http/client-gone.js';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('isClientGone (relay/http/client-gone.ts)', () => {
  it('knows a stream closed early, a reset, a broken pipe and an aborted connection as the client leaving', () => {
    for (const code of ['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED'])
      assert.equal(isClientGone(withCode(code)), true, code);
  });

  it("takes anything else for the relay's own error", () => {
    assert.equal(isClientGone(withCode('ENOSPC')), false);
    assert.equal(isClientGone(new Error('no code')), false);
    assert.equal(isClientGone('ECONNRESET'), false);
    assert.equal(isClientGone(undefined), false);
  });
});
