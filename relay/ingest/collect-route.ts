import type { Context } from 'koa';
import type { FieldError } from '../contract/field-error.js';
import { readJsonBody } from '../http/read-json-body.js';
import { publishDropped, publishEnqueued, publishRejected } from '../debug/publish-ingest.js';
import { enqueueOnce } from '../shared-state/enqueue-once.js';
import type { IngestDeps } from './ingest-deps.js';
import type { OutboxRecord } from '../outbox/outbox.js';
import { isBotRequest } from './bot-filter.js';
import { parseCollectBody } from './collect-body.js';
import { collectEventToRecord, rejectionReason } from './collect-event.js';
import { resolveIdentity, writeIdentityCookies, type Identity } from './identity-cookies.js';
import type { RateLimits } from './rate-limits.js';

export interface CollectOptions extends IngestDeps {
  rateLimits: RateLimits;
  keepBots: boolean;
  cookieDomain: string | undefined;
}

interface Rejection {
  index: number;
  errors: FieldError[];
}

/** 64 KB: the browsers' keepalive budget, and more than 50 events of any real shop. */
export const COLLECT_BODY_LIMIT = 64 * 1024;

function firstField(events: unknown[], field: string): unknown {
  const first = events[0];
  return typeof first === 'object' && first !== null ? (first as Record<string, unknown>)[field] : undefined;
}

function countByUser(records: OutboxRecord[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of records) counts.set(String(r.body['user_id']), (counts.get(String(r.body['user_id'])) ?? 0) + 1);
  return counts;
}

/** `POST /collect`: browser events in, an answer only after the accepted ones are on disk. */
export function collectRoute(options: CollectOptions) {
  const now = options.now ?? Date.now;
  const validate = (events: unknown[], identity: Identity) => {
    const records: OutboxRecord[] = [];
    const rejected: Rejection[] = [];
    events.forEach((raw, index) => {
      const result = collectEventToRecord(raw, identity, now());
      if (result.ok) records.push(result.value);
      else {
        rejected.push({ index, errors: result.errors });
        publishRejected(options.feed, 'collect', 'event', raw, result.errors);
      }
    });
    return { records, rejected };
  };

  return async function collect(ctx: Context): Promise<void> {
    const body = parseCollectBody(await readJsonBody(ctx, { limit: COLLECT_BODY_LIMIT, types: ['text/plain', 'application/json'] }));
    if (!options.keepBots && isBotRequest(ctx.get('user-agent'), body.webdriver)) {
      options.metrics.ingested.inc({ result: 'dropped_bot' }, body.events.length);
      publishDropped(options.feed, body.events, 'bot');
      ctx.body = { accepted: 0, duplicates: 0, dropped: body.events.length, rejected: [] };
      return;
    }
    await options.rateLimits.takeIp(ctx.ip, body.events.length);
    const identity = resolveIdentity(ctx, firstField(body.events, 'user_id'), firstField(body.events, 'session_id'));
    const { records, rejected } = validate(body.events, identity);
    await options.rateLimits.takeUsers(countByUser(records));
    const results = await enqueueOnce(options.outbox, options.eventIds, records);
    publishEnqueued(options.feed, 'collect', records, results);
    if (records.length > 0) options.onEnqueued();
    const accepted = results.filter((r) => r === 'queued').length;
    const duplicates = results.length - accepted;
    options.metrics.ingested.inc({ result: 'accepted' }, accepted);
    options.metrics.ingested.inc({ result: 'duplicate' }, duplicates);
    options.metrics.ingested.inc({ result: 'rejected' }, rejected.length);
    for (const r of rejected) options.metrics.rejected.inc({ reason: rejectionReason(r.errors[0]?.message ?? '') });
    writeIdentityCookies(ctx, identity, { domain: options.cookieDomain, secure: ctx.secure });
    // Nothing taken: a 400, so no client mistakes a refusal for a success; a partial batch stays 200.
    if (records.length === 0) {
      ctx.status = 400;
      ctx.body = { error: 'invalid_events', message: 'every event was refused: see rejected[].errors', accepted, duplicates, dropped: 0, rejected };
      return;
    }
    ctx.body = { accepted, duplicates, dropped: 0, rejected };
  };
}
