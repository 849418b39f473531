import Koa, { type Context } from 'koa';
import Router from '@koa/router';
import { setTimeout as sleep } from 'node:timers/promises';
import { KINDS, type KindInfo } from '../contract/kinds.js';
import { HttpError } from '../http/http-error.js';
import { readJsonBody } from '../http/read-json-body.js';
import { constantTimeEqual } from '../shared/constant-time-equal.js';
import { CallLog } from './call-log.js';
import { CallsPerSecond, mergeFaults, type Faults } from './faults.js';
import { addInspectionRoutes } from './inspection-routes.js';
import type { MockStore } from './mock-store.js';

interface MockAppOptions {
  store: MockStore;
  token: string;
  faults: Faults;
  now: () => number;
  /** Called after every change of the store (for persistence). */
  onChange: () => void;
}

const BODY_LIMIT = 1024 * 1024;

/** The spec lists only 200 and 400, so every refusal of a `/v1/*` call is a 400 with the reason. */
async function serviceErrors(ctx: Context, next: () => Promise<unknown>): Promise<void> {
  try {
    await next();
  } catch (error) {
    const http = error instanceof HttpError ? error : undefined;
    const isService = ctx.path.startsWith('/v1/');
    ctx.status = http ? (isService ? 400 : http.status) : 500;
    ctx.body = http
      ? { error: http.code, message: http.message, errors: http.errors ?? [] }
      : { error: 'internal_error', message: 'internal error' };
  }
}

/**
 * The service's clock on every answer, as a real one's carry it (Node would write the machine's):
 * the relay asks it with a HEAD of the base URL at start, and reads it from each delivery's answer.
 */
function serviceDate(now: () => number) {
  return async (ctx: Context, next: () => Promise<unknown>): Promise<void> => {
    ctx.set('Date', new Date(now()).toUTCString());
    await next();
  };
}

function checkAuthorization(ctx: Context, token: string, required: boolean): void {
  const header = ctx.get('authorization');
  if (!header && !required) return;
  if (!header)
    throw new HttpError(400, 'unauthorized', 'Authorization: Bearer <token> is required', [
      { path: 'headers.authorization', message: 'is required' },
    ]);
  const ok = header.startsWith('Bearer ') && constantTimeEqual(header.slice(7), token);
  if (!ok)
    throw new HttpError(400, 'unauthorized', 'the bearer token is not valid', [
      { path: 'headers.authorization', message: 'is not a valid bearer token' },
    ]);
}

/** Headers and half a body, then a reset: the record is stored, the caller sees a broken answer. */
function resetMidAnswer(ctx: Context, calls: CallLog): void {
  calls.record({ at: Date.now(), path: ctx.path, status: 0 }, 'dropped');
  ctx.respond = false;
  ctx.res.writeHead(200, { 'content-type': 'application/json', 'content-length': '64' });
  ctx.res.write('{"ok":');
  setImmediate(() => ctx.req.socket.resetAndDestroy());
}

/** An injected failure answered: the status, its headers, a JSON body saying it was the mock's doing. */
function answerFault(
  ctx: Context,
  calls: CallLog,
  status: number,
  headers: Record<string, string>,
  what: string,
): true {
  calls.record({ at: Date.now(), path: ctx.path, status }, 'faulted');
  ctx.set(headers);
  ctx.status = status;
  ctx.body = { error: status === 429 ? 'rate_limited' : 'injected_fault', message: `mock service ${what}` };
  return true;
}

/** A crashing service: the connection goes without an answer. */
function dropConnection(ctx: Context, calls: CallLog): true {
  calls.record({ at: Date.now(), path: ctx.path, status: 0 }, 'dropped');
  ctx.req.socket.destroy();
  ctx.respond = false;
  return true;
}

/**
 * Answers held by the `latencyMs` fault. A new latency releases those held by the one before: a
 * test holds the service's answers for as long as it needs (to show what never waits for them),
 * then lets them go at once. Closing the mock ends them.
 */
class HeldAnswers {
  private readonly closing = new AbortController();
  private released = new AbortController();

  async for(ms: number): Promise<void> {
    try {
      await sleep(ms, undefined, { signal: AbortSignal.any([this.closing.signal, this.released.signal]) });
    } catch (error) {
      if (this.closing.signal.aborted) throw error;
    }
  }

  release(): void {
    this.released.abort();
    this.released = new AbortController();
  }

  end(): void {
    this.closing.abort();
  }
}

interface MockApp {
  app: Koa;
  calls: CallLog;
  faults: () => Faults;
  setFaults: (update: Partial<Faults>) => void;
  /** Ends every call still held by `latencyMs`, so a closed mock leaves no timer behind. */
  endHeldCalls: () => void;
}

/** Builds the mock service's Koa app: the spec's three endpoints plus `/_mock/*` inspection. */
export function createMockApp(options: MockAppOptions): MockApp {
  const { store } = options;
  const held = new HeldAnswers();
  let faults = options.faults;
  const calls = new CallLog();
  const app = new Koa();
  const router = new Router();

  const perSecond = new CallsPerSecond();
  const injectFaults = async (ctx: Context): Promise<boolean> => {
    if (faults.rateLimit > 0 && perSecond.count(options.now()) > faults.rateLimit)
      return answerFault(ctx, calls, 429, { 'Retry-After': '1' }, `rate limit: ${faults.rateLimit} calls per second`);
    if (faults.latencyMs > 0) await held.for(faults.latencyMs);
    if (faults.mode === 'drop') return dropConnection(ctx, calls);
    if (faults.failRate > 0 && Math.random() < faults.failRate) {
      const headers: Record<string, string> =
        faults.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(faults.retryAfterSeconds) };
      return answerFault(ctx, calls, faults.failStatus, headers, `fault (${faults.failStatus})`);
    }
    return false;
  };

  function serviceRoute(info: KindInfo) {
    return async (ctx: Context): Promise<void> => {
      if (await injectFaults(ctx)) return;
      try {
        checkAuthorization(ctx, options.token, info.kind !== 'product');
        // The service's ids are JSON integers; a 64-bit one (Shopify's) is kept exact, not rounded.
        const body = await readJsonBody(ctx, { limit: BODY_LIMIT, types: ['application/json'], exactIntegers: true });
        const result = info.validate(body, { now: options.now(), bigIntegers: true });
        if (!result.ok) throw new HttpError(400, 'invalid_record', `${info.kind} failed validation`, result.errors);
        store.put(info.kind, result.value as Record<string, unknown>);
        options.onChange();
      } catch (error) {
        calls.record({ at: Date.now(), path: ctx.path, status: 400 }, 'refused');
        throw error;
      }
      if (faults.mode === 'reset') return resetMidAnswer(ctx, calls);
      calls.record({ at: Date.now(), path: ctx.path, status: 200 }, 'accepted');
      ctx.body = { ok: true };
    };
  }

  for (const info of Object.values(KINDS)) router.post(info.path, serviceRoute(info));
  const setFaults = (update: Record<string, unknown>) => {
    faults = mergeFaults(faults, update);
    if ('latencyMs' in update) held.release();
  };
  addInspectionRoutes(router, { store, calls, faults: () => faults, setFaults, onChange: options.onChange });

  app.use(serviceDate(options.now));
  app.use(serviceErrors);
  app.use(router.routes());
  app.use(router.allowedMethods());
  app.use((ctx) => {
    throw new HttpError(404, 'not_found', `no route for ${ctx.method} ${ctx.path}`);
  });
  return {
    app,
    calls,
    faults: () => faults,
    setFaults: (update) => setFaults(update as Record<string, unknown>),
    endHeldCalls: () => held.end(),
  };
}
