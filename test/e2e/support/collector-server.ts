import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One request the snippet made to `/collect`, as the server saw it. */
export interface CollectRequest {
  contentType: string;
  fetchMode: string;
  body: { events: Record<string, unknown>[]; webdriver?: boolean; sent_at?: number };
}

/**
 * Serves the built bundle and the HTML fixtures, and records what reaches `/collect`.
 * `down` answers 503 to simulate a relay outage. A stand-in for the relay, so the snippet's
 * specs test the snippet alone; the relay's own e2e spec uses the real relay.
 */
export class CollectorServer {
  requests: CollectRequest[] = [];
  down = false;
  private server: Server = createServer((req, res) => void this.handle(req, res));
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Events received, each `event_id` once: the relay drops repeats, which the snippet sends on purpose. */
  events(): Record<string, unknown>[] {
    const seen = new Set<unknown>();
    return this.requests.flatMap((r) => r.body.events).filter((e) => !seen.has(e.event_id) && seen.add(e.event_id));
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'POST' && path.endsWith('/collect')) return this.collect(req, res);
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    const file =
      path === '/sb/shopbeacon.js' ? 'dist/shopbeacon.js' : join('test/e2e/fixtures', path.replace(/^\/+/, ''));
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  }

  private async collect(req: IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    if (this.down) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"down"}');
      return;
    }
    const body = JSON.parse(text) as CollectRequest['body'];
    this.requests.push({
      contentType: req.headers['content-type'] ?? '',
      fetchMode: String(req.headers['sec-fetch-mode'] ?? ''),
      body,
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ accepted: body.events.length, duplicates: 0, dropped: 0, rejected: [] }));
  }
}
