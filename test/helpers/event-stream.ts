/** One Server-Sent Event as a client sees it. */
export interface StreamEvent {
  id?: string;
  event: string;
  data: unknown;
}

function parseBlock(block: string): StreamEvent | undefined {
  const fields: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
  }
  if (fields['data'] === undefined) return undefined;
  return {
    ...(fields['id'] ? { id: fields['id'] } : {}),
    event: fields['event'] ?? 'message',
    data: JSON.parse(fields['data']),
  };
}

/**
 * Reads an event stream until `done` holds for what was read so far (or `timeoutMs` passes),
 * then disconnects. Returns the events and the raw text (to search it for what must never appear).
 */
export async function readEventStream(
  url: string,
  headers: Record<string, string>,
  done: (events: StreamEvent[]) => boolean,
  timeoutMs = 10_000,
): Promise<{ events: StreamEvent[]; raw: string; status: number; headers: Headers }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: StreamEvent[] = [];
  let raw = '';
  let pending = '';
  try {
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      const text = decoder.decode(chunk, { stream: true });
      raw += text;
      pending += text;
      const blocks = pending.split('\n\n');
      pending = blocks.pop() ?? '';
      for (const block of blocks) {
        const event = parseBlock(block);
        if (event) events.push(event);
      }
      if (done(events)) break;
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  return { events, raw, status: response.status, headers: response.headers };
}
