import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { relayForSuite } from '../helpers/relay-harness.js';

/** Node's default keepAliveTimeout: a proxy's idle upstream connection outlived it and met a closing socket (a 502). */
const NODE_DEFAULT_KEEP_ALIVE_MS = 5_000;

/** One HTTP/1.1 request on the socket; resolves with the status line of its answer. */
async function get(socket: Socket, host: string): Promise<string> {
  socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
  const [chunk] = (await once(socket, 'data')) as [Buffer];
  return chunk.toString().split('\r\n')[0] ?? '';
}

describe("a kept-alive connection to the relay, as nginx's upstream keeps it", () => {
  const h = relayForSuite();

  it("is still open and answers after an idle time longer than Node's default keep-alive", async () => {
    const { hostname, port } = new URL(h.url);
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    let closedAt: number | undefined;
    socket.on('close', () => (closedAt = Date.now()));
    try {
      assert.match(await get(socket, `${hostname}:${port}`), /^HTTP\/1\.1 200/);
      // The idle time is what is tested: nothing to await but the clock.
      await sleep(NODE_DEFAULT_KEEP_ALIVE_MS + 1_000);
      assert.equal(closedAt, undefined, 'the relay closed the idle connection before nginx would have');
      assert.match(await get(socket, `${hostname}:${port}`), /^HTTP\/1\.1 200/);
    } finally {
      socket.destroy();
    }
  });
});
