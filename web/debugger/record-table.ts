import type { FeedEntry } from '../../relay/debug/debug-wire.js';
import { byId, clock, el } from './dom.js';
import { applyEntry, recordTitle, stepLabel, type TrackedRecord } from './record-model.js';

/** Records kept on the page; older ones leave the list (the feed's own ring is bounded too). */
const MAX_ROWS = 500;

export interface Filters {
  user: string;
  event: string;
  state: string;
}

/** The live list: one row per record, its journey as chips, filtered by user, event and current state. */
export class RecordTable {
  private readonly records = new Map<string, { record: TrackedRecord; row: HTMLTableRowElement }>();
  private readonly eventNames = new Set<string>();
  private filters: Filters = { user: '', event: '', state: '' };

  constructor(
    private readonly onSelect: (record: TrackedRecord) => void,
    private readonly idOf: (entry: FeedEntry) => string,
  ) {}

  add(entry: FeedEntry): TrackedRecord {
    const id = this.idOf(entry);
    const known = this.records.get(id);
    const record = applyEntry(known?.record, entry);
    const row = known?.row ?? this.newRow(record);
    this.records.set(id, { record, row });
    this.render(record, row);
    this.noteEventName(record.eventName);
    if (this.records.size > MAX_ROWS) this.dropOldest();
    this.updateCount();
    return record;
  }

  setFilters(filters: Filters): void {
    this.filters = filters;
    for (const { record, row } of this.records.values()) row.hidden = !this.matches(record);
    this.updateCount();
  }

  private newRow(record: TrackedRecord): HTMLTableRowElement {
    const row = document.createElement('tr');
    row.tabIndex = 0;
    row.addEventListener('click', () => this.select(record.id));
    row.addEventListener('keydown', (event) => event.key === 'Enter' && this.select(record.id));
    byId('records').prepend(row);
    return row;
  }

  private select(id: string): void {
    const entry = this.records.get(id);
    if (!entry) return;
    for (const other of this.records.values()) other.row.classList.toggle('selected', other === entry);
    this.onSelect(entry.record);
  }

  private render(record: TrackedRecord, row: HTMLTableRowElement): void {
    const first = record.steps[0];
    if (!first) return;
    const journey = el('td', 'journey');
    journey.append(el('span', 'chip received', 'received'));
    for (const step of record.steps) journey.append(el('span', `chip ${step.state}`, stepLabel(step)));
    const title = el('td', 'title');
    title.append(el('span', `kind ${record.kind}`, record.kind), el('span', 'name', recordTitle(record)));
    row.replaceChildren(el('td', 'time', clock(first.at)), title, el('td', 'user', record.userId ?? '–'), journey);
    row.dataset['state'] = record.state;
    row.hidden = !this.matches(record);
  }

  private matches(record: TrackedRecord): boolean {
    const { user, event, state } = this.filters;
    if (user && !(record.userId ?? '').includes(user)) return false;
    if (event && !(record.eventName ?? '').toLowerCase().includes(event.toLowerCase())) return false;
    return !state || record.state === state;
  }

  private noteEventName(name: string | undefined): void {
    if (!name || this.eventNames.has(name)) return;
    this.eventNames.add(name);
    const option = document.createElement('option');
    option.value = name;
    byId('event-names').append(option);
  }

  private dropOldest(): void {
    const oldest = this.records.entries().next().value;
    if (!oldest) return;
    oldest[1].row.remove();
    this.records.delete(oldest[0]);
  }

  private updateCount(): void {
    const shown = [...this.records.values()].filter(({ row }) => !row.hidden).length;
    byId('record-count').textContent = `${shown} of ${this.records.size} records`;
    byId('empty').hidden = this.records.size > 0;
  }
}
