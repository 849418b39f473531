import { readFileSync } from 'node:fs';
import { json, StandIn } from './platform-standins.js';

/** One exchange as `scripts/record-shop.mjs` wrote it from a real shop. */
interface Exchange {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: string;
}

/** Query values that depend on when a sweep ran (its date range): any value matches. */
const VOLATILE = ['filter[date_upd]', 'modified_after', 'modified_before'];

/** A request as it is matched: method, path and query in a fixed order, volatile values blanked. */
function requestKey(method: string, path: string): string {
  const url = new URL(path, 'http://recorded');
  for (const name of VOLATILE) if (url.searchParams.has(name)) url.searchParams.set(name, '*');
  url.searchParams.sort();
  return `${method} ${url.pathname}?${url.searchParams.toString()}`;
}

/**
 * A real shop's API as recorded (test/fixtures/<platform>/recorded/*.json): each request is
 * answered with the shop's own bytes for the same method, path and query, the exchanges for one
 * request in the order they were recorded. A request the shop was never asked is a 404 and is
 * listed in `unmatched`, so a connector that reads something new fails its test by name.
 */
export class RecordedShop extends StandIn {
  readonly unmatched: string[] = [];

  constructor(file: string) {
    const exchanges = (JSON.parse(readFileSync(file, 'utf8')) as { exchanges: Exchange[] }).exchanges;
    const byRequest = new Map<string, Exchange[]>();
    for (const exchange of exchanges) {
      const key = requestKey(exchange.method, exchange.path);
      byRequest.set(key, [...(byRequest.get(key) ?? []), exchange]);
    }
    super((req, url, res) => {
      const key = requestKey(req.method ?? 'GET', url.pathname + url.search);
      const answers = byRequest.get(key);
      const answer = answers && answers.length > 1 ? answers.shift() : answers?.[0];
      if (!answer) {
        this.unmatched.push(key);
        return json(res, 404, { errors: `not recorded: ${key}` });
      }
      res.writeHead(answer.status, answer.contentType ? { 'content-type': answer.contentType } : {}).end(answer.body);
    });
  }
}
