import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compact, FieldReader, firstText, htmlToText, plainText } from '../../../relay/platforms/platform-values.js';

describe('FieldReader', () => {
  it('reads amounts sent as text or numbers, and names the service field of one it cannot', () => {
    const reader = new FieldReader();
    assert.deepEqual(
      [reader.amount('598.94', 'order_value'), reader.amount(55, 'order_value'), reader.amount('', 'order_value')],
      [598.94, 55, undefined],
    );
    assert.equal(reader.amount('12,50', 'line_item_price'), undefined);
    assert.equal(reader.amount({ toString: 0 }, 'order_value'), undefined);
    assert.deepEqual(
      reader.errors.map((e) => [e.path, e.code, e.message]),
      [
        ['line_item_price', 'bad_format', 'must be a decimal amount, got "12,50"'],
        ['order_value', 'bad_format', 'must be a decimal amount, got "[object]"'],
      ],
    );
  });

  it('reads ids as safe numbers or exact bigints, 0 as none, and refuses any other', () => {
    const reader = new FieldReader();
    assert.deepEqual(
      [
        reader.id(7, 'id'),
        reader.id('7', 'id'),
        reader.id('1234567890123456789', 'id'),
        reader.id(0, 'id'),
        reader.id(2n ** 63n, 'id'),
      ],
      [7, 7, 1234567890123456789n, undefined, 2n ** 63n],
    );
    assert.equal(reader.id(1.5, 'product_id'), undefined);
    assert.deepEqual(
      reader.errors.map((e) => e.message),
      ['must be an integer id, got "1.5"'],
    );
  });

  it('writes a timestamp with an offset in UTC and keeps one without as it is', () => {
    const reader = new FieldReader();
    assert.equal(reader.utc('2026-11-21T13:01:19-04:00', 'date_created_gmt'), '2026-11-21 17:01:19');
    assert.equal(reader.utc('2026-11-21T13:01:19', 'date_created_gmt'), '2026-11-21T13:01:19');
    assert.equal(reader.utc(1_764_669_600, 'date_created_gmt'), undefined);
    assert.deepEqual(
      reader.errors.map((e) => [e.path, e.code]),
      [['date_created_gmt', 'bad_timestamp']],
    );
  });
});

describe('the text of platform payloads', () => {
  it('takes the first text that is not blank, trimmed', () => {
    assert.equal(firstText(undefined, '  ', 3, ' Lyon '), 'Lyon');
    assert.equal(firstText('', null), undefined);
  });

  it("decodes WordPress's entities, drops invisible controls and folds whitespace", () => {
    assert.equal(plainText('Tea &amp; Coffee &ndash; 2\u0007 for\t\n1'), 'Tea & Coffee – 2 for 1');
    assert.equal(plainText(' \u0000 '), undefined);
  });

  it('reads a description as text: tags become spaces, scripts and styles vanish with their content', () => {
    assert.equal(
      htmlToText('<p>Hand&shy;made <b>mug</b></p><script>alert(1)</script><style>p{}</style><ul><li>350 ml</li></ul>'),
      'Hand\u00admade mug 350 ml',
    );
    assert.equal(htmlToText(undefined), undefined);
  });

  it('drops the fields a platform lacks rather than sending them undefined', () => {
    assert.deepEqual(compact({ a: 1, b: undefined, c: null, d: '' }), { a: 1, c: null, d: '' });
  });
});
