import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import StreamArray from 'stream-json/streamers/StreamArray.js';
import type { SourceItem } from './source-item.js';

/** JSON Lines / NDJSON: one record per line; blank lines skipped; a line that is not JSON is reported. */
export async function* readJsonLines(file: string): AsyncGenerator<SourceItem> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let row = 0;
  for await (const line of lines) {
    row += 1;
    if (line.trim() === '') continue;
    try {
      yield { row, value: JSON.parse(line) as unknown };
    } catch {
      yield { row, errors: [{ path: '', message: 'line is not valid JSON' }] };
    }
  }
}

/** A JSON array, streamed element by element (stream-json), so a file of any size fits in memory. */
export async function* readJsonArray(file: string): AsyncGenerator<SourceItem> {
  const stream = createReadStream(file).pipe(StreamArray.withParser());
  for await (const { key, value } of stream as AsyncIterable<{ key: number; value: unknown }>) {
    yield { row: key + 1, value };
  }
}
