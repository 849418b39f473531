import {
  createServer,
  ServerResponse,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  type RequestListener,
  type Server,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Time limits that end slow or stalled clients (one byte a second) instead of holding a socket forever. */
const REQUEST_TIMEOUT_MS = 15_000;
const HEADERS_TIMEOUT_MS = 10_000;

/**
 * How long an idle kept-alive connection stays open: longer than any proxy in front keeps its side
 * (the shipped nginx file says 60 s; load balancers default to 60 s), so the proxy always closes
 * first. With Node's default of 5 s, nginx could send a request on a socket Node was closing that
 * instant: a 502 "Connection reset by peer", seen once on a real shop, and for a WooCommerce
 * webhook a delivery never retried.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Servers being stopped: each of their answers asks its client to close the connection after it. */
const stopping = new WeakSet<Server>();

/** Each server's open connections, to find at its stop those that never sent a byte. */
const connections = new WeakMap<Server, Set<Socket>>();

/**
 * Answers that say `Connection: close` once their server is stopping, those in flight when it began
 * included: Node serves new requests on open connections after `close`, so a client keeping its
 * connections busy (a proxy's keep-alive pool, a load) would hold a stop for ever. Checked as the
 * head is written, so it costs an answer nothing else.
 */
function answerType(server: () => Server): typeof ServerResponse<IncomingMessage> {
  return class StoppableAnswer extends ServerResponse<IncomingMessage> {
    override writeHead(code: number, message?: string, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
    override writeHead(code: number, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
    override writeHead(
      code: number,
      message?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
      headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
    ): this {
      if (stopping.has(server())) this.setHeader('Connection', 'close');
      // Node reads a second argument that is not text as the headers, as both signatures say.
      return super.writeHead(code, message as string, headers);
    }
  };
}

/**
 * Listens with client time limits; resolves with the server and the URL it answers on.
 * `requestTimeoutMs` bounds the whole request (headers and body); headers get at most 10 s of it.
 */
export async function listen(
  handler: RequestListener,
  port: number,
  host: string,
  requestTimeoutMs = REQUEST_TIMEOUT_MS,
): Promise<{ server: Server; url: string }> {
  const server: Server = createServer(
    {
      requestTimeout: requestTimeoutMs,
      // Counted from a request's first byte, not over the idle time between kept-alive requests.
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      // Node checks those limits only this often (30 s by default), so a trickling client would outlive them.
      connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs / 4),
      ServerResponse: answerType(() => server),
    },
    handler,
  );
  const open = new Set<Socket>();
  connections.set(server, open);
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { server, url: `http://${urlHost}:${address.port}` };
}

/**
 * Stops accepting connections; requests in flight finish, and each connection ends after its last
 * answer. A connection that never sent a byte (a browser's preconnect, a health checker's probe)
 * has nothing in flight and is closed at once: Node counts it neither idle nor timed out, and the
 * close would wait on it for the whole keep-alive timeout, past the grace period of a stop.
 */
export function stopListening(server: Server): Promise<void> {
  stopping.add(server);
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    for (const socket of connections.get(server) ?? []) if (socket.bytesRead === 0) socket.destroy();
  });
}
