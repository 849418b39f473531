// The floor of this design: what any durable ingest server must do for `/collect`, and
// nothing more. node:http; JSON.parse of the body; the durable store of durable-floor.mjs (one
// SQLite WAL insert per event, synchronous=FULL, the group commit on the next loop turn); the
// answer only after the commit. No validation, cookies, bots, de-duplication, tallies, events or
// metrics: what the relay does beyond this is what it costs over the floor. Prints its URL.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { durableStore } from './durable-floor.mjs';

const store = durableStore();

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let events;
    try {
      events = JSON.parse(Buffer.concat(chunks).toString('utf8')).events;
    } catch {
      return res.writeHead(400).end();
    }
    if (!Array.isArray(events)) return res.writeHead(400).end();
    void store(events).then(() =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"accepted":${events.length}}`),
    );
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
