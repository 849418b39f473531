import type { SourceItem } from '../import/source-item.js';
import type { PlatformApi, PlatformKind } from '../platforms/connector.js';

/**
 * A platform's records changed since `since` as import items, through the same mapping as its
 * webhooks and sync, each named by its id.
 */
export async function* platformItems(api: PlatformApi, kind: PlatformKind, since: number): AsyncGenerator<SourceItem> {
  let row = 0;
  for await (const { payload } of (api.history ?? api.changed).call(api, kind, since)) {
    row += 1;
    const mapped = api.map(kind, payload);
    if ('skip' in mapped) {
      yield { row, skip: mapped.skip.split(':')[0] ?? mapped.skip };
      continue;
    }
    const id = mapped.body[`${kind}_id`];
    const label = id === undefined ? undefined : `${kind} ${String(id)}`;
    yield {
      row,
      ...(label ? { label } : {}),
      ...(mapped.errors.length > 0 ? { errors: mapped.errors } : { value: mapped.body }),
    };
  }
}
