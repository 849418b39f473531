import type { Validation } from '../contract/field-error.js';
import type { KindInfo } from '../contract/kinds.js';
import type { OutboxRecord } from '../outbox/outbox.js';
import { outboxKey } from '../outbox/outbox-key.js';

/**
 * A body in the service's own shape (the mirror, the import) as a record, validated by the
 * contract exactly as the service would take it.
 */
export function checkRecord(
  info: KindInfo,
  body: unknown,
  now: number,
  options: { bigIntegers?: boolean } = {},
): Validation<OutboxRecord> {
  const result = info.validate(body, { now, ...options });
  if (!result.ok) return result;
  const value = result.value as Record<string, unknown>;
  return { ok: true, value: { kind: info.kind, body: value, key: outboxKey(info, value) } };
}
