import { request } from 'undici';

/**
 * The service's time, as the `Date` of its answer to a HEAD of the base URL says it: asked once at
 * start, so that what arrives before the first delivery's answer is not stamped by a clock nobody
 * has checked. Any answer carries a Date (a 404, a 401: the question needs no token, and none is
 * sent). Rejects when no answer comes within `timeoutMs` or `signal` ends the question.
 */
export async function askServiceTime(
  baseUrl: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<string | undefined> {
  const response = await request(baseUrl, {
    method: 'HEAD',
    // One question, one connection: nothing kept alive for a relay that closes.
    reset: true,
    signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
  });
  await response.body.dump();
  const date = response.headers['date'];
  return Array.isArray(date) ? date[0] : date;
}
