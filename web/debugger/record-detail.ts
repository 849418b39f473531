import { byId, clock, el } from './dom.js';
import { SERVICE_PATHS, stepLabel, type TrackedRecord } from './record-model.js';

/** The token is never in the feed; this placeholder shows where the relay adds it. */
const MASKED_TOKEN = 'Bearer ••••••••  (added by the relay; never shown)';

function requestText(record: TrackedRecord, serviceUrl: string): string {
  if (!record.body) {
    const errors = record.steps.flatMap((s) => s.errors ?? []).map((e) => `  ${e.path || '(body)'}: ${e.message}`);
    return `Not sent: the relay refused this record.\n${errors.join('\n')}`;
  }
  return [
    `POST ${serviceUrl}${SERVICE_PATHS[record.kind]}`,
    `Authorization: ${MASKED_TOKEN}`,
    'Content-Type: application/json',
    '',
    JSON.stringify(record.body, null, 2),
  ].join('\n');
}

function fact(list: HTMLElement, name: string, value: string | undefined): void {
  if (value) list.append(el('dt', undefined, name), el('dd', undefined, value));
}

const WAYS_IN: Record<string, string> = {
  collect: 'browser (/collect)',
  mirror: 'shop backend (/v1 mirror)',
  import: 'import file',
  webhook: 'webhook',
  sync: 'sync sweep',
  backfill: 'backfill',
};

/** The way a record came in, with its platform for the platforms' ways (`webhook (shopify)`). */
function wayIn(record: TrackedRecord): string | undefined {
  const way = record.source ? WAYS_IN[record.source] : undefined;
  return way && record.platform ? `${way} (${record.platform})` : way;
}

/** Shows one record: who and what, the exact request the service gets (token masked), each step with its time. */
export function showDetail(record: TrackedRecord, serviceUrl: string): void {
  byId('detail-empty').hidden = true;
  byId('detail-body').hidden = false;
  const facts = byId('detail-facts');
  facts.replaceChildren();
  fact(facts, 'kind', record.kind);
  fact(facts, record.kind === 'event' ? 'event_id' : 'id', record.key);
  fact(facts, 'user_id', record.userId);
  fact(facts, 'event_name', record.eventName);
  fact(facts, 'from', wayIn(record));
  fact(facts, 'state', record.state);
  byId('detail-request').textContent = requestText(record, serviceUrl);
  const history = byId('detail-history');
  history.replaceChildren(
    ...record.steps.map((step) => {
      const item = el('li', `step ${step.state}`);
      item.append(el('time', undefined, clock(step.at)), el('span', undefined, stepLabel(step)));
      if (step.detail && step.state !== 'dropped') item.append(el('p', 'step-detail', step.detail));
      if (step.nextAttemptAt) item.append(el('p', 'step-detail', `next try at ${clock(step.nextAttemptAt)}`));
      return item;
    }),
  );
}
