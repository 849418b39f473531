import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { html } from '../../../relay/pages/html.js';
import { SNIPPET_STUB, storefrontLayout } from '../../../relay/demo/storefront-layout.js';

const page = (title = 'Cart', content = html`<p id="inside">the content</p>`) =>
  storefrontLayout({ title, page: 'cart', content }).text;

/** Every `<script>` of a page: its attributes and its inline text. */
const scripts = (text: string) =>
  [...text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, inline]) => ({
    attributes: attributes!.trim(),
    inline: inline!,
  }));

describe("the demo storefront's layout (relay/demo/storefront-layout.ts)", () => {
  it('carries the stub a shop pastes, byte for byte as README and snippet/stub.js give it', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const pasted = /```html\n<script>(.*)<\/script>\n<script async src="\/sb\/shopbeacon\.js"/.exec(readme)?.[1];
    assert.equal(pasted, SNIPPET_STUB);
    assert.equal(readFileSync(new URL('../../../snippet/stub.js', import.meta.url), 'utf8').trim(), SNIPPET_STUB);
  });

  it('runs one inline script, the stub, so the hash the page is sent with allows every inline script it has', () => {
    const found = scripts(page());
    assert.deepEqual(
      found.filter((s) => !/\bsrc=/.test(s.attributes)),
      [{ attributes: '', inline: SNIPPET_STUB }],
    );
    assert.deepEqual(
      found.filter((s) => /\bsrc=/.test(s.attributes)).map((s) => [s.attributes, s.inline]),
      [
        ['async src="/shopbeacon.js"', ''],
        ['type="module" src="/demo/assets/storefront.js"', ''],
      ],
    );
  });

  it("escapes the title, names the page for the storefront's script and puts the content in <main> as built", () => {
    const text = page('</title><script>alert(1)</script>');
    assert.match(text, /<title>&lt;\/title&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt; · Northwind Goods<\/title>/);
    assert.equal(scripts(text).length, 3, 'the title added no script');
    assert.match(text, /<body data-page="cart">/);
    assert.match(text, /<main class="shop-main"><p id="inside">the content<\/p><\/main>/);
  });

  it("links only the relay's own assets and pages, the cart count and the debugger among them", () => {
    const text = page();
    const links = [...text.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((m) => m[1]);
    assert.deepEqual(
      links.filter((link) => !link!.startsWith('/')),
      [],
      'every link is a path of this origin',
    );
    assert.ok(links.includes('/_debug/') && links.includes('/cart') && links.includes('/demo/assets/storefront.css'));
    assert.match(text, /id="cart-count">0</);
  });
});
