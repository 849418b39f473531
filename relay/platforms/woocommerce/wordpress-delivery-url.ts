/**
 * A literal loopback or private IPv4 address, or `localhost`: what WordPress resolves to such an
 * address is refused the same way.
 */
const LOCAL =
  /^(localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|0\.\d+\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|192\.168\.\d+\.\d+|\[::1\])$/i;

/** The ports WordPress delivers to on any host (`http_allowed_safe_ports`' default). */
const SAFE_PORTS = [80, 443, 8080];

/**
 * Why WordPress would never deliver a webhook to `deliveryUrl`, or undefined. WooCommerce posts
 * its webhooks with `wp_safe_remote_request`, whose `wp_http_validate_url` refuses a loopback or
 * private address unless it is the site's own host, and any port but 80, 443 and 8080 unless it is
 * the site's own host and port (wp-includes/http.php): such a webhook fails every delivery and is
 * disabled, with nothing said to the merchant.
 */
export function undeliverableByWordPress(deliveryUrl: string, siteUrl: string): string | undefined {
  const target = new URL(deliveryUrl);
  const site = new URL(siteUrl);
  const sameHost = target.hostname.toLowerCase() === site.hostname.toLowerCase();
  const port = target.port === '' ? undefined : Number(target.port);
  const fix =
    'use the address shoppers reach the shop at, with the relay under it (for example https://shop.example/sb behind the shipped nginx file)';
  if (!sameHost && LOCAL.test(target.hostname))
    return `WordPress does not deliver webhooks to ${target.hostname}, a loopback or private address other than the site's own (wp_http_validate_url): ${fix}`;
  if (
    port !== undefined &&
    !SAFE_PORTS.includes(port) &&
    !(sameHost && site.port !== '' && Number(site.port) === port)
  ) {
    return `WordPress delivers webhooks only to ports 80, 443 and 8080, or the site's own host and port (wp_http_validate_url), not to port ${port}: ${fix}`;
  }
  return undefined;
}
