import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { codeOf } from '../../../relay/contract/field-error.js';
import {
  admitVisitors,
  beyondBatchError,
  eventUserId,
  vouchable,
  type Admission,
} from '../../../relay/collect/visitor-admission.js';
import { VisitorVouchers } from '../../../relay/collect/visitor-voucher.js';

const vouchers = new VisitorVouchers('a-service-token');
const voucherOf = (id: string) => vouchers.voucherOf(id);

/** An admission as plain values, so one `deepEqual` says all of it. */
const plain = (a: Admission) => ({ vouched: a.vouched, minted: a.minted, beyond: [...a.beyond].sort() });
const admit = (userIds: string[], requestUser: string, voucher?: string) =>
  plain(admitVisitors(userIds, requestUser, voucher, vouchers));

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

describe('admitVisitors(userIds, requestUser, voucher, vouchers)', () => {
  it("mints the request's visitor and the one it was before a login, neither vouched yet, as a first page's batch names them", () => {
    assert.deepEqual(admit(['anon-visitor-0001', 'customer-42'], 'customer-42'), {
      vouched: undefined,
      minted: ['customer-42', 'anon-visitor-0001'],
      beyond: [],
    });
  });

  it('counts each visitor once however many events name it', () => {
    assert.deepEqual(admit(['a-0001', 'b-0002', 'a-0001', 'b-0002', 'a-0001'], 'a-0001'), {
      vouched: undefined,
      minted: ['a-0001', 'b-0002'],
      beyond: [],
    });
  });

  it("refuses every visitor past two, keeping the request's own first and then the others in the order first named", () => {
    assert.deepEqual(admit(['x-0001', 'x-0002', 'x-0003', 'own-0001'], 'own-0001'), {
      vouched: undefined,
      minted: ['own-0001', 'x-0001'],
      beyond: ['x-0002', 'x-0003'],
    });
    assert.deepEqual(admit(['x-0003', 'x-0001', 'x-0002'], 'unnamed-0001'), {
      vouched: undefined,
      minted: ['x-0003', 'x-0001'],
      beyond: ['x-0002'],
    });
  });

  it('lets a batch of 100 made-up visitors bring two and refuses the other 98', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `made-up-${String(i).padStart(4, '0')}`);
    const admission = admitVisitors(ids, 'cookie-visitor-1', undefined, vouchers);
    assert.deepEqual(admission.minted, ['made-up-0000', 'made-up-0001']);
    assert.equal(admission.beyond.size, 98);
  });

  it('counts the vouched visitor as one of the two, at no cost: beside it a batch mints one visitor more', () => {
    assert.deepEqual(admit(['old-anon-01', 'customer-42', 'x-0001'], 'customer-42', voucherOf('old-anon-01')), {
      vouched: 'old-anon-01',
      minted: ['customer-42'],
      beyond: ['x-0001'],
    });
    assert.deepEqual(admit(['vouched-0001', 'x-0001', 'x-0002'], 'unnamed-0001', voucherOf('vouched-0001')), {
      vouched: 'vouched-0001',
      minted: ['x-0001'],
      beyond: ['x-0002'],
    });
    assert.deepEqual(admit(['x-0001', 'own-0001', 'x-0002'], 'own-0001', voucherOf('own-0001')), {
      vouched: 'own-0001',
      minted: ['x-0001'],
      beyond: ['x-0002'],
    });
  });

  it('mints nobody for a batch naming only its vouched visitor, or no visitor at all', () => {
    assert.deepEqual(admit(['own-0001', 'own-0001'], 'own-0001', voucherOf('own-0001')), {
      vouched: 'own-0001',
      minted: [],
      beyond: [],
    });
    assert.deepEqual(admit([], 'own-0001'), { vouched: undefined, minted: [], beyond: [] });
  });

  it('vouches for nobody with a missing, empty or forged voucher, or one of a visitor the batch does not name', () => {
    for (const voucher of [
      undefined,
      '',
      'A'.repeat(32),
      voucherOf('someone-else'),
      new VisitorVouchers('another-token').voucherOf('own-0001'),
    ])
      assert.deepEqual(
        admit(['own-0001', 'x-0001', 'x-0002'], 'own-0001', voucher),
        { vouched: undefined, minted: ['own-0001', 'x-0001'], beyond: ['x-0002'] },
        String(voucher),
      );
  });

  it('never lets a batch name more than two visitors in all, and refuses none of a batch naming two or fewer', () => {
    const pool = ['a-0001', 'b-0002', 'c-0003', 'd-0004', 'e-0005'];
    for (let n = 0; n <= pool.length; n += 1) {
      const named = pool.slice(0, n);
      const userIds = [...named, ...named.slice().reverse()];
      for (const requestUser of ['a-0001', 'c-0003', 'unnamed-0001'])
        for (const voucher of [undefined, 'forged', ...[...pool, 'unnamed-0001'].map(voucherOf)])
          checkAdmission(admitVisitors(userIds, requestUser, voucher, vouchers), named, requestUser, voucher);
    }
  });
});

/** What every admission holds, whatever the batch, the cookie's visitor and the voucher. */
function checkAdmission(a: Admission, named: string[], requestUser: string, voucher: string | undefined): void {
  const says = JSON.stringify({ named, requestUser, voucher, ...plain(a) });
  const vouchedFor = named.find((id) => voucher === voucherOf(id));
  assert.equal(a.vouched, vouchedFor, says);
  const admitted = [...(a.vouched === undefined ? [] : [a.vouched]), ...a.minted];
  assert.ok(admitted.length <= 2, `more than two visitors: ${says}`);
  assert.equal(new Set(admitted).size, admitted.length, `a visitor counted twice: ${says}`);
  assert.deepEqual([...admitted, ...a.beyond].sort(), [...named].sort(), `each named visitor is one of them: ${says}`);
  if (named.length <= 2) assert.equal(a.beyond.size, 0, `refused within two: ${says}`);
  if (named.includes(requestUser)) assert.ok(admitted.includes(requestUser), `the request's own refused: ${says}`);
}

describe('vouchable(admission, requestUser, voucher, vouchers)', () => {
  const paidFor = (userIds: string[], requestUser: string, voucher?: string) =>
    vouchable(admitVisitors(userIds, requestUser, voucher, vouchers), requestUser, voucher, vouchers);

  it("is the request's visitor once this batch took it from the budget", () => {
    assert.equal(paidFor(['own-0001'], 'own-0001'), 'own-0001');
    assert.equal(paidFor(['old-anon-01', 'own-0001'], 'own-0001', voucherOf('old-anon-01')), 'own-0001');
  });

  it("is the request's visitor when it was vouched already, by an event's voucher or the cookie's with no event naming it", () => {
    assert.equal(paidFor(['own-0001', 'x-0001'], 'own-0001', voucherOf('own-0001')), 'own-0001');
    assert.equal(paidFor(['x-0001', 'x-0002'], 'own-0001', voucherOf('own-0001')), 'own-0001');
  });

  it('is nobody for a fresh cookie id beside events naming the visitor vouched last, so no unpaid voucher leaves', () => {
    assert.equal(paidFor(['harvested-0001'], 'harvested-0002', voucherOf('harvested-0001')), undefined);
  });

  it("is nobody for a cookie's visitor that no event names and no voucher vouches for, while the batch minted others", () => {
    assert.equal(paidFor(['x-0001', 'x-0002'], 'own-0001'), undefined);
    assert.equal(paidFor(['x-0001'], 'own-0001', 'A'.repeat(32)), undefined);
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
