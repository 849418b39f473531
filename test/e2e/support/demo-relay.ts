import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `shopbeacon relay` in demo mode, as `npm start` runs it: no base URL, the embedded mock, the storefront. */
export class DemoRelay {
  url = '';
  mockUrl = '';
  output = '';
  private child!: ChildProcess;

  async start(env: Record<string, string> = {}): Promise<this> {
    const { SHOPBEACON_BASE_URL: _base, SHOPBEACON_TOKEN: _token, SHOPBEACON_ADMIN_KEY: _key, ...clean } = process.env;
    this.child = spawn(process.execPath, ['bin/shopbeacon.js', 'relay', '--port', '0'], {
      env: {
        ...clean,
        SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-demo-')),
        SHOPBEACON_LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      this.child.stdout?.on('data', (chunk: Buffer) => {
        this.output += chunk.toString();
        const relay = /listening on (http:\/\/[\d.:]+)/.exec(this.output);
        const mock = /mock service:\s+(http:\/\/[\d.:]+)/.exec(this.output);
        if (relay && mock) {
          this.url = relay[1]!;
          this.mockUrl = mock[1]!;
          resolve();
        }
      });
      this.child.once('exit', (code) => reject(new Error(`demo relay exited with ${code}: ${this.output}`)));
    });
    return this;
  }

  /** What the embedded mock service holds, read over HTTP as any user would. */
  async records(kind: 'events' | 'orders'): Promise<Record<string, unknown>[]> {
    const response = await fetch(`${this.mockUrl}/_mock/records?kind=${kind}`);
    return (await response.json()) as Record<string, unknown>[];
  }

  async stop(): Promise<void> {
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await exited;
  }
}
