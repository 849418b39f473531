import { getJson } from './http.js';
import { ADMIN_KEY, until, type Harness } from './relay-harness.js';

/** `/stats`' sync part, as far as the tests read it. */
export type SyncStats = {
  sync: Record<
    string,
    {
      webhooksRepaired: number;
      found: number;
      sent: number;
      unchanged: number;
      missedByWebhooks: number | null;
      skipped: number;
      invalid: number;
      lastEndedAt: number | null;
      lastError: string | null;
      cursor: Record<string, number | null>;
      notes: string[];
    }
  >;
};

/** One platform's sync status from the relay's `/stats`. */
export const syncStatus = async (h: Harness, platform: string) =>
  (await getJson<SyncStats>(`${h.url}/stats`, { authorization: `Bearer ${ADMIN_KEY}` })).sync[platform];

/** Resolves once a sweep that began after now has ended. */
export async function nextSweep(h: Harness, platform: string): Promise<void> {
  const since = Date.now();
  await until(
    async () => ((await syncStatus(h, platform))?.lastEndedAt ?? 0) > since + 5,
    `a sweep of ${platform} after ${since}`,
  );
}
