import { request } from 'undici';

/** An answer as the doctor reads it: status, headers (lower-case), the body as text. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A browser's User-Agent: the relay drops what looks like a bot, and so would drop the doctor's test event. */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 shopbeacon-doctor';

/** One call with a short timeout; a network failure is an answer with status 0 and the reason as its text. */
export async function fetchAnswer(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  try {
    const response = await request(url, {
      method: init.method ?? 'GET',
      headers: { 'user-agent': BROWSER_UA, ...init.headers },
      ...(init.body === undefined ? {} : { body: init.body }),
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
  } catch (error) {
    return { status: 0, headers: {}, text: (error as Error).message };
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A page as a browser gets it: redirects followed (at most five), so `/product/teapot` answered
 * 301 to `/product/teapot/`, as WordPress does, is the page it leads to. Resolves with the answer
 * of the last hop and its URL.
 */
export async function fetchPage(url: string, hops = 5): Promise<Answer & { url: string }> {
  const answer = await fetchAnswer(url);
  const location = header(answer, 'location');
  if (!REDIRECTS.has(answer.status) || !location || hops === 0) return { ...answer, url };
  return fetchPage(new URL(location, url).href, hops - 1);
}

/** A header's value as one string. */
export const header = (answer: Answer, name: string) => [answer.headers[name] ?? ''].flat().join(', ');

/** The JSON body, or an empty object. */
export function jsonOf(answer: Answer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(answer.text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
