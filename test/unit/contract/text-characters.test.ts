import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkTextCharacters } from '../../../relay/contract/text-characters.js';

const found = (value: unknown) => checkTextCharacters(value).map((e) => `${e.path}: ${e.message}`);

describe('checkTextCharacters(record)', () => {
  it('finds nothing in text with tabs, line breaks, accents, emoji and right-to-left script', () => {
    assert.deepEqual(
      found({ name: 'Crème brûlée\tset', description: 'line one\r\nline two 🍮', city: 'القاهرة', qty: 2 }),
      [],
    );
  });

  it('names each string holding a control character or a lone surrogate by its path, at any depth', () => {
    assert.deepEqual(
      found({
        event_type: 'Added\u0000To Cart',
        line_items: [{ name: 'Mug' }, { name: 'Tea\u007f' }],
        address: { city: 'Lyon\uD800' },
        note: 'bell \u0085',
      }),
      [
        'event_type: holds the control character U+0000: not text',
        'line_items[1].name: holds the control character U+007F: not text',
        'address.city: holds a lone UTF-16 surrogate (U+D800): not text',
        'note: holds the control character U+0085: not text',
      ],
    );
  });

  it('finds a forbidden character in a property name, and keeps a surrogate pair whole', () => {
    assert.deepEqual(found({ properties: { 'col\u0001or': 'red' } }), [
      'properties.col\u0001or: its name holds the control character U+0001: not text',
    ]);
    assert.deepEqual(found({ name: '\uD83C\uDF75 tea' }), []);
    assert.deepEqual(found({ name: 'half \uDF75' }), ['name: holds a lone UTF-16 surrogate (U+DF75): not text']);
  });

  it('reads a bare string and starts its paths where it is told', () => {
    assert.deepEqual(found('ok'), []);
    assert.deepEqual(
      checkTextCharacters(['a', 'b\u0002'], 'events').map((e) => e.path),
      ['events[1]'],
    );
  });
});
