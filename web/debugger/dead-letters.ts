import type { DebugSnapshot } from '../../relay/debug/debug-wire.js';
import { byId, el } from './dom.js';

/** Moves dead letters back to the queue (all when `ids` is absent). */
async function retry(ids?: number[]): Promise<void> {
  const response = await fetch('dead-letters/retry', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ids ? { ids } : {}),
  });
  if (!response.ok) throw new Error(`retry refused: ${response.status}`);
}

function retryButton(label: string, ids?: number[]): HTMLButtonElement {
  const button = el('button', 'button small', label) as HTMLButtonElement;
  button.type = 'button';
  button.addEventListener('click', () => {
    button.disabled = true;
    retry(ids).catch(() => (button.disabled = false));
  });
  return button;
}

let lastShown = '';

/** The dead-letter table, redrawn only when its content changed (a click is not lost to a redraw). */
export function renderDeadLetters(snapshot: DebugSnapshot): void {
  const signature = snapshot.deadLetters.map((d) => `${d.id}:${d.attempts}`).join(',');
  if (signature === lastShown) return;
  lastShown = signature;
  byId('dead-empty').hidden = snapshot.deadLetters.length > 0;
  byId('retry-all').hidden = snapshot.deadLetters.length === 0;
  byId('dead-letters').replaceChildren(
    ...snapshot.deadLetters.map((d) => {
      const row = document.createElement('tr');
      const action = el('td');
      action.append(retryButton('Retry', [d.id]));
      row.append(
        el('td', undefined, String(d.id)),
        el('td', undefined, d.kind),
        el('td', undefined, String(d.attempts)),
        el('td', 'answer', d.lastError ?? ''),
        action,
      );
      return row;
    }),
  );
}

export function wireRetryAll(): void {
  const button = byId<HTMLButtonElement>('retry-all');
  button.addEventListener('click', () => void retry().catch(() => undefined));
}
