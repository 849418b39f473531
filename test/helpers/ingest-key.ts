/** The key the WooCommerce plugin and the PrestaShop module post `/v1/track` with: it opens nothing else. */
export const INGEST_KEY = 'ingest-key-3b9f0c27e4d15a86b2c1-plugins';

export const bearer = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

/** A server-side event as the plugins send it, dated now. */
export const trackEvent = () => ({
  user_id: 'v1sitor-abcdefghij',
  event_name: 'Added To Cart',
  event: { product_id: 42, quantity: 1 },
  datetime: new Date().toISOString().slice(0, 19) + '+00:00',
});
