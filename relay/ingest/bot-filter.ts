import { isbot } from 'isbot';

/**
 * Whether a browser request comes from a bot: a User-Agent the `isbot` list flags (HeadlessChrome
 * included), none at all (every browser sends one), or a snippet that reported `navigator.webdriver`.
 * Dropped before the outbox because every distinct `user_id` is billed.
 */
export function isBotRequest(userAgent: string | undefined, webdriver: unknown): boolean {
  return !userAgent || isbot(userAgent) || webdriver === true;
}
