import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Time limits that end slow or stalled clients (one byte a second) instead of holding a socket forever. */
const REQUEST_TIMEOUT_MS = 15_000;
const HEADERS_TIMEOUT_MS = 10_000;

/** Listens with client time limits; resolves with the server and the URL it answers on. */
export async function listen(handler: RequestListener, port: number, host: string): Promise<{ server: Server; url: string }> {
  const server = createServer({ requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: HEADERS_TIMEOUT_MS }, handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { server, url: `http://${urlHost}:${address.port}` };
}

/** Stops accepting connections and ends idle keep-alive ones; requests in flight finish. */
export function stopListening(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
