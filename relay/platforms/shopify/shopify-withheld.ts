import { fields, list, textOf } from '../mapping.js';

/**
 * Shopify's own example answers `"This app is not approved to access the Customer object. See …"`
 * with no code (shopify.dev, Protected customer data); other answers carry `ACCESS_DENIED`.
 */
const isProtectedDataError = (error: Record<string, unknown>) =>
  fields(error['extensions'])['code'] === 'ACCESS_DENIED' ||
  /not approved to (access|use)/i.test(textOf(error['message'] ?? ''));

/**
 * Fields Shopify withholds from an app without access to protected customer data: it answers the
 * query with `null` in their place and an error per field, each with its `path`
 * (`["orders","nodes",3,"email"]`). Counted per sweep so the sync can say which fields and on how
 * many orders, instead of failing the whole sweep.
 */
export class ShopifyWithheld {
  private readonly fieldNames = new Set<string>();
  private readonly records = new Set<string>();
  /** Answers taken this sweep: a record's place (`nodes/3`) starts again at 0 on every page. */
  private answers = 0;

  /** The errors that are withheld fields (noted here); what remains is a real failure. */
  take(errors: unknown[], hasData: boolean): unknown[] {
    if (!hasData) return errors;
    const answer = this.answers++;
    return errors.filter((error) => {
      const e = fields(error);
      const path = list(e['path']);
      // A top-level field denied (a missing scope: `orders` is null) is no withheld field: the query failed.
      if (!isProtectedDataError(e) || path.length < 2) return true;
      const named = path.filter(
        (part): part is string => typeof part === 'string' && part !== 'nodes' && part !== 'edges' && part !== 'node',
      );
      this.fieldNames.add(named.slice(1).join('.') || textOf(path.at(-1)));
      const at = path.findIndex((part) => typeof part === 'number');
      this.records.add(`${answer}:${path.slice(0, at === -1 ? 1 : at + 1).join('/')}`);
      return false;
    });
  }

  /** One line for the last sweep (then forgotten), or undefined when nothing was withheld. */
  drain(): string | undefined {
    if (this.fieldNames.size === 0) return undefined;
    const line = `Shopify withheld ${[...this.fieldNames].sort().join(', ')} on ${this.records.size} record(s): the app lacks access to protected customer data, so orders without an email, city or country cannot be sent (Dev Dashboard › the app › API access › Protected customer data: request name, email, phone and address)`;
    this.fieldNames.clear();
    this.records.clear();
    this.answers = 0;
    return line;
  }
}
