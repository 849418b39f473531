import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Argument, Command } from 'commander';
import { platformUrl } from '../config/setting-parsers.js';
import { packageRoot } from '../shared/package-root.js';

/** The setting line at the top of `dist/shopify-pixel.js` (rollup.config.mjs writes it). */
const RELAY_LINE = /^const SHOPBEACON_RELAY = .*;$/m;

/** What an operator must do besides pasting: said on stderr, so stdout stays the code alone. */
function shopifySteps(relay: string): string {
  return [
    'Paste the code above in Shopify admin: Settings > Customer events > Add custom pixel, then Save and Connect.',
    'Customer privacy: Permission "Required", Analytics; Data sale "Data collected does not qualify as data sale".',
    `The pixel posts from a sandboxed frame (origin "null") to ${relay}/collect: start the relay with`,
    '  SHOPBEACON_ALLOWED_ORIGINS=null (added to any origins you list already).',
    '',
  ].join('\n');
}

/** The pixel's code with the relay's public URL as its setting. */
export function shopifyPixel(relay: string): string {
  const code = readFileSync(join(packageRoot(), 'dist', 'shopify-pixel.js'), 'utf8');
  return code.replace(RELAY_LINE, `const SHOPBEACON_RELAY = ${JSON.stringify(relay)};`);
}

function relayUrl(value: string): string | undefined {
  try {
    const url = new URL(platformUrl(value));
    return url.search || url.hash ? undefined : url.href.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/** `shopbeacon pixel shopify --relay <url>`: prints the Shopify custom pixel ready to paste. */
export function pixelCommand(): Command {
  return new Command('pixel')
    .description("print a platform's tracking pixel, set to your relay, ready to paste")
    .addArgument(new Argument('<platform>', 'the shop platform').choices(['shopify']))
    .requiredOption('--relay <url>', "the relay's public URL as browsers reach it, e.g. https://sb.shop.example")
    .action((_platform: string, flags: { relay: string }) => {
      const relay = relayUrl(flags.relay);
      if (!relay) {
        process.stderr.write(
          `shopbeacon pixel: \`--relay\` ${JSON.stringify(flags.relay)} must be an https:// URL without query (http:// only for a loopback host such as 127.0.0.1)\n`,
        );
        process.exitCode = 2;
        return;
      }
      process.stdout.write(shopifyPixel(relay));
      process.stderr.write(`\n${shopifySteps(relay)}`);
    });
}
