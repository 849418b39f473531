import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { askServiceTime } from '../../../relay/delivery/service-time.js';

const SERVICE_DATE = 'Sun, 06 Dec 2026 10:00:00 GMT';

/** A stand-in for the service that answers every request 404 with its own Date, and what it was asked. */
async function service(answer = true) {
  const asked: { method?: string; url?: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    asked.push({ method: req.method, url: req.url, headers: req.headers });
    if (!answer) return;
    res.writeHead(404, { date: SERVICE_DATE });
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api`, asked, close: () => (server.closeAllConnections(), server.close()) };
}

describe('askServiceTime(baseUrl, timeoutMs, signal)', () => {
  it("reads the Date of the service's answer to a HEAD of the base URL, whatever its status, sending no token", async () => {
    const s = await service();
    try {
      assert.equal(await askServiceTime(s.url, 5_000, new AbortController().signal), SERVICE_DATE);
      assert.equal(s.asked.length, 1);
      assert.equal(s.asked[0]?.method, 'HEAD');
      assert.equal(s.asked[0]?.url, '/api');
      assert.equal(s.asked[0]?.headers.authorization, undefined);
      assert.equal(s.asked[0]?.headers.connection, 'close', 'no connection kept for one question');
    } finally {
      s.close();
    }
  });

  it('gives up when the relay closes before an answer comes, and when nothing listens', async () => {
    const s = await service(false);
    try {
      const closing = new AbortController();
      const question = askServiceTime(s.url, 60_000, closing.signal);
      while (s.asked.length === 0) await new Promise((resolve) => setImmediate(resolve));
      closing.abort();
      await assert.rejects(question);
    } finally {
      s.close();
    }
    await assert.rejects(askServiceTime('http://127.0.0.1:9/', 5_000, new AbortController().signal));
  });
});
