import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientCredentialsToken, grantRefusal } from '../../../../relay/platforms/shopify/shopify-token.js';

/** A token endpoint on loopback: each grant answers the next token, living `lifeS` seconds. */
function tokenEndpoint(lifeS: number): { server: Server; grants: string[]; url: () => string } {
  const grants: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      grants.push(body);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ access_token: `shpat_${grants.length}`, scope: 'read_orders', expires_in: lifeS }));
    });
  });
  return { server, grants, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('ClientCredentialsToken', () => {
  const endpoint = tokenEndpoint(86_399);
  let now = 1_000_000;
  before(() => new Promise<void>((done) => endpoint.server.listen(0, '127.0.0.1', done)));
  after(() => new Promise<void>((done) => endpoint.server.close(() => done())));

  it('mints with a form-encoded client credentials grant, once for calls that wait together, and keeps the token until 5 minutes before it expires', async () => {
    const token = new ClientCredentialsToken(
      { origin: endpoint.url(), clientId: 'id-1', clientSecret: 'secret-1' },
      () => now,
    );
    assert.deepEqual(await Promise.all([token.current(), token.current(), token.current()]), [
      'shpat_1',
      'shpat_1',
      'shpat_1',
    ]);
    assert.deepEqual(Object.fromEntries(new URLSearchParams(endpoint.grants[0])), {
      grant_type: 'client_credentials',
      client_id: 'id-1',
      client_secret: 'secret-1',
    });
    now += (86_399 - 301) * 1000;
    assert.equal(await token.current(), 'shpat_1');
    now += 2_000;
    assert.equal(await token.current(), 'shpat_2', 'renewed inside the last five minutes');
  });

  it('mints a fresh token once the API refused the one it has', async () => {
    const token = new ClientCredentialsToken(
      { origin: endpoint.url(), clientId: 'id-1', clientSecret: 'secret-1' },
      () => now,
    );
    const first = await token.current();
    assert.equal(token.refused(first), true);
    assert.notEqual(await token.current(), first);
  });
});

describe('grantRefusal(status, body, shop)', () => {
  it('names the variables to check for invalid_client, without the secret', () => {
    assert.match(
      grantRefusal(
        400,
        { error: 'invalid_client', error_description: 'Client authentication failed' },
        'https://snowdevil.myshopify.com',
      ),
      /^Shopify refused the client credentials \(400 invalid_client Client authentication failed\): check SHOPBEACON_SHOPIFY_CLIENT_ID/,
    );
  });

  it('says to install the app for app_not_installed', () => {
    assert.match(
      grantRefusal(
        400,
        { error: 'app_not_installed', error_description: 'The application is not installed on this shop.' },
        'https://snowdevil.myshopify.com',
      ),
      /install the app on https:\/\/snowdevil\.myshopify\.com/,
    );
  });

  it("reads the code from Shopify's plain-text OAuth error (shop_not_permitted)", () => {
    assert.match(
      grantRefusal(
        400,
        { error_description: 'Oauth error shop_not_permitted: Client credentials cannot be performed on this shop.' },
        'https://x.myshopify.com',
      ),
      /^Shopify refused the token grant \(400 shop_not_permitted Oauth error .*\): the client credentials grant works only for an app of the store's own organization/,
    );
  });
});
