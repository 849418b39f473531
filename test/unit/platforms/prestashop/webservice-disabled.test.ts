import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { KEY_REFUSED, webserviceDisabled } from '../../../../relay/platforms/prestashop/webservice-disabled.js';

/** The first answer of a recording of a real PrestaShop (`scripts/record-shop.mjs`), or the first with `status`. */
function recorded(name: string, status?: number): { status: number; body: string } {
  const file = new URL(`../../../connectors/prestashop/fixtures/recorded/${name}`, import.meta.url);
  const { exchanges } = JSON.parse(readFileSync(file, 'utf8')) as { exchanges: { status: number; body: string }[] };
  const exchange = exchanges.find((e) => status === undefined || e.status === status);
  assert.ok(exchange, `${name} has an answer ${status}`);
  return exchange;
}

/** An error answer as PrestaShop writes it in XML, before it has read `output_format`. */
const xmlErrors = (...errors: [number, string][]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n<errors>\n${errors
    .map(
      ([code, message]) =>
        `<error>\n<code><![CDATA[${code}]]></code>\n<message><![CDATA[${message}]]></message>\n</error>\n`,
    )
    .join('')}</errors>\n</prestashop>\n`;

const DISABLED =
  'PrestaShop\'s Webservice is disabled: turn on "Enable PrestaShop\'s webservice" (Advanced Parameters → Webservice)';
const CHECK_KEY =
  'check SHOPBEACON_PRESTASHOP_KEY, and that the key exists and its Status is on (Advanced Parameters → Webservice)';

describe('webserviceDisabled(status, text)', () => {
  it("says the Webservice is off, and where to turn it on, for a real shop's 503 with code 22", () => {
    const answer = recorded('connect-webservice-disabled.json');
    assert.equal(answer.status, 503);
    assert.equal(webserviceDisabled(answer.status, answer.body), DISABLED);
  });

  it('reads the same answer written in XML', () => {
    const xml = xmlErrors([
      22,
      'The PrestaShop webservice is disabled. Please activate it in the PrestaShop Back Office',
    ]);
    assert.equal(webserviceDisabled(503, xml), DISABLED);
  });

  it("refuses an inactive key with PrestaShop's codes and words, and what to check, for a real shop's 401", () => {
    const answer = recorded('connect-inactive-key.json');
    const sentence = webserviceDisabled(answer.status, answer.body);
    assert.equal(
      sentence,
      `${KEY_REFUSED} (401, code 20 Authentification key is not active; 21 No permission for this authentication key): ${CHECK_KEY}`,
    );
    assert.ok(sentence?.startsWith(KEY_REFUSED), '`connect prestashop` tells a refused key by how it begins');
  });

  it('refuses a key of the wrong length, code 18, written in XML', () => {
    assert.equal(
      webserviceDisabled(401, xmlErrors([18, 'Invalid authentication key format'])),
      `${KEY_REFUSED} (401, code 18 Invalid authentication key format): ${CHECK_KEY}`,
    );
  });

  it("leaves a resource the key may not read (code 26, a real shop's partial key) to `connect prestashop`, which names it", () => {
    const answer = recorded('connect-partial-key.json', 401);
    assert.match(answer.body, /"code":26/);
    assert.equal(webserviceDisabled(answer.status, answer.body), undefined);
    assert.equal(
      webserviceDisabled(
        401,
        xmlErrors(
          [21, 'No permission for this authentication key'],
          [26, 'Resource of type "customers" is not allowed with this authentication key'],
        ),
      ),
      undefined,
    );
  });

  it('leaves every other answer to be retried or reported as it is', () => {
    const html = recorded('backfill.json', 500);
    assert.equal(webserviceDisabled(html.status, html.body), undefined, "a shop's HTML error page");
    assert.equal(webserviceDisabled(503, '<html><body>Maintenance</body></html>'), undefined, 'a 503 without code 22');
    assert.equal(
      webserviceDisabled(500, '{"errors":[{"code":22,"message":"disabled"}]}'),
      undefined,
      'code 22 but no 503',
    );
    assert.equal(
      webserviceDisabled(403, '{"errors":[{"code":20,"message":"Authentification key is not active"}]}'),
      undefined,
      'a key code but no 401',
    );
    assert.equal(
      webserviceDisabled(401, '{"errors":[{"code":17,"message":"Authentication key is empty"}]}'),
      undefined,
      'no key sent at all',
    );
    assert.equal(webserviceDisabled(401, ''), undefined, 'an empty answer');
  });
});
