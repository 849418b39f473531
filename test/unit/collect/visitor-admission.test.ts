import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { codeOf } from '../../../relay/contract/field-error.js';
import {
  admitVisitors,
  beyondBatchError,
  eventUserId,
  type Admission,
} from '../../../relay/collect/visitor-admission.js';

/** An admission as plain values, so one `deepEqual` says all of it. */
const plain = (a: Admission) => ({ named: a.named, beyond: [...a.beyond].sort() });
const admit = (userIds: string[], requestUser: string) => plain(admitVisitors(userIds, requestUser));

describe('eventUserId(raw, requestUser)', () => {
  it("is the event's own user_id when it names one as text", () => {
    assert.equal(
      eventUserId({ user_id: 'customer-42', event_name: 'Added To Cart' }, 'anon-visitor-0001'),
      'customer-42',
    );
  });

  it("is the request's visitor for an event naming none, naming one that is not text, or not an object at all", () => {
    for (const raw of [{}, { user_id: 42 }, { user_id: null }, { user_id: ['a'] }, null, 'customer-42', ['x'], 7])
      assert.equal(eventUserId(raw, 'anon-visitor-0001'), 'anon-visitor-0001', JSON.stringify(raw));
  });
});

describe('admitVisitors(userIds, requestUser)', () => {
  it("lets a batch name the request's visitor and the one it was before a login, as a first page's batch names them", () => {
    assert.deepEqual(admit(['anon-visitor-0001', 'customer-42'], 'customer-42'), {
      named: ['customer-42', 'anon-visitor-0001'],
      beyond: [],
    });
  });

  it('counts each visitor once however many events name it', () => {
    assert.deepEqual(admit(['a-0001', 'b-0002', 'a-0001', 'b-0002', 'a-0001'], 'a-0001'), {
      named: ['a-0001', 'b-0002'],
      beyond: [],
    });
  });

  it("refuses every visitor past two, keeping the request's own first and then the others in the order first named", () => {
    assert.deepEqual(admit(['x-0001', 'x-0002', 'x-0003', 'own-0001'], 'own-0001'), {
      named: ['own-0001', 'x-0001'],
      beyond: ['x-0002', 'x-0003'],
    });
    assert.deepEqual(admit(['x-0003', 'x-0001', 'x-0002'], 'unnamed-0001'), {
      named: ['x-0003', 'x-0001'],
      beyond: ['x-0002'],
    });
  });

  it('lets a batch of 100 made-up visitors name two and refuses the other 98', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `made-up-${String(i).padStart(4, '0')}`);
    const admission = admitVisitors(ids, 'cookie-visitor-1');
    assert.deepEqual(admission.named, ['made-up-0000', 'made-up-0001']);
    assert.equal(admission.beyond.size, 98);
  });

  it('names nobody for a batch naming no visitor', () => {
    assert.deepEqual(admit([], 'own-0001'), { named: [], beyond: [] });
  });

  it("never lets a batch name more than two visitors, refuses none of a batch naming two or fewer, and never the request's own", () => {
    const pool = ['a-0001', 'b-0002', 'c-0003', 'd-0004', 'e-0005'];
    for (let n = 0; n <= pool.length; n += 1) {
      const named = pool.slice(0, n);
      const userIds = [...named, ...named.slice().reverse()];
      for (const requestUser of ['a-0001', 'c-0003', 'unnamed-0001']) {
        const a = admitVisitors(userIds, requestUser);
        const says = JSON.stringify({ batch: named, requestUser, ...plain(a) });
        assert.ok(a.named.length <= 2, `more than two visitors: ${says}`);
        assert.equal(new Set(a.named).size, a.named.length, `a visitor counted twice: ${says}`);
        assert.deepEqual(
          [...a.named, ...a.beyond].sort(),
          [...named].sort(),
          `each named visitor is one of them: ${says}`,
        );
        if (named.length <= 2) assert.equal(a.beyond.size, 0, `refused within two: ${says}`);
        if (named.includes(requestUser)) assert.ok(a.named.includes(requestUser), `the request's own refused: ${says}`);
      }
    }
  });
});

describe('beyondBatchError', () => {
  it("refuses the event's user_id with the code invalid, which the answer's JSON leaves out", () => {
    assert.equal(beyondBatchError.path, 'user_id');
    assert.equal(codeOf(beyondBatchError), 'invalid');
    assert.match(beyondBatchError.message, /^names a third visitor in one batch/);
    assert.deepEqual(Object.keys(JSON.parse(JSON.stringify(beyondBatchError)) as object), ['path', 'message']);
  });
});
