import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ShopifyWithheld } from '../../../../relay/platforms/shopify/shopify-withheld.js';

/** Shopify's own example (shopify.dev, Protected customer data): no code, the field's path. */
const notApproved = (path: (string | number)[]) => ({
  message:
    'This app is not approved to access the Customer object. See https://partners.shopify.com/123/apps/456/customer_data for more details.',
  locations: [{ line: 1, column: 1 }],
  path,
});
/** The other form Shopify answers: `ACCESS_DENIED` in the extensions. */
const accessDenied = (path: (string | number)[]) => ({
  message: 'Access denied for email field.',
  extensions: { code: 'ACCESS_DENIED' },
  path,
});

const FIX =
  'the app lacks access to protected customer data, so orders without an email, city or country cannot be sent (Dev Dashboard › the app › API access › Protected customer data: request name, email, phone and address)';

describe('ShopifyWithheld take(errors, hasData), then drain()', () => {
  it('takes the errors of fields Shopify withheld in an answer with data, and says which fields on how many orders and what to request', () => {
    const withheld = new ShopifyWithheld();
    const rest = withheld.take(
      [
        notApproved(['orders', 'nodes', 0, 'email']),
        notApproved(['orders', 'nodes', 0, 'billingAddress']),
        accessDenied(['orders', 'nodes', 3, 'email']),
        notApproved(['orders', 'nodes', 3, 'customer']),
      ],
      true,
    );
    assert.deepEqual(rest, []);
    assert.equal(withheld.drain(), `Shopify withheld billingAddress, customer, email on 2 record(s): ${FIX}`);
  });

  it('names a nested field by its path without the connection parts, and a record outside a list by its field', () => {
    const withheld = new ShopifyWithheld();
    withheld.take(
      [
        accessDenied(['orders', 'edges', 1, 'node', 'customer', 'email']),
        notApproved(['order', 'phone']),
        {
          ...notApproved(['orders', 'nodes', 2, 'shippingAddress']),
          message: 'This app is not approved to use the phone field.',
        },
      ],
      true,
    );
    assert.equal(withheld.drain(), `Shopify withheld customer.email, phone, shippingAddress on 3 record(s): ${FIX}`);
  });

  it('keeps every other error for the query to fail on: another cause, or a whole top-level field denied', () => {
    const withheld = new ShopifyWithheld();
    const missingScope = accessDenied(['orders']);
    const throttled = {
      message: 'Throttled',
      extensions: { code: 'THROTTLED' },
      path: ['orders', 'nodes', 0, 'email'],
    };
    const unknownField = {
      message: "Field 'emails' doesn't exist on type 'Order'",
      path: ['query', 'orders', 'emails'],
    };
    assert.deepEqual(withheld.take([missingScope, throttled, unknownField], true), [
      missingScope,
      throttled,
      unknownField,
    ]);
    assert.equal(withheld.drain(), undefined);
  });

  it('notes nothing of an answer without data: the query failed', () => {
    const withheld = new ShopifyWithheld();
    const errors = [notApproved(['orders', 'nodes', 0, 'email'])];
    assert.deepEqual(withheld.take(errors, false), errors);
    assert.equal(withheld.drain(), undefined);
  });

  it('says each sweep once: drained, what it noted is forgotten', () => {
    const withheld = new ShopifyWithheld();
    withheld.take([notApproved(['orders', 'nodes', 0, 'email']), notApproved(['orders', 'nodes', 0, 'phone'])], true);
    assert.equal(withheld.drain(), `Shopify withheld email, phone on 1 record(s): ${FIX}`);
    assert.equal(withheld.drain(), undefined);
    withheld.take([notApproved(['orders', 'nodes', 5, 'phone'])], true);
    assert.equal(withheld.drain(), `Shopify withheld phone on 1 record(s): ${FIX}`);
  });

  it('counts the orders of every page of a sweep, whose places start again at 0 on each page', () => {
    const withheld = new ShopifyWithheld();
    for (let page = 0; page < 2; page += 1)
      withheld.take([notApproved(['orders', 'nodes', 0, 'email']), notApproved(['orders', 'nodes', 1, 'email'])], true);
    assert.match(withheld.drain() ?? '', / on 4 record\(s\)/);
  });
});
