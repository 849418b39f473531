// The one read a recording made before the relay linked products to their pages was never asked:
// what the relay then asks of it, and the link products keep without an answer.

/** The product link settings' read, as RecordedShop keys an unrecorded request. */
export const LINK_RULES_READ =
  'GET /api/configurations?display=%5Bname%2Cvalue%2Cid_shop%5D&filter%5Bname%5D=%5BPS_REWRITING_SETTINGS%7CPS_ROUTE_product_rule%7CPS_VERSION_DB%7CPS_DEFAULT_LANGUAGE_URL_PREFIX%5D&output_format=JSON';
