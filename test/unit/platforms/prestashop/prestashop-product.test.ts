import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { imageUrl, inLanguage } from '../../../../relay/platforms/prestashop/prestashop-product.js';

describe('PrestaShop products', () => {
  it('builds public image URLs on the physical path and reads multilingual fields in the default language', () => {
    assert.equal(imageUrl('https://shop.example/', '123'), 'https://shop.example/img/p/1/2/3/123-large_default.jpg');
    assert.equal(imageUrl('https://shop.example', '0'), undefined);
    assert.equal(
      inLanguage(
        [
          { id: '1', value: 'Mug' },
          { id: '2', value: 'Tasse' },
        ],
        '2',
      ),
      'Tasse',
    );
  });
});
