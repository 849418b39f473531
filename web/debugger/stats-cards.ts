import type { DebugSnapshot } from '../../relay/debug/debug-wire.js';
import { byId, duration } from './dom.js';
import { drawSparkline } from './sparkline.js';

const QUEUE_HISTORY = 60;
const queueHistory: number[] = [];

function part<T extends Element>(card: HTMLElement, selector: string): T {
  const element = card.querySelector<T>(selector);
  if (!element) throw new Error(`debugger card #${card.id} is missing ${selector}`);
  return element;
}

function setCard(id: string, value: string, hint?: string, spark?: (number | null)[]): void {
  const card = byId(id);
  part(card, '[data-value]').textContent = value;
  if (hint !== undefined) part(card, '[data-hint]').textContent = hint;
  if (spark) drawSparkline(part<SVGElement>(card, 'svg'), spark);
}

const lastSeconds = <T>(values: T[], n: number) => values.slice(-n);
const average = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** The sync card: per platform, when it last swept, what it sent and what the webhooks had missed. */
function renderSync(s: DebugSnapshot): void {
  if (s.sync.length === 0) return setCard('sync', 'off', 'no platform API settings: webhooks only');
  const line = (x: DebugSnapshot['sync'][number]) =>
    x.failingSince !== null
      ? `${x.platform}: failing for ${duration(s.at - x.failingSince)}: ${x.lastError ?? ''}`
      : `${x.platform}: ${x.lastSuccessAt === null ? 'first sweep under way' : `swept ${duration(s.at - x.lastSuccessAt)} ago`} · ${x.sent} sent · ${x.unchanged} unchanged ${x.missedByWebhooks === null ? '' : ` · ${x.missedByWebhooks} missed by webhooks`}${x.webhooksRepaired ? ` · ${x.webhooksRepaired} webhooks set right` : ''}`;
  const failing = s.sync.filter((x) => x.failingSince !== null).length;
  setCard('sync', failing ? `${failing} failing` : `${s.sync.length} ok`, s.sync.map(line).join(' | '));
}

/**
 * The coverage card: per platform, the storefront orders of 7 days joined to their shopper, and the
 * first that are not.
 */
function renderCoverage(s: DebugSnapshot): void {
  if (s.coverage.length === 0) return setCard('coverage', '–', 'no order of the last 7 days reached the relay');
  const notJoined = (c: DebugSnapshot['coverage'][number]) =>
    c.unjoined.map((o) => (o.cause ? `${o.id} (${o.cause})` : String(o.id))).join(', ');
  const elsewhere = (c: DebugSnapshot['coverage'][number]) =>
    Object.entries(c.madeElsewhere)
      .map(([origin, n]) => `${n} ${origin}`)
      .join(', ');
  const line = (c: DebugSnapshot['coverage'][number]) =>
    `${c.platform}: ${c.joined} of ${c.storefrontOrders} storefront orders joined${c.unjoined.length ? ` · not: ${notJoined(c)}` : ''}${c.claimed ? ` · ${c.claimed} claimed without the shop's proof` : ''}${c.duplicated ? ` · ${c.duplicated} twice` : ''}${c.unmatched ? ` · ${c.unmatched} naming no order` : ''}${elsewhere(c) ? ` · made elsewhere, left out: ${elsewhere(c)}` : ''}`;
  const shares = s.coverage.map((c) => c.joinedShare).filter((x): x is number => x !== null);
  setCard(
    'coverage',
    shares.length ? `${Math.round(Math.min(...shares) * 100)} %` : '–',
    `${s.coverage.map(line).join(' | ')} · shopbeacon coverage lists them all`,
  );
}

/** Fills the counter cards and the delivery pill from one `stats` message. */
export function renderStats(s: DebugSnapshot): void {
  const accepted = s.series.map((p) => p.accepted);
  setCard(
    'events-rate',
    average(lastSeconds(accepted, 10)).toFixed(1),
    `accepted per second, last 10 s · ${s.totals.accepted} in all`,
    accepted,
  );
  queueHistory.push(s.outbox.queued);
  if (queueHistory.length > QUEUE_HISTORY) queueHistory.shift();
  const oldest = s.outbox.oldestAgeMs === null ? 'nothing waiting' : `oldest waiting ${duration(s.outbox.oldestAgeMs)}`;
  const { limit, max, reason, latencyMs } = s.delivery.concurrency;
  const pace = `${s.delivery.inFlight} in flight of ${limit} allowed (max ${max}; ${reason}${latencyMs === null ? '' : `, ${latencyMs} ms`})`;
  setCard('outbox', String(s.outbox.queued), `queued · ${oldest} · ${pace}`, queueHistory);
  const latencies = s.series.map((p) => p.latencyP50);
  const recent = lastSeconds(latencies, 10).filter((v): v is number => v !== null);
  setCard(
    'latency',
    recent.length ? `${Math.round(average(recent))} ms` : '–',
    'median round trip to the service, last 10 s',
    latencies,
  );
  setCard('visitors', String(s.visitors.count), `distinct user_id delivered in ${s.visitors.month}: the billed quota`);
  setCard(
    'dead',
    String(s.outbox.dead),
    s.outbox.dead ? 'refused by the service: retry below once fixed' : 'none: nothing refused',
  );
  renderSync(s);
  renderCoverage(s);
  const pill = byId('delivery');
  const held = s.delivery.paused || s.delivery.unreachableSince !== null;
  pill.dataset['state'] = held ? 'bad' : 'ok';
  pill.textContent = s.delivery.paused
    ? `delivery paused: ${s.delivery.reason ?? ''}`
    : held
      ? (s.delivery.reason ?? 'the service is unreachable')
      : `delivering to ${s.serviceUrl}`;
}
