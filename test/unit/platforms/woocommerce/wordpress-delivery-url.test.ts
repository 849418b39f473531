import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { undeliverableByWordPress } from '../../../../relay/platforms/woocommerce/wordpress-delivery-url.js';

describe('undeliverableByWordPress(deliveryUrl, siteUrl), after wp_http_validate_url', () => {
  it('lets through a public https address, and a safe port on any host', () => {
    assert.equal(
      undeliverableByWordPress('https://shop.example/sb/webhooks/woocommerce', 'https://shop.example'),
      undefined,
    );
    assert.equal(
      undeliverableByWordPress('http://relay.example:8080/webhooks/woocommerce', 'https://shop.example'),
      undefined,
    );
  });

  it("lets through the site's own host and port, loopback included", () => {
    assert.equal(
      undeliverableByWordPress('https://127.0.0.1:8443/sb/webhooks/woocommerce', 'https://127.0.0.1:8443'),
      undefined,
    );
  });

  it("refuses a loopback or private address other than the site's own", () => {
    assert.match(
      undeliverableByWordPress('http://127.0.0.1/webhooks/woocommerce', 'https://shop.example') ?? '',
      /127\.0\.0\.1, a loopback or private address/,
    );
    assert.match(
      undeliverableByWordPress('https://192.168.1.20/webhooks/woocommerce', 'https://shop.example') ?? '',
      /private address/,
    );
    assert.match(
      undeliverableByWordPress('https://172.20.0.5/webhooks/woocommerce', 'https://shop.example') ?? '',
      /private address/,
    );
  });

  it("refuses a port other than 80, 443 and 8080 unless it is the site's own host and port", () => {
    assert.match(
      undeliverableByWordPress('https://relay.example:8787/webhooks/woocommerce', 'https://shop.example') ?? '',
      /not to port 8787/,
    );
    assert.match(
      undeliverableByWordPress('https://127.0.0.1:8787/webhooks/woocommerce', 'https://127.0.0.1:8443') ?? '',
      /not to port 8787/,
    );
  });
});
