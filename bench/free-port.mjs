// A free loopback port, asked of the OS: for a process that must come back on the same port.
import { createServer } from 'node:net';

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}
