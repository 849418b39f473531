import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Argument, Command } from 'commander';
import { platformUrl } from '../config/setting-parsers.js';
import { packageRoot } from '../shared/package-root.js';

/** The setting lines at the top of `dist/shopify-pixel.js` (rollup.config.mjs writes them). */
const RELAY_LINE = /^const SHOPBEACON_RELAY = .*;$/m;
const CONSENT_LINE = /^const SHOPBEACON_CONSENT = .*;$/m;

/**
 * `--consent`'s names: the merchant's Customer Privacy permissions (Shopify admin, Customer events)
 * and the flag of Shopify's `customerPrivacy` (`init.customerPrivacy`, `visitorConsentCollected`)
 * that says the visitor allows each.
 */
export const PRIVACY_FLAGS = {
  analytics: 'analyticsProcessingAllowed',
  marketing: 'marketingAllowed',
  preferences: 'preferencesProcessingAllowed',
  'sale-of-data': 'saleOfDataAllowed',
} as const;

export type PrivacyPermission = keyof typeof PRIVACY_FLAGS;

/** What the pixel waits for unless told: analytics, as Shopify's own analytics pixels do. */
const DEFAULT_PERMISSIONS: PrivacyPermission[] = ['analytics'];

/** `--consent`'s list (`analytics,marketing`), or the names it has that are no permission. */
export function permissionsOf(list: string): { permissions: PrivacyPermission[]; unknown: string[] } {
  const names = [...new Set(list.split(',').map((name) => name.trim()))].filter(Boolean);
  return {
    permissions: names.filter((name): name is PrivacyPermission => name in PRIVACY_FLAGS),
    unknown: names.filter((name) => !(name in PRIVACY_FLAGS)),
  };
}

/** What an operator must do besides pasting: said on stderr, so stdout stays the code alone. */
function shopifySteps(relay: string, permissions: PrivacyPermission[]): string {
  const required = permissions.filter((name) => name != 'sale-of-data');
  const sale = permissions.includes('sale-of-data')
    ? 'Data sale "Data collected qualifies as data sale"'
    : 'Data sale "Data collected does not qualify as data sale"';
  return [
    'Paste the code above in Shopify admin: Settings > Customer events > Add custom pixel, then Save and Connect.',
    `Customer privacy: ${required.length ? `Permission "Required", ${required.map((name) => name.replace(/^./, (first) => first.toUpperCase())).join(', ')}` : 'Permission "Not required"'}; ${sale}.`,
    `The pixel itself waits until the visitor allows ${permissions.join(', ')}, and stops when they withdraw it.`,
    `The pixel posts from a sandboxed frame (origin "null") to ${relay}/collect: start the relay with`,
    '  SHOPBEACON_ALLOWED_ORIGINS=null (added to any origins you list already).',
    '',
  ].join('\n');
}

/** The pixel's code with its settings: the relay's public URL, the permissions it waits for. */
export function shopifyPixel(relay: string, permissions: PrivacyPermission[] = DEFAULT_PERMISSIONS): string {
  const code = readFileSync(join(packageRoot(), 'dist', 'shopify-pixel.js'), 'utf8');
  const flags = permissions.map((name) => PRIVACY_FLAGS[name]);
  return code
    .replace(RELAY_LINE, () => `const SHOPBEACON_RELAY = ${JSON.stringify(relay)};`)
    .replace(CONSENT_LINE, () => `const SHOPBEACON_CONSENT = ${JSON.stringify(flags)};`);
}

function relayUrl(value: string): string | undefined {
  try {
    const url = new URL(platformUrl(value));
    return url.search || url.hash ? undefined : url.href.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/** `shopbeacon pixel shopify --relay <url> [--consent analytics,marketing]`: prints the Shopify custom pixel ready to paste. */
export function pixelCommand(): Command {
  return new Command('pixel')
    .description("print a platform's tracking pixel, set to your relay, ready to paste")
    .addArgument(new Argument('<platform>', 'the shop platform').choices(['shopify']))
    .requiredOption('--relay <url>', "the relay's public URL as browsers reach it, e.g. https://sb.shop.example")
    .option(
      '--consent <permissions>',
      `the Customer Privacy permissions the visitor must allow, comma-separated: ${Object.keys(PRIVACY_FLAGS).join(', ')}`,
      DEFAULT_PERMISSIONS.join(','),
    )
    .action((_platform: string, flags: { relay: string; consent: string }) => {
      const relay = relayUrl(flags.relay);
      if (!relay) {
        process.stderr.write(
          `shopbeacon pixel: \`--relay\` ${JSON.stringify(flags.relay)} must be an https:// URL without query (http:// only for a loopback host such as 127.0.0.1)\n`,
        );
        process.exitCode = 2;
        return;
      }
      const { permissions, unknown } = permissionsOf(flags.consent);
      if (unknown.length || !permissions.length) {
        process.stderr.write(
          `shopbeacon pixel: \`--consent\` ${JSON.stringify(flags.consent)} must list one or more of ${Object.keys(PRIVACY_FLAGS).join(', ')}${unknown.length ? ` (not: ${unknown.join(', ')})` : ''}\n`,
        );
        process.exitCode = 2;
        return;
      }
      process.stdout.write(shopifyPixel(relay, permissions));
      process.stderr.write(`\n${shopifySteps(relay, permissions)}`);
    });
}
