import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readVisitorIds } from '../../../relay/client/visitor-ids.js';

describe('readVisitorIds(cookieHeader)', () => {
  it("reads the anonymous id and the session's id from the session cookie's first part", () => {
    assert.deepEqual(
      readVisitorIds('a=1; _sb_uid=v1sitor-abcdefghij; _sb_sid=sess-0123456789.1764000000000.1764000000000'),
      {
        user_id: 'v1sitor-abcdefghij',
        session_id: 'sess-0123456789',
      },
    );
  });

  it('reads an identified visitor as their customer id, without the marker', () => {
    assert.deepEqual(readVisitorIds('_sb_uid=~4711'), { user_id: '4711' });
  });

  it('skips values that are not ids and takes the first valid one, as a browser lists the most specific first', () => {
    assert.deepEqual(readVisitorIds('_sb_uid=<script>; _sb_uid="v1sitor-abcdefghij"'), {
      user_id: 'v1sitor-abcdefghij',
    });
  });

  it('is undefined without a shopbeacon id (a new visitor, or one who refused consent)', () => {
    assert.equal(readVisitorIds(undefined), undefined);
    assert.equal(readVisitorIds('_sb_sid=sess-0123456789.1.1'), undefined);
  });
});
