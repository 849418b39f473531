import { isbot } from 'isbot';

/** Verdicts of recent User-Agents: a shop's visitors share a few dozen, and the list is one large regex. */
const verdicts = new Map<string, boolean>();
const REMEMBERED = 500;

function isBotAgent(userAgent: string): boolean {
  let verdict = verdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    // Forgetting the oldest keeps the map bounded against a flood of made-up agents.
    if (verdicts.size >= REMEMBERED) verdicts.delete(verdicts.keys().next().value as string);
    verdicts.set(userAgent, verdict);
  }
  return verdict;
}

/**
 * Whether a browser request comes from a bot: a User-Agent the `isbot` list flags (HeadlessChrome
 * included), none at all (every browser sends one), or a snippet that reported `navigator.webdriver`.
 * Dropped before the outbox because every distinct `user_id` is billed.
 */
export function isBotRequest(userAgent: string | undefined, webdriver: unknown): boolean {
  return !userAgent || isBotAgent(userAgent) || webdriver === true;
}
