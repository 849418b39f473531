import type { DebugSnapshot } from '../../relay/debug/debug-wire.js';
import type { FeedEntry } from '../../relay/debug/debug-wire.js';
import { renderDeadLetters, wireRetryAll } from './dead-letters.js';
import { byId } from './dom.js';
import { showDetail } from './record-detail.js';
import { recordId, type TrackedRecord } from './record-model.js';
import { RecordTable, type Filters } from './record-table.js';
import { renderStats } from './stats-cards.js';

let serviceUrl = '';
let selected: TrackedRecord | undefined;

const table = new RecordTable((record) => {
  selected = record;
  showDetail(record, serviceUrl);
}, recordId);

function readFilters(form: HTMLFormElement): Filters {
  const data = new FormData(form);
  return {
    user: String(data.get('user') ?? '').trim(),
    event: String(data.get('event') ?? '').trim(),
    state: String(data.get('state') ?? ''),
  };
}

function setConnection(state: 'live' | 'reconnecting'): void {
  const pill = byId('connection');
  pill.dataset['state'] = state === 'live' ? 'ok' : 'warn';
  pill.textContent = state === 'live' ? 'live' : 'reconnecting…';
}

/** EventSource resumes after a drop with Last-Event-ID, so no step is shown twice or missed while the ring holds it. */
function connect(): void {
  const source = new EventSource('stream');
  source.addEventListener('open', () => setConnection('live'));
  source.addEventListener('error', () => setConnection('reconnecting'));
  source.addEventListener('record', (message) => {
    const record = table.add(JSON.parse((message as MessageEvent<string>).data) as FeedEntry);
    if (selected && selected.id === record.id) showDetail(record, serviceUrl);
  });
  source.addEventListener('stats', (message) => {
    const snapshot = JSON.parse((message as MessageEvent<string>).data) as DebugSnapshot;
    serviceUrl = snapshot.serviceUrl;
    renderStats(snapshot);
    renderDeadLetters(snapshot);
  });
}

const form = byId<HTMLFormElement>('filters');
form.addEventListener('input', () => table.setFilters(readFilters(form)));
form.addEventListener('submit', (event) => event.preventDefault());
wireRetryAll();
connect();
