import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stopChild } from './redis-server.js';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'];

/** Why Debian's nginx cannot be used here, if it cannot (`npm test` installs it as root). */
export function nginxUnavailableReason(): string | undefined {
  return NGINX.some((path) => existsSync(path))
    ? undefined
    : 'nginx is not installed (apt-get install nginx; npm test does it as root)';
}

async function waitForPort(port: number, child: ChildProcess, log: string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${readFileSync(log, 'utf8')}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      }).on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A real nginx in the foreground, on a loopback port, with its own prefix, temp dirs and logs. */
export class NginxServer {
  port = 0;
  readonly dir = mkdtempSync(join(tmpdir(), 'sb-nginx-'));
  private child: ChildProcess | undefined;

  /** `httpBlock` is the inside of `http { }`; `{{port}}` in it becomes the listening port. */
  async start(httpBlock: string): Promise<this> {
    this.port = await freePort();
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      mkdirSync(join(this.dir, sub), { recursive: true });
    const log = join(this.dir, 'error.log');
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `${kind}_temp_path ${join(this.dir, kind === 'client_body' ? 'body' : kind)};`,
    );
    const conf = [
      'daemon off;',
      'master_process off;',
      'worker_processes 1;',
      `pid ${join(this.dir, 'nginx.pid')};`,
      `error_log ${log} warn;`,
      'events { worker_connections 256; }',
      `http { access_log off; ${temp.join(' ')}\n${httpBlock.replaceAll('{{port}}', String(this.port))}\n}`,
    ].join('\n');
    writeFileSync(join(this.dir, 'nginx.conf'), conf);
    const binary = NGINX.find((path) => existsSync(path)) as string;
    this.child = spawn(binary, ['-p', this.dir, '-c', join(this.dir, 'nginx.conf'), '-e', log], { stdio: 'ignore' });
    await waitForPort(this.port, this.child, log);
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    return stopChild(this.child, 'SIGTERM');
  }
}
