import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { stringifyBody } from '../../relay/shared/exact-json.js';

type Handler = (req: IncomingMessage, url: URL, res: ServerResponse) => void;

/** A local stand-in of a platform's API on a loopback port, counting what it served. */
export class StandIn {
  readonly served: { path: string; status: number }[] = [];
  private server: Server | undefined;
  url = '';

  constructor(private readonly handler: Handler) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', this.url);
      const end = res.end.bind(res);
      res.end = ((...args: Parameters<typeof end>) => {
        this.served.push({ path: url.pathname + url.search, status: res.statusCode });
        return end(...args);
      }) as typeof res.end;
      this.handler(req, url, res);
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(typeof body === 'string' ? body : stringifyBody(body));
}
