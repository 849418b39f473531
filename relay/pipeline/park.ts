import type { Logger } from 'pino';
import type { FieldError } from '../contract/field-error.js';
import type { OutboxQueue, OutboxRecord } from '../outbox/outbox.js';
import { bodyHash } from '../shared/body-hash.js';
import { stringifyBody } from '../shared/exact-json.js';
import type { RecordEvents } from './record-events.js';
import { originOf, type RecordOrigin, type RecordSource } from './record-step.js';
import { stepLabels } from './step-labels.js';

/** A record that `accept` refused, with its field errors. */
export interface Refusal {
  record: OutboxRecord;
  errors: FieldError[];
}

/**
 * Keeps the refusals as dead letters; resolves with how many were new (the others were kept before
 * with the same body).
 */
export type Park = (origin: RecordSource | RecordOrigin, refusals: Refusal[]) => Promise<number>;

export interface ParkDeps {
  outbox: Pick<OutboxQueue, 'enqueueDead'>;
  events: RecordEvents;
  /** Each new dead letter is a warning: nothing the shop sent is dropped without a word. */
  logger: Pick<Logger, 'warn'>;
  /**
   * Where each parked body's digest is kept (`refused:<kind>`), so the same body is one dead
   * letter: the platform state.
   */
  state: {
    recall(scope: string, keys?: readonly string[]): Map<string, string> | Promise<Map<string, string>>;
    remember(scope: string, entries: ReadonlyMap<string, string>): void | Promise<void>;
  };
}

/** `path: message; …`: the reason a parked record shows in the debugger and `shopbeacon outbox dead-letters`. */
function describe(errors: FieldError[]): string {
  return `not a valid service record: ${errors.map((e) => `${e.path || '(body)'}: ${e.message}`).join('; ')}`;
}

/**
 * The refusals whose body was not kept as a dead letter before, whichever way it came: a sweep
 * reads again what changed in the five minutes before its cursor, a webhook is delivered again on
 * every save of the record (product 41 three times in minutes), and on a quiet shop that
 * is the same bad record every time. A changed body is a new dead letter; a record without an id
 * cannot be told apart and is always kept.
 */
async function unseen(
  state: ParkDeps['state'],
  refusals: Refusal[],
): Promise<{ fresh: Refusal[]; digests: Map<string, Map<string, string>> }> {
  const digests = new Map<string, Map<string, string>>();
  for (const { record } of refusals) {
    if (!record.key) continue;
    const scope = `refused:${record.kind}`;
    const keyed = digests.get(scope) ?? new Map<string, string>();
    digests.set(scope, keyed.set(record.key, bodyHash(stringifyBody(record.body))));
  }
  const before = new Map<string, ReadonlyMap<string, string>>();
  for (const [scope, keyed] of digests) before.set(scope, await state.recall(scope, [...keyed.keys()]));
  const fresh = refusals.filter(
    ({ record }) =>
      !record.key ||
      before.get(`refused:${record.kind}`)?.get(record.key) !== digests.get(`refused:${record.kind}`)?.get(record.key),
  );
  return { fresh, digests };
}

/**
 * Keeps refused records as dead letters instead of answering the sender with an error: for a way
 * in whose sender cannot correct a payload and would give up on us (WooCommerce disables a webhook
 * after five failures). Announced as `dead` with the field errors; one dead letter per body.
 */
export function createPark(deps: ParkDeps): Park {
  return async function park(from, refusals) {
    const origin = originOf(from);
    if (refusals.length === 0) return 0;
    const { fresh, digests } = await unseen(deps.state, refusals);
    const parked = fresh.map(({ record, errors }) => ({ record, errors, error: describe(errors) }));
    if (parked.length > 0) await deps.outbox.enqueueDead(parked);
    for (const [scope, keyed] of digests) await deps.state.remember(scope, keyed);
    for (const { record, errors, error } of parked) {
      deps.logger.warn(
        { kind: record.kind, key: record.key, source: origin.source },
        `${error}: kept as a dead letter (shopbeacon outbox dead-letters)`,
      );
      deps.events.emit({
        state: 'dead',
        ...origin,
        ...stepLabels(record.kind, record.body),
        key: record.key,
        body: record.body,
        errors,
        detail: error,
      });
    }
    return parked.length;
  };
}
