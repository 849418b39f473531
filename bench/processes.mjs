// Child processes of the benchmarks: started with the current Node, resolved once they print
// "listening on <url>", remembered in `children` so a phase can stop all it started.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

/** The admin key of the relays a bench starts, which its `/stats` and `/metrics` are read with. */
export const BENCH_ADMIN_KEY = 'bench-admin-key-0123456789abcdefghijklmn';

export function startListening(children, args, env = {}, stderr = 'pipe') {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', stderr] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const match = /listening on (http:\/\/[\d.:]+)/.exec(String(chunk));
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/**
 * redis-server from Debian on a free loopback port, in a folder of its own, with the AOF the README
 * asks for (`appendfsync everysec`) unless `aof` is false; remembered in `children`. Its URL, or
 * undefined when redis-server is not installed.
 */
export async function startRedisServer(children, { aof = true, prefix = 'sb-bench-redis-' } = {}) {
  const port = await freePort();
  const persistence = aof ? ['--appendonly', 'yes', '--appendfsync', 'everysec'] : ['--appendonly', 'no'];
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      mkdtempSync(join(tmpdir(), prefix)),
      ...persistence,
      '--save',
      '',
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  children.push(child);
  const ready = await new Promise((resolve) => {
    child.once('error', () => resolve(false));
    child.stdout.on('data', (chunk) => /Ready to accept/.test(String(chunk)) && resolve(true));
  });
  return ready ? `redis://127.0.0.1:${port}` : undefined;
}

/** One run of bench/load.mjs at `/collect` (or the service's `mode`) in its own process: its JSON line. */
export function loadOnce(url, batch, seconds, mode = 'collect') {
  return JSON.parse(
    execFileSync(process.execPath, ['bench/load.mjs', url, mode, String(batch), String(seconds), '50'], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop(),
  );
}
