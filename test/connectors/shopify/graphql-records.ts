// Orders and products as Shopify's GraphQL Admin API shapes them, the records the stand-in serves.
type Row = Record<string, unknown>;
const money = (amount: string) => ({ shopMoney: { amount, currencyCode: 'USD' } });
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function lineItem(i: number): Row {
  return {
    quantity: 1,
    sku: `IPOD-342-N${i}`,
    name: 'IPod Nano - 8gb - green',
    title: 'IPod Nano - 8gb',
    product: { id: 'gid://shopify/Product/632910392' },
    variant: { id: 'gid://shopify/ProductVariant/49148385' },
    originalUnitPriceSet: money('199.00'),
    taxLines: [{ priceSet: money('3.98') }],
  };
}

/** `n` orders as the GraphQL Admin API shapes them, 64-bit ids from 820982911946154508, an hour apart; the first has 60 line items. */
export function shopifyGraphqlOrders(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => {
    const at = iso(Date.now() - (n - i) * 3600_000);
    const address = {
      firstName: 'Bob',
      lastName: 'Norman',
      phone: '+1(800)555-0100',
      city: 'Ottawa',
      zip: 'K2P 1L4',
      country: 'Canada',
      countryCodeV2: 'CA',
    };
    return {
      id: `gid://shopify/Order/${820982911946154508n + BigInt(i)}`,
      createdAt: at,
      updatedAt: at,
      closedAt: null,
      cancelledAt: null,
      email: 'bob.norman@mail.example.com',
      phone: null,
      currencyCode: 'USD',
      displayFinancialStatus: 'PAID',
      displayFulfillmentStatus: 'UNFULFILLED',
      totalPriceSet: money('598.94'),
      billingAddress: address,
      shippingAddress: address,
      customer: {
        firstName: 'Bob',
        lastName: 'Norman',
        defaultAddress: { city: 'Ottawa', zip: 'K2P 1L4', countryCodeV2: 'CA' },
      },
      lineItems: Array.from({ length: i === 0 ? 60 : 2 }, (_, j) => lineItem(j)),
    };
  });
}

export function shopifyGraphqlProducts(): Row[] {
  const at = iso(Date.now() - 86_400_000);
  const base = {
    id: 'gid://shopify/Product/788032119674292922',
    title: 'Example T-Shirt',
    handle: 'example-t-shirt',
    status: 'ACTIVE',
    productType: 'Shirts',
    descriptionHtml: '<p>An example T-Shirt</p>',
    publishedAt: at,
    updatedAt: at,
    media: [{ __typename: 'MediaImage', image: { url: 'https://cdn.shopify.example/files/shirt.jpg' } }],
    variants: [
      { __typename: 'ProductVariant', price: '19.99', compareAtPrice: '24.99', sku: 'example-shirt-s' },
      { __typename: 'ProductVariant', price: '21.99', compareAtPrice: null, sku: 'example-shirt-m' },
    ],
  };
  return [base, { ...base, id: 'gid://shopify/Product/788032119674292923', handle: 'hoodie', status: 'DRAFT' }];
}

/** A bulk operation's JSONL file: children after their parent when grouped, some before it when not (Shopify promises order only when asked to group). */
export function bulkFile(kind: string, rows: Row[], grouped: boolean): string {
  const early: string[] = [];
  const parents: string[] = [];
  const late: string[] = [];
  for (const row of rows) {
    const { lineItems, variants, media, ...parent } = row as Row & {
      lineItems?: Row[];
      variants?: Row[];
      media?: Row[];
    };
    parents.push(JSON.stringify(parent));
    const children =
      kind === 'orders'
        ? (lineItems ?? []).map((li) => ({ __typename: 'LineItem', ...li }))
        : [...(variants ?? []), ...(media ?? [])];
    children.forEach((child, i) =>
      (!grouped && i === 0 ? early : i % 2 === 0 ? parents : late).push(
        JSON.stringify({ ...child, __parentId: row['id'] }),
      ),
    );
  }
  return `${[...early, ...parents, ...late].join('\n')}\n`;
}
