import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import StreamArray from 'stream-json/streamers/StreamArray.js';
import { jsonDepth, MAX_JSON_DEPTH, parseFiniteJson } from '../http/json-shape.js';
import type { SourceItem } from './source-item.js';

function parseLine(row: number, line: string): SourceItem {
  // readline decodes invalid UTF-8 as U+FFFD: refuse rather than send changed text.
  if (line.includes('\uFFFD')) return { row, errors: [{ path: '', message: 'line is not valid UTF-8' }] };
  if (jsonDepth(line) > MAX_JSON_DEPTH)
    return { row, errors: [{ path: '', message: `line nests deeper than ${MAX_JSON_DEPTH} levels` }] };
  try {
    return { row, value: parseFiniteJson(line) };
  } catch (error) {
    return {
      row,
      errors: [
        {
          path: '',
          message:
            error instanceof RangeError ? 'line holds a number too large for a double' : 'line is not valid JSON',
        },
      ],
    };
  }
}

/** JSON Lines / NDJSON: one record per line; blank lines skipped; a line that is not JSON is reported. */
export async function* readJsonLines(file: string): AsyncGenerator<SourceItem> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let row = 0;
  for await (const line of lines) {
    row += 1;
    if (line.trim() === '') continue;
    yield parseLine(row, line);
  }
}

/** A JSON array, streamed element by element (stream-json), so a file of any size fits in memory. */
export async function* readJsonArray(file: string): AsyncGenerator<SourceItem> {
  const stream = createReadStream(file).pipe(StreamArray.withParser());
  let row = 0;
  try {
    for await (const { key, value } of stream as AsyncIterable<{ key: number; value: unknown }>) {
      row = key + 1;
      // The parser decodes invalid UTF-8 as U+FFFD too: refused, as a JSON Lines or CSV file's is.
      yield JSON.stringify(value).includes('\uFFFD')
        ? { row, errors: [{ path: '', message: 'element is not valid UTF-8' }] }
        : { row, value };
    }
  } catch (error) {
    // Truncated, not an array, not JSON: what was read stays valid; the rest is one error.
    yield {
      row: row + 1,
      errors: [{ path: '', message: `the file is not a valid JSON array: ${(error as Error).message}` }],
    };
  }
}
