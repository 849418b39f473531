/**
 * The wire between the snippet and the relay's `/collect`, in one DOM-free file with no import:
 * the browser bundle and the relay both import it, so a cookie name, the id pattern or the batch
 * limit cannot drift apart.
 */

/** The visitor's id, 400 days; the relay re-sets it from the server on every answer. */
export const USER_COOKIE = '_sb_uid';
/**
 * The session id, for 30 minutes: renewed by the snippet with every batch and by the relay with
 * every answer, so the browser drops it after 30 idle minutes; ended by the relay 24 hours after
 * it began.
 */
export const SESSION_COOKIE = '_sb_sid';
/** `1` granted, `0` refused. */
export const CONSENT_COOKIE = '_sb_c';
/** A visitor or session id: what the snippet makes and the relay keeps. */
export const ID_PATTERN = /^[\w-]{8,64}$/;
/**
 * A shop's customer id given to `identify`: 1 to 128 characters a cookie value may hold as they
 * are (RFC 6265 `cookie-octet`: printable ASCII but space, `"`, `,`, `;` and `\`).
 */
export const CUSTOMER_ID_PATTERN = /^[!#-+\--:<-[\]-~]{1,128}$/;
/**
 * `_sb_uid` as the browser keeps it: an anonymous id, or `~` and the customer id once identified.
 * `~` never occurs in an anonymous id, so an identified visitor is never mistaken for one.
 */
export const USER_COOKIE_PATTERN = /^(~[!#-+\--:<-[\]-~]{1,128}|[\w-]{8,64})$/;
/** An `event_id`: the snippet's de-duplication key. */
export const EVENT_ID_PATTERN = /^[\w-]{1,64}$/;
/**
 * Events per `/collect` request, and the snippet's retry-queue bound: one request carries the
 * whole queue, so the bundle has no batch splitting. The queue's 32 KB bound keeps it
 * inside the 64 KB below.
 */
export const MAX_EVENTS_PER_BATCH = 100;
/** Bytes per `/collect` request: the 64 KB keepalive budget browsers share per page. */
export const MAX_COLLECT_BYTES = 64 * 1024;

/** An event as the snippet sends it to the relay's `/collect`. */
export interface SnippetEvent {
  event_name: string;
  event: Record<string, unknown>;
  event_id: string;
  /**
   * When it happened, on the page's clock (epoch ms). The relay writes the service's `datetime`
   * from it, corrected by the batch's `sent_at`. A `datetime` string is taken too.
   */
  captured_at?: number;
  /** The visitor's UTC offset then, in minutes east of UTC: the month the visitor lived the event in. */
  utc_offset?: number;
  datetime?: string;
  user_id?: string;
  session_id?: string;
  /**
   * `1`: sent by a helper, by its name: any command but the tracker's own. The event catalogue
   * (relay/contract/event-catalogue.ts) is the one list of helpers: the relay names the event as
   * it does (`addToCart` → `Added To Cart`), keeps the catalogue's fields of `event` and drops the
   * rest, as the helpers promise, and refuses a name the catalogue lacks (`event_name`), so the
   * bundle carries no helper list, no field list and no long name; a `track` call's fields are
   * never dropped. An older snippet's full name is taken as it is.
   */
  helper?: 1;
  /**
   * `1`: `event` is a clicked element's `dataset`, as it is (`sbProductId: "5"`). The relay keeps the
   * `sb…` entries, named as the attribute (`data-sb-product-id` → `product_id`) and typed (`price`,
   * `quantity`, `order_value`, `position` and a numeric `product_id` as numbers), so the bundle carries no
   * attribute parsing; `sbEvent` and `sbAddToCart`, the marks, are left out, and `sbList` (the
   * listing's `data-sb-list`) is `list_id`.
   */
  attributes?: 1;
}

/** The body of `POST /collect` (sent as `text/plain`, so no CORS preflight). */
export interface CollectRequest {
  events: SnippetEvent[];
  /** `navigator.webdriver`: an automated browser is dropped as a bot. */
  webdriver?: boolean;
  /**
   * The page's clock (epoch ms) as the batch left: the relay moves every `datetime` by how far
   * that clock is off its own, so a wrong clock neither loses events nor bills the wrong month.
   */
  sent_at?: number;
}
