import { failed, ok, warning, type DoctorCheck } from './doctor-check.js';
import { fetchAnswer, header, jsonOf } from './doctor-http.js';
import type { UnjoinedCause } from '../observability/coverage-report.js';
import { countsLine } from '../observability/unjoined-causes.js';

/** `/stats` as far as the doctor reads it. */
export interface RelayStats {
  outbox?: { delivered?: number; queued?: Record<string, number>; dead?: Record<string, number> };
  delivery?: { paused?: boolean; reason?: string | null; unreachableSince?: number | null };
  sync?: Record<
    string,
    { lastError?: string | null; lastSuccessAt?: number | null; webhookNote?: string | null; notes?: string[] }
  >;
  newVisitors?: {
    thisHour?: { refusedForAddress?: number; refusedInBatch?: number };
    perHourPerAddress?: number;
    perDayPerAddress?: number;
    rise?: { rising?: boolean; current?: number; baseline?: number | null; top?: { source: string; count: number }[] };
    ceiling?: Record<'month' | 'day', CeilingReading | undefined> | null;
  } | null;
  coverage?: {
    platforms?: Record<
      string,
      {
        storefrontOrders?: number;
        joined?: number;
        joinedShare?: number | null;
        unjoined?: unknown[];
        unjoinedCauses?: Record<string, UnjoinedCause>;
        claimed?: number;
        madeElsewhere?: Record<string, number>;
      }
    >;
  } | null;
}

/** One ceiling of billed visitors as `/stats` gives it. */
interface CeilingReading {
  name?: string;
  admitted?: number;
  limit?: number | null;
  share?: number | null;
}

/** The relay's own readiness, through the proxy: ready, degraded (a platform's sweeps), or not ready. */
async function readiness(relayUrl: string, adminKey: string | undefined): Promise<DoctorCheck> {
  // The reasons are told to the admin key only.
  const answer = await fetchAnswer(
    `${relayUrl}/readyz`,
    adminKey ? { headers: { authorization: `Bearer ${adminKey}` } } : {},
  );
  const reasons = ((jsonOf(answer)['reasons'] as string[] | undefined) ?? []).join('; ');
  if (answer.status === 0) return failed('relay', 'ready', `${relayUrl}/readyz cannot be reached: ${answer.text}`);
  if (answer.status === 503) return failed('relay', 'ready', `not ready: ${reasons}`);
  if (answer.status !== 200)
    return failed('relay', 'ready', `${relayUrl}/readyz answered ${answer.status}: is the relay mounted there?`);
  return reasons
    ? warning('relay', 'ready', `degraded: ${reasons}`)
    : ok('relay', 'ready', 'ready: its outbox takes records and delivery runs');
}

/** The relay's clock against the site's (each answer's `Date`, to the second). */
async function clock(site: string, relayUrl: string): Promise<DoctorCheck> {
  const [shop, relay] = await Promise.all([fetchAnswer(site), fetchAnswer(`${relayUrl}/healthz`)]);
  const skew = Math.abs(Date.parse(header(shop, 'date')) - Date.parse(header(relay, 'date')));
  if (!Number.isFinite(skew)) return warning('relay', 'clock', 'the site or the relay sent no Date header to compare');
  return skew <= 2_000
    ? ok('relay', 'clock', `within ${skew / 1000} s of the site's`)
    : warning(
        'relay',
        'clock',
        `${skew / 1000} s from the site's clock: events' times are moved by the page's skew, but orders' are not; run NTP on both servers`,
      );
}

/** `/stats` read with the relay's admin key, or why it could not be. */
export type StatsReading = { stats: RelayStats } | { problem: string };

/** `/stats`, with the relay's admin key; without one, or without an answer, what the doctor could not do and why. */
export async function relayStats(relayUrl: string, adminKey: string | undefined): Promise<StatsReading> {
  if (!adminKey) return { problem: "set SHOPBEACON_ADMIN_KEY (the relay's) so the doctor can read /stats" };
  const answer = await fetchAnswer(`${relayUrl}/stats`, { headers: { authorization: `Bearer ${adminKey}` } });
  if (answer.status === 200) return { stats: jsonOf(answer) as RelayStats };
  if (answer.status === 401 || answer.status === 403)
    return {
      problem: `the relay refused SHOPBEACON_ADMIN_KEY at ${relayUrl}/stats (${answer.status}): is it the relay's own key?`,
    };
  if (answer.status === 404)
    return {
      problem: `${relayUrl}/stats answered 404: the proxy does not pass /stats (operators' routes may be private), or the relay has no admin key set`,
    };
  return {
    problem: `${relayUrl}/stats ${answer.status === 0 ? `cannot be reached: ${answer.text}` : `answered ${answer.status}`}`,
  };
}

/**
 * The service: its API has no call that records nothing (its three endpoints all store), so the
 * token is judged by delivery: paused on a refused token, held while the service is unreachable,
 * or records its outbox has delivered (a count kept with the outbox, across restarts).
 */
export function serviceCheck(reading: StatsReading): DoctorCheck {
  if ('problem' in reading) return warning('service', 'token', `not checked: ${reading.problem}`);
  const { stats } = reading;
  const delivery = stats.delivery ?? {};
  if (delivery.paused)
    return failed(
      'service',
      'token',
      `delivery is paused: ${delivery.reason ?? 'the service refused the token'}; check SHOPBEACON_TOKEN`,
    );
  if (delivery.unreachableSince)
    return failed(
      'service',
      'reachable',
      `the service has been unreachable since ${new Date(delivery.unreachableSince).toISOString()}: check SHOPBEACON_BASE_URL and the network`,
    );
  const delivered = stats.outbox?.delivered ?? 0;
  if (delivered === 0)
    return warning(
      'service',
      'token',
      'nothing delivered yet from this outbox, so the token is untried (the service has no call that records nothing)',
    );
  return ok(
    'service',
    'token',
    `${delivered} record(s) delivered from this outbox: the token is accepted (judged by delivery: the service has no call that records nothing)`,
  );
}

/**
 * Records that will not reach the service unless someone acts: the service or the relay refused
 * them for good (a body that can never be valid, such as an order without the email the service
 * requires), or they outlived their retries. Each is kept with its reason.
 */
export function deadLetterChecks(reading: StatsReading): DoctorCheck[] {
  if ('problem' in reading) return [];
  const dead = Object.entries(reading.stats.outbox?.dead ?? {}).filter(([, count]) => count > 0);
  if (dead.length === 0)
    return [ok('relay', 'dead letters', 'none: every record taken was delivered or is on its way')];
  const counts = dead.map(([kind, count]) => `${count} ${kind}${count === 1 ? '' : 's'}`).join(', ');
  return [
    warning(
      'relay',
      'dead letters',
      `${counts} will not reach the service as they are: \`shopbeacon outbox dead-letters\` shows each with its reason; mend it in the shop (its next change is sent again) or \`shopbeacon outbox retry\`, then \`purge\` what is left`,
    ),
  ];
}

/**
 * Addresses over their budget of new visitors this hour: someone minting billed visitors, or many
 * shoppers behind one address.
 */
export function newVisitorChecks(reading: StatsReading): DoctorCheck[] {
  if ('problem' in reading || !reading.stats.newVisitors) return [];
  const rise = reading.stats.newVisitors.rise;
  const rising = rise?.rising
    ? [
        warning(
          'relay',
          'new visitor rate',
          `${rise.current ?? '?'} new visitors in the last ten minutes against ${rise.baseline ?? '?'} per ten minutes over the last day, most from ${(rise.top ?? []).map((t) => `${t.source} (${t.count})`).join(', ')}: a campaign you launched, or someone minting visitors on your bill`,
        ),
      ]
    : [];
  return [...rising, budgetCheck(reading.stats.newVisitors)];
}

/** Addresses over their budgets this hour: a warning naming the budgets, else none refused. */
function budgetCheck(stats: NonNullable<RelayStats['newVisitors']>): DoctorCheck {
  const refused = stats.thisHour?.refusedForAddress ?? 0;
  if (refused === 0)
    return ok('relay', 'new visitors', 'no address brought more new visitors than its budget this hour');
  const budgets = `${stats.perHourPerAddress ?? '?'} new visitors an hour or ${stats.perDayPerAddress ?? '?'} a day`;
  return warning(
    'relay',
    'new visitors',
    `${refused} batch(es) this hour from addresses over their budget of ${budgets} (answered 429, not billed): the relay's log names each address. Many shoppers behind one address (an office, a school) want a higher SHOPBEACON_NEW_VISITORS_PER_HOUR or _PER_DAY; anything else is someone minting visitors on your bill`,
  );
}

const SETTINGS = { month: 'SHOPBEACON_MAX_VISITORS_PER_MONTH', day: 'SHOPBEACON_MAX_VISITORS_PER_DAY' } as const;

/** A monthly ceiling not set: said, with this month's figure, so the merchant knows the bill has no bound. */
function noCeiling(c: CeilingReading | undefined): DoctorCheck {
  return ok(
    'relay',
    'visitor ceiling',
    `none set: ${(c?.admitted ?? 0).toLocaleString('en')} visitors billed in ${c?.name ?? '?'} so far, bounded only by the addresses' budgets; ${SETTINGS.month} caps the bill (docs/operations.md says how to size it)`,
  );
}

/** One ceiling's line: its share, a warning from 80 %; a daily one not set says nothing. */
function ceilingCheck(period: 'month' | 'day', c: CeilingReading | undefined): DoctorCheck[] {
  if (c?.limit == null) return period === 'day' ? [] : [noCeiling(c)];
  const share = c.share ?? 0;
  const figure = `${(c.admitted ?? 0).toLocaleString('en')} of ${c.limit.toLocaleString('en')} visitors billed ${period === 'month' ? 'in' : 'on'} ${c.name ?? '?'} (${Math.round(share * 100)} %, ${SETTINGS[period]})`;
  const check = period === 'month' ? 'visitor ceiling' : 'daily visitor ceiling';
  if (share < 0.8) return [ok('relay', check, figure)];
  const said =
    share >= 1
      ? `${figure}: reached; visitors not yet billed are refused and not tracked, those billed go on`
      : `${figure}: past it, visitors not yet billed are refused and not tracked`;
  return [
    warning(
      'relay',
      check,
      `${said}. Real traffic wants a higher ${SETTINGS[period]}; anything else is someone minting visitors on your bill (the log names the addresses)`,
    ),
  ];
}

/** The shop's ceilings of billed visitors: how much of each is taken, a warning from 80 %. */
export function visitorCeilingChecks(reading: StatsReading): DoctorCheck[] {
  if ('problem' in reading) return [];
  const ceiling = reading.stats.newVisitors?.ceiling;
  if (!ceiling) return [];
  return [...ceilingCheck('month', ceiling.month), ...ceilingCheck('day', ceiling.day)];
}

/** What to do about each cause the relay names for an unjoined order. */
const CAUSE_ADVICE: Record<UnjoinedCause, string> = {
  bot: 'bot: its Order Completed came from a browser judged automated (a test run with a headless browser is dropped by design)',
  'claimed only':
    "claimed only: a browser's Order Completed without the shop's proof for the order (the pixel on Shopify, a purchase without order_proof)",
  'nothing heard':
    'nothing heard: no event at all from the shop around its time; check that the plugin, module or pixel is active and reaches the relay',
  unknown:
    'unknown: the shop was sending and nothing named it (consent refused, a shopper judged a bot earlier, an order placed without the plugin, module or pixel)',
};

/** The orders the shop says were made elsewhere, left out of the share: `; 2 back office, 1 API orders left out`. */
function elsewhereNote(made: Record<string, number> | undefined): string {
  const line = countsLine(made ?? {});
  return line ? `; left out as made elsewhere than the storefront: ${line}` : '';
}

/**
 * The first unjoined ids with their causes (`12 (bot), 14 (nothing heard)`), those a browser
 * claimed without the shop's proof, and what each cause present means.
 */
function unjoinedNote(ids: unknown[], causes: Record<string, UnjoinedCause>, claimed: number): string {
  const named = ids
    .slice(0, 10)
    .map((id) => (causes[String(id)] ? `${String(id)} (${causes[String(id)]})` : String(id)))
    .join(', ');
  // A browser's claim is not the shop's word: Shopify's pixel, or a snippet's purchase without its order_proof.
  const claims = claimed
    ? `; ${claimed} of them claimed only by a browser without the shop's proof for the order (the pixel on Shopify, a purchase without order_proof)`
    : '';
  const present = [...new Set(Object.values(causes))]
    .filter((cause) => !(claimed && cause === 'claimed only'))
    .map((cause) => CAUSE_ADVICE[cause]);
  return `not joined ${named}${claims}${present.length > 0 ? `. ${present.join('. ')}` : ''}`;
}

/**
 * The share of the last 7 days' storefront orders the service can join to their shopper (an
 * `Order Completed` naming them), per platform, against `minJoined` (0 to 1): below it, a
 * tracking gap the merchant sees nowhere else, each unjoined order with the cause the relay knows.
 * Orders the shop says were made elsewhere (back office, API, till, renewal) are out of the share.
 */
export function coverageChecks(reading: StatsReading, minJoined: number): DoctorCheck[] {
  if ('problem' in reading) return [];
  return Object.entries(reading.stats.coverage?.platforms ?? {}).flatMap(([platform, c]) => {
    if (!c.storefrontOrders || c.joinedShare === null || c.joinedShare === undefined) return [];
    const share = `${c.joined ?? 0} of ${c.storefrontOrders} storefront orders of 7 days joined to their shopper (${Math.round(c.joinedShare * 100)} %)${elsewhereNote(c.madeElsewhere)}`;
    if (c.joinedShare >= minJoined) return [ok(platform, 'orders joined', share)];
    return [
      warning(
        platform,
        'orders joined',
        `${share}, below ${Math.round(minJoined * 100)} %: ${unjoinedNote(c.unjoined ?? [], c.unjoinedCauses ?? {}, c.claimed ?? 0)}; \`shopbeacon coverage\` lists each`,
      ),
    ];
  });
}

/** The relay: ready, its clock, and what its /stats says. */
export async function relayChecks(site: string, relayUrl: string, adminKey?: string): Promise<DoctorCheck[]> {
  return [await readiness(relayUrl, adminKey), await clock(site, relayUrl)];
}
