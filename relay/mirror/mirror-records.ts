import type { FieldError } from '../contract/field-error.js';
import type { KindInfo } from '../contract/kinds.js';
import type { OutboxRecord } from '../outbox/outbox.js';
import { outboxKey } from '../outbox/outbox-key.js';

export type MirrorCheck = { ok: true; record: OutboxRecord } | { ok: false; errors: FieldError[] };

/** Validates one body of the mirror with the contract, exactly as the service would take it. */
export function checkMirrorBody(info: KindInfo, body: unknown, now: number): MirrorCheck {
  const result = info.validate(body, { now });
  if (!result.ok) return { ok: false, errors: result.errors };
  const value = result.value as Record<string, unknown>;
  return { ok: true, record: { kind: info.kind, body: value, key: outboxKey(info, value) } };
}
