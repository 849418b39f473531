// The delivery thread in a process that ends by itself (an import, a backfill): the built module,
// as the CLI runs it, without tsx (whose own loader thread would keep the process up and hide it).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';

describe('ThreadedUpstreamClient in a process that ends (an import, a backfill)', () => {
  it('keeps the process alive while close waits for the thread, though an idle thread holds nothing', async () => {
    const server = createServer((request, response) => request.resume().on('end', () => response.writeHead(202).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const options = {
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: 't',
      deliveryConcurrency: 1,
      deliveryTimeoutMs: 5_000,
    };
    const module = new URL('../../dist/relay/delivery/threaded-upstream-client.js', import.meta.url).href;
    const script = `const { ThreadedUpstreamClient } = await import(${JSON.stringify(module)});
      const client = new ThreadedUpstreamClient(${JSON.stringify(options)});
      console.log((await client.post('/v1/track', '{}')).status);
      await client.close();
      console.log('closed');`;
    // The service answers from this process, so the child runs beside it, not in place of its loop.
    const child = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    }).then(
      ({ stdout }) => ({ status: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        status: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );
    server.close();
    // Exit code 13 is Node's "unsettled top-level await": the loop emptied while close still waited.
    assert.deepEqual(
      { status: child.status, out: child.stdout.trim().split('\n') },
      { status: 0, out: ['202', 'closed'] },
      child.stderr,
    );
  });
});
