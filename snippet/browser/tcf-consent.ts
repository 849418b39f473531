/** What the snippet reads of the TCF API's `TCData` (IAB Tech Lab, CMP API v2). */
export interface TcData {
  eventStatus?: string;
  gdprApplies?: boolean;
  purpose?: { consents?: Record<number, boolean | undefined> };
  publisher?: { consents?: Record<number, boolean | undefined> };
}

/** `window.__tcfapi`, as a CMP (or its stub, which queues the call until the CMP loads) defines it. */
export type TcfApi = (command: string, version: number, callback: (data: TcData, success: boolean) => void) => unknown;

/**
 * The purposes the service's processing needs: 1, storing an id on the device; 5 and 6, making a
 * profile for personalised content and using it to choose content. Consent only: TCF 2.2 allows
 * no legitimate interest for any of them.
 */
const PURPOSES = [1, 5, 6];

/**
 * Whether the shopper's choice covers the snippet: GDPR does not apply, or each purpose is
 * consented, either as the publisher's own (`publisher.consents`, the TC string's Publisher TC
 * segment) or as the purpose's (`purpose.consents`). The relay is the shop's own first-party tool
 * with no vendor id on the Global Vendor List, so no vendor consent can name it, and the
 * publisher's consent is the one TCF keeps for the site's own processing; but many CMPs are
 * set up with no publisher purposes and record only the purposes' consents, the shopper's answer
 * to the same purpose texts on the same site, which would otherwise refuse every shopper.
 */
export const tcfGrants = (data: TcData): boolean =>
  data.gdprApplies === false || PURPOSES.every((id) => data.publisher?.consents?.[id] || data.purpose?.consents?.[id]);

/**
 * Follows the CMP through `addEventListener`: a choice restored (`tcloaded`) or made
 * (`useractioncomplete`) decides, and so does a callback where GDPR does not apply, which carries
 * no status; `cmpuishown`, the banner asking, decides nothing.
 */
export function followTcf(api: TcfApi, decide: (granted: boolean) => void): void {
  api('addEventListener', 2, (data, success) => success && data.eventStatus != 'cmpuishown' && decide(tcfGrants(data)));
}
