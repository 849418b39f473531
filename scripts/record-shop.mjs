// Records a real shop's API answers as test fixtures: a proxy on loopback that forwards
// every request to the shop and writes each exchange (method, path and query without secrets,
// status, content type, body) to one JSON file, which test/helpers/recorded-shop.ts replays. Point
// `shopbeacon backfill <platform>` or `connect` at it, and what the connector really reads is
// recorded, nothing more:   node scripts/record-shop.mjs --target http://127.0.0.1:8091 --out
// test/connectors/prestashop/fixtures/recorded/backfill.json   SHOPBEACON_PRESTASHOP_KEY=… npx
// shopbeacon backfill prestashop --url http://127.0.0.1:8099 … Ctrl-C (or SIGTERM) writes the file.
// Authorization headers and key query parameters are never written; the answers are the shop's own
// bytes.
import { Buffer } from 'node:buffer';
import { writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { request } from 'undici';

const { values } = parseArgs({
  options: { target: { type: 'string' }, out: { type: 'string' }, port: { type: 'string', default: '8099' } },
});
if (!values.target || !values.out) {
  console.error('usage: node scripts/record-shop.mjs --target <shop base URL> --out <file.json> [--port 8099]');
  process.exit(2);
}

/** Query parameters that carry a secret on some platforms: never written. */
const SECRET_PARAMS = ['ws_key', 'consumer_key', 'consumer_secret', 'access_token'];
const exchanges = [];

function withoutSecrets(path) {
  const url = new URL(path, 'http://recorded');
  for (const name of SECRET_PARAMS) url.searchParams.delete(name);
  return url.pathname + url.search;
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    const headers = { ...req.headers, host: new URL(values.target).host };
    try {
      const answer = await request(new URL(req.url, values.target), {
        method: req.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      const body = await answer.body.text();
      const contentType = String(answer.headers['content-type'] ?? '');
      exchanges.push({
        method: req.method,
        path: withoutSecrets(req.url),
        status: answer.statusCode,
        contentType,
        body,
      });
      res.writeHead(answer.statusCode, contentType ? { 'content-type': contentType } : {}).end(body);
    } catch (error) {
      res.writeHead(502).end(String(error));
    }
  });
});

function save() {
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(
    values.out,
    `${JSON.stringify({ recordedAt: new Date().toISOString(), target: values.target, exchanges }, null, 1)}\n`,
  );
  console.log(`${exchanges.length} exchanges written to ${values.out}`);
  process.exit(0);
}
process.on('SIGINT', save);
process.on('SIGTERM', save);
server.listen(Number(values.port), '127.0.0.1', () =>
  console.log(`recording ${values.target} on http://127.0.0.1:${values.port}`),
);
