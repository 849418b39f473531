import type { SourceItem } from '../import/source-item.js';
import type { CatalogSettings } from '../platforms/mapping.js';
import type { Platform } from '../platforms/platform.js';

/** A platform's payloads as import items, through the same mapping as its webhooks. */
export async function* platformItems(payloads: AsyncIterable<unknown>, platform: Platform, kind: 'order' | 'product', settings: CatalogSettings): AsyncGenerator<SourceItem> {
  let row = 0;
  for await (const payload of payloads) {
    row += 1;
    const mapped = platform.map(kind, payload, settings);
    if ('skip' in mapped) yield { row, skip: mapped.skip.split(':')[0] ?? mapped.skip };
    else if (mapped.errors.length > 0) yield { row, errors: mapped.errors };
    else yield { row, value: mapped.body };
  }
}
