import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { KEEP_ALIVE_TIMEOUT_MS, listen, stopListening } from '../../../relay/http/listen.js';

/** A server whose every answer takes `ms`, as a relay's does while it commits a batch. */
const slowAnswers = (ms: number) =>
  listen(
    (req, res) => {
      req.resume();
      req.once('end', () => setTimeout(() => res.end('ok'), ms));
    },
    0,
    '127.0.0.1',
  );

describe('listen and stopListening', () => {
  it('keeps an idle connection open longer than the proxies in front keep theirs', async (t) => {
    const { server } = await slowAnswers(0);
    t.after(() => server.closeAllConnections());
    t.after(() => server.close());
    assert.ok(server.keepAliveTimeout >= 60_000);
    assert.equal(server.keepAliveTimeout, KEEP_ALIVE_TIMEOUT_MS);
  });

  it('ends a stop at once beside a connection that never sent a byte, as a browser preconnects, and lets it go', async (t) => {
    const { server } = await slowAnswers(0);
    t.after(() => server.closeAllConnections());
    const address = server.address() as { port: number };
    const preconnect = connect(address.port, '127.0.0.1');
    t.after(() => preconnect.destroy());
    await Promise.all([once(preconnect, 'connect'), once(server, 'connection')]);
    // Awaited with nothing else to end it: before, it held the stop for the keep-alive timeout (65 s).
    await stopListening(server);
    await once(preconnect, 'close');
  });

  it('ends a stop while its clients go on asking on their kept-alive connections, answering what was asked before it', async (t) => {
    const { server, url } = await slowAnswers(5);
    const agent = new Agent({ connections: 16 });
    t.after(() => agent.close());
    t.after(() => server.closeAllConnections());
    let busy = true;
    const answers: { status: number; connection: unknown }[] = [];
    // Sixteen shoppers, each asking again within 20 ms of its last answer, as a proxy's pool carries them.
    const shopper = async () => {
      while (busy) {
        await delay(Math.random() * 20);
        // A request sent on a connection the stop found between two requests is reset (Node's own
        // close ends idle connections): that race is HTTP/1.1's, and the client's to retry.
        const answer = await request(url, { method: 'POST', body: 'x', dispatcher: agent }).catch(() => undefined);
        await answer?.body.dump();
        if (answer) answers.push({ status: answer.statusCode, connection: answer.headers['connection'] });
      }
    };
    const shoppers = Array.from({ length: 16 }, shopper);
    await delay(300);
    // Stopped as a request arrives, so at least that one is in flight.
    await once(server, 'request');
    const deadline = new AbortController();
    t.after(() => deadline.abort());
    // Without answers saying Connection: close, Node serves new requests on open connections for as long as they come.
    const outcome = await Promise.race([
      stopListening(server).then(() => 'stopped'),
      delay(5_000, 'still open after 5 s', { signal: deadline.signal }),
    ]);
    busy = false;
    await Promise.allSettled(shoppers);
    assert.equal(outcome, 'stopped');
    assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([200]));
    assert.ok(
      answers.some((answer) => answer.connection === 'close'),
      'a request in flight was answered, asking to close',
    );
  });
});
