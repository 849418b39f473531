/** The WP Consent API's browser side (wp-consent-api.js, which the API enqueues in the page's footer). */
export interface WpConsentWindow {
  wp_has_consent?: (category: string) => boolean;
  document: Pick<Document, 'addEventListener'>;
}

/**
 * Follows the WP Consent API for `category`: `wp_has_consent` now, then every
 * `wp_listen_for_consent_change` event naming the category (`allow` or `deny`). A `false` from
 * `wp_has_consent` is also its answer before the shopper chose, which the API's function cannot
 * tell from a refusal: it refuses only for a shopper who `answered` before (a `_sb_c` the
 * snippet remembered), and otherwise waits for the banner's event.
 */
export function followWp(
  win: WpConsentWindow,
  category: string,
  decide: (granted: boolean) => void,
  answered?: unknown,
): void {
  win.document.addEventListener('wp_listen_for_consent_change', (event) => {
    const value = (event as CustomEvent<Record<string, string> | undefined>).detail?.[category];
    if (value) decide(value == 'allow');
  });
  if (win.wp_has_consent?.(category)) decide(true);
  else if (answered) decide(false);
}
