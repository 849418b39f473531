import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const PLUGIN_DIR = 'integrations/woocommerce';

/** Why the plugin's PHP cannot run here, if it cannot (`scripts/ensure-tools.mjs` installs php-cli). */
export function phpUnavailable(): string | undefined {
  try {
    execFileSync('php', ['--version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'php is not installed (apt-get install php-cli; npm run test:integration does it as root)';
  }
}

/** Every PHP file of the plugin and its test stand-ins. */
export function phpFiles(dir = PLUGIN_DIR): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? phpFiles(path) : path.endsWith('.php') ? [path] : [];
  });
}

export interface PluginScenario {
  /** WordPress options: `woocommerce_shopbeacon_settings` holds the plugin's. */
  options?: Record<string, unknown>;
  cookies?: Record<string, string>;
  user_id?: number;
  /** A product id: the request is that product's page. */
  product_page?: number;
  /** `['add' | 'remove', product_id, quantity, variation_id?]`. */
  actions?: [string, number, number, number?][];
}

export interface PluginRequest {
  head: string;
  settings: Record<string, string>;
  log: { level: string; message: string; source: string }[];
  stderr: string;
}

/**
 * One WordPress request with the plugin (integrations/woocommerce/tests/run-scenario.php) as a
 * real PHP process, spawned asynchronously so this process's relay can answer its cart events.
 */
export function runPluginRequest(scenario: PluginScenario): Promise<PluginRequest> {
  const child = spawn('php', [join(PLUGIN_DIR, 'tests', 'run-scenario.php'), JSON.stringify(scenario)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('close', (code) => (code === 0 ? resolve({ ...(JSON.parse(stdout) as Omit<PluginRequest, 'stderr'>), stderr }) : reject(new Error(`php exited with ${code}: ${stderr}${stdout}`)))),
  );
}

/** The plugin's settings option with the relay at `url` and the admin key. */
export const pluginSettings = (url: string, adminKey: string, extra: Record<string, unknown> = {}) => ({
  woocommerce_shopbeacon_settings: { public_path: '/sb/', local_url: url, admin_key: adminKey },
  ...extra,
});
