import { safeStringify } from '../safe-stringify.js';
import type { SendOutcome, SnippetEvent, Transport } from '../types.js';

type Log = (message: string, detail?: unknown) => void;

/**
 * Posts `{"events":[...]}` as `text/plain` (a simple request: no CORS preflight). `fetch` with
 * `keepalive` while the page lives; `sendBeacon` when it is hidden, falling back to `fetch`.
 * Events carry their ids in the body, so a relay on another allowed origin needs no credentials.
 */
export function createTransport(endpoint: string, log: Log, webdriver: boolean): Transport {
  // `sent_at` is read as the body is made, so a batch replayed later still measures the clock right.
  const body = (events: SnippetEvent[]) => safeStringify({ events, webdriver, sent_at: Date.now() });
  const post = (events: SnippetEvent[]) => fetch(endpoint, { method: 'POST', body: body(events), keepalive: true });
  return {
    send: (events) =>
      post(events).then(
        (response): SendOutcome => {
          if (!response.ok) log('rejected', response.status);
          else
            response.json().then(
              (answer: { rejected?: unknown[] }) => answer.rejected?.length && log('rejected', answer.rejected),
              () => 0,
            );
          // Other 4xx will not change on a retry: the relay refused the request itself.
          return !/^(5|408|429)/.test(String(response.status));
        },
        (): SendOutcome => false,
      ),
    beacon(events) {
      if (!navigator.sendBeacon?.(endpoint, body(events))) post(events).catch(() => 0);
    },
  };
}
