import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { scriptHash, strictCsp } from '../../../relay/pages/content-security-policy.js';
import { escapeHtml, html } from '../../../relay/pages/html.js';

describe("the relay's pages", () => {
  it('escape every interpolated value, and pass what the html tag built as it is', () => {
    const name = `<img src=x onerror="alert('x')">&`;
    const inner = html`<b>${name}</b>`;
    assert.equal(
      html`<p title="${name}">${inner}${[html`<i>1</i>`, '<2>']}${undefined}${false}</p>`.text,
      `<p title="${escapeHtml(name)}"><b>&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;</b><i>1</i>&lt;2&gt;</p>`,
    );
  });

  it('allow an inline script by its SHA-256 only, under a policy that allows nothing else', () => {
    const stub = 'window.shopbeacon=window.shopbeacon||function(){}';
    const hash = scriptHash(stub);
    assert.equal(hash, `'sha256-${createHash('sha256').update(stub).digest('base64')}'`);
    const policy = strictCsp([hash]);
    assert.match(policy, /^default-src 'none'; script-src 'self' 'sha256-[^']+'; /);
    assert.match(policy, /frame-ancestors 'none'$/);
  });
});
