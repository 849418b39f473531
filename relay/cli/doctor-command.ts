import { Command, InvalidArgumentError } from 'commander';
import { httpUrl } from '../config/setting-parsers.js';
import { exitStatus, type DoctorCheck } from '../doctor/doctor-check.js';
import { runDoctor } from '../doctor/run-doctor.js';

function urlOption(value: string): string {
  try {
    return httpUrl(value).replace(/\/+$/, '');
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/**
 * A page as given, its trailing slash and query kept: WordPress answers `/product/teapot` with a
 * 301, PrestaShop's pages may be `index.php?id_product=…`.
 */
function pageOption(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('must be an absolute URL, e.g. https://shop.example/product/teapot/');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidArgumentError('must be an http:// or https:// URL');
  return value;
}

/** A share in percent, 0 to 100, as a fraction. */
function percentOption(value: string): number {
  const percent = Number(value);
  if (value.trim() === '' || !Number.isFinite(percent) || percent < 0 || percent > 100)
    throw new InvalidArgumentError('must be a percentage from 0 to 100, e.g. 90');
  return percent / 100;
}

const LABEL: Record<DoctorCheck['status'], string> = { ok: 'ok     ', warning: 'warning', failed: 'FAILED ' };

function printChecks(checks: DoctorCheck[]): void {
  for (const c of checks) process.stdout.write(`${LABEL[c.status]}  ${c.hop} · ${c.name}: ${c.detail}\n`);
  const count = (status: DoctorCheck['status']) => checks.filter((c) => c.status === status).length;
  process.stdout.write(
    `\n${checks.length} checks: ${count('ok')} ok, ${count('warning')} warning(s), ${count('failed')} failed\n`,
  );
}

/**
 * `shopbeacon doctor --site https://shop.example`: every hop from a shopper's browser to the
 * service checked as the site serves it, one line each, exit 0 (all ok), 1 (a failure) or 2
 * (warnings only). Reads the relay's own variables: SHOPBEACON_ADMIN_KEY for /stats, and each
 * platform's API settings for its key and webhooks.
 */
export function doctorCommand(): Command {
  return new Command('doctor')
    .description("check every hop from a shopper's browser to the service, as the site serves it")
    .requiredOption('--site <url>', 'the shop as shoppers reach it, e.g. https://shop.example', urlOption)
    .option('--relay-url <url>', "the relay as browsers reach it (default: the site's /sb)", urlOption)
    .option('--page <url>', 'a product page to check, when the home page links none', pageOption)
    .option(
      '--local-url <url>',
      'the relay as this server reaches it, for /readyz and /stats, which the shipped proxy does not pass (default: http://127.0.0.1:$PORT, 8787)',
      urlOption,
    )
    .option(
      '--min-joined <percent>',
      "warn when fewer of the last 7 days' storefront orders are joined to their shopper (default 90)",
      percentOption,
    )
    .option('--json', 'the checks as JSON, for scripts')
    .addHelpText(
      'after',
      "\nReads SHOPBEACON_ADMIN_KEY (for the relay's /stats) and each platform's API variables from the environment. Exit 0 all ok, 1 a failure, 2 warnings only.",
    )
    .action(
      async (flags: {
        site: string;
        relayUrl?: string;
        localUrl?: string;
        page?: string;
        minJoined?: number;
        json?: boolean;
      }) => {
        const checks = await runDoctor({
          site: flags.site,
          relayUrl: flags.relayUrl ?? `${flags.site}/sb`,
          localUrl: flags.localUrl ?? `http://127.0.0.1:${process.env['PORT'] || 8787}`,
          ...(flags.page ? { page: flags.page } : {}),
          ...(process.env['SHOPBEACON_ADMIN_KEY'] ? { adminKey: process.env['SHOPBEACON_ADMIN_KEY'] } : {}),
          shopify: Boolean(process.env['SHOPBEACON_SHOPIFY_SHOP']),
          ...(flags.minJoined === undefined ? {} : { minJoined: flags.minJoined }),
        });
        if (flags.json) process.stdout.write(`${JSON.stringify({ checks, status: exitStatus(checks) }, null, 2)}\n`);
        else printChecks(checks);
        process.exitCode = exitStatus(checks);
      },
    );
}
