import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { ADMIN_KEY, SERVICE_TOKEN } from './relay-harness.js';

export interface RelayProcess {
  child: ChildProcess;
  url: string;
  output: string[];
}

/** Starts `shopbeacon relay` (the built CLI) as a real process and resolves once it listens. */
export async function spawnRelay(
  baseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RelayProcess> {
  const child = spawn(process.execPath, ['bin/shopbeacon.js', 'relay', '--port', '0'], {
    env: {
      ...process.env,
      SHOPBEACON_BASE_URL: baseUrl,
      SHOPBEACON_TOKEN: SERVICE_TOKEN,
      SHOPBEACON_ADMIN_KEY: ADMIN_KEY,
      SHOPBEACON_DATA_DIR: dataDir,
      SHOPBEACON_RATE_LIMIT_IP: '0',
      SHOPBEACON_RATE_LIMIT_USER: '0',
      // Like the rate limits, off unless a test is about it: every test's visitors come from 127.0.0.1.
      SHOPBEACON_NEW_VISITORS_PER_HOUR: '0',
      SHOPBEACON_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /listening on (http:\/\/[\d.:]+)/.exec(chunk.toString());
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`relay exited with ${code}: ${output.join('')}`)));
  });
  return { child, url, output };
}

/** Kills with SIGKILL (no cleanup at all, as a crash or an OOM kill) and waits for the exit. */
export async function killHard(relay: RelayProcess): Promise<void> {
  if (relay.child.exitCode !== null || relay.child.signalCode !== null) return;
  const exited = once(relay.child, 'exit');
  relay.child.kill('SIGKILL');
  await exited;
}
