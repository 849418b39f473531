import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { stringifyBody } from '../shared/exact-json.js';
import type { FeedEntry } from './debug-wire.js';
import type { RecordFeed } from './record-feed.js';

export interface DebugStreamOptions {
  feed: RecordFeed;
  snapshot: () => Promise<unknown>;
  /** @default 1000 */
  snapshotEveryMs?: number;
}

/** A viewer this far behind is cut off; its EventSource reconnects and resumes from `Last-Event-ID`. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const recordMessage = (entry: FeedEntry) => `id: ${entry.seq}\nevent: record\ndata: ${stringifyBody(entry)}\n\n`;

/** `GET /_debug/stream`: Server-Sent Events, `record` for each step of each record and `stats` every second. */
export function debugStream(options: DebugStreamOptions) {
  return function stream(ctx: Context): void {
    const out = new PassThrough();
    const lastSeen = Number(ctx.get('last-event-id') || ctx.query['since'] || 0) || 0;
    const send = (text: string) => {
      if (out.destroyed || out.writableEnded) return;
      if (out.writableLength > MAX_BUFFERED_BYTES) out.end();
      else out.write(text);
    };
    send(`retry: 2000\n\n`);
    for (const entry of options.feed.since(lastSeen)) send(recordMessage(entry));
    const stats = () => void options.snapshot().then((s) => send(`event: stats\ndata: ${JSON.stringify(s)}\n\n`));
    stats();
    const timer = setInterval(stats, options.snapshotEveryMs ?? 1000);
    const unsubscribe = options.feed.subscribe(
      (entry) => send(recordMessage(entry)),
      () => out.end(),
    );
    const stop = () => {
      clearInterval(timer);
      unsubscribe();
    };
    out.on('close', stop);
    ctx.req.on('close', () => out.destroy());
    ctx.req.socket.setNoDelay(true);
    // One stream per connection: when the relay ends the stream at shutdown, the socket goes with it.
    ctx.set({ 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no', Connection: 'close' });
    ctx.type = 'text/event-stream';
    ctx.body = out;
  };
}
