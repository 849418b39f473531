// The ceiling of Node on this machine: read the body, answer 204. Prints its URL.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  req.on('data', () => undefined);
  req.on('end', () => res.writeHead(204).end());
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
