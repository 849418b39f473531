import { expect } from '@playwright/test';
import { open, publish, test, timeOf } from './support/shopify-pixel-page.js';
import { REAL_VISITOR } from './support/relay-fixtures.js';
import { CART_LINE, CHECKOUT_COMPLETED, CHECKOUT_STARTED, PRODUCT_VIEWED } from './fixtures/shopify-events.js';

test.use(REAL_VISITOR);

test.describe('Shopify custom pixel: what Shopify gives of a checkout and of each event', () => {
  test('sends one Checkout Started per checkout token: entering the checkout again, on this page or another, sends nothing more', async ({
    page,
    sandbox,
  }) => {
    const otherCheckout = { checkout: { ...CHECKOUT_STARTED.checkout, token: 'c3f0e7a9d2b14f6e8a5c1d9b7e3f2a10' } };
    await open(page, `${sandbox.url}/checkouts/cn/${CHECKOUT_STARTED.checkout.token}`);
    await publish(page, 'checkout_started', CHECKOUT_STARTED);
    await publish(page, 'checkout_started', CHECKOUT_STARTED);
    await expect.poll(() => sandbox.events().length).toBe(1);
    await open(page, `${sandbox.url}/checkouts/cn/${CHECKOUT_STARTED.checkout.token}?step=2`);
    await publish(page, 'checkout_started', CHECKOUT_STARTED);
    await publish(page, 'checkout_started', otherCheckout);
    // The other checkout's start arrives after the repeats, in the same batch or a later one.
    await publish(page, 'product_viewed', PRODUCT_VIEWED);
    await expect.poll(() => sandbox.events().map((event) => event['event_name'])).toContain('Product Viewed');
    expect(sandbox.events().map((event) => event['event_name'])).toEqual([
      'Checkout Started',
      'Checkout Started',
      'Product Viewed',
    ]);
  });

  test('an event Shopify hands over twice is sent once, at the time it happened, not when the pixel received it', async ({
    page,
    sandbox,
  }) => {
    const opened = Date.now();
    // Held by Shopify until consent, replayed two hours later with its own id and time.
    const replayed = {
      id: 'sh-6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      timestamp: new Date(opened - 7_200_000).toISOString(),
    };
    await open(page, `${sandbox.url}/products/short-sleeve-t-shirt`);
    await publish(page, 'product_viewed', PRODUCT_VIEWED, replayed);
    await publish(page, 'product_viewed', PRODUCT_VIEWED, replayed);
    await expect.poll(() => sandbox.events().length).toBe(1);
    await open(page, `${sandbox.url}/products/short-sleeve-t-shirt`);
    await publish(page, 'product_viewed', PRODUCT_VIEWED, replayed);
    await publish(page, 'product_added_to_cart', CART_LINE);
    await expect
      .poll(() => sandbox.events().map((event) => event['event_name']))
      .toEqual(['Product Viewed', 'Added To Cart']);
    const viewedAt = timeOf(sandbox.events()[0]!);
    expect(viewedAt).toBeLessThan(opened - 3_600_000);
  });

  test('never loses a purchase whose checkout_completed names no order: held by its checkout token and sent with the order, at its own time, once Shopify names it', async ({
    page,
    sandbox,
  }) => {
    const opened = Date.now();
    // Placed ten minutes before the pages below: the time the purchase must keep.
    const placed = new Date(opened - 600_000).toISOString();
    const noOrder = { checkout: { ...CHECKOUT_COMPLETED.checkout, order: null } };
    await open(page, `${sandbox.url}/checkouts/thank-you`);
    await publish(page, 'product_viewed', PRODUCT_VIEWED);
    await publish(page, 'checkout_completed', noOrder, { timestamp: placed });
    await expect.poll(() => sandbox.events().length).toBe(1);
    // The order status page: Shopify's checkout_completed of the same checkout, naming the order.
    await open(page, `${sandbox.url}/checkouts/thank-you?status=1`);
    await publish(page, 'checkout_completed', CHECKOUT_COMPLETED);
    await expect
      .poll(() => sandbox.events().map((event) => event['event_name']))
      .toEqual(['Product Viewed', 'Order Completed']);
    const purchase = sandbox.events()[1]!;
    expect((purchase['event'] as { order_id: number }).order_id).toBe(5678901234567);
    expect(timeOf(purchase)).toBeLessThan(opened);
    expect(purchase['user_id']).toBe(sandbox.events()[0]!['user_id']);
  });

  test("an order's items carry each line's final price (after its own discounts), and the order's customer is the visitor from then on", async ({
    page,
    sandbox,
  }) => {
    const [line] = CHECKOUT_COMPLETED.checkout.lineItems;
    const discounted = {
      checkout: {
        ...CHECKOUT_COMPLETED.checkout,
        lineItems: [
          {
            ...line,
            discountAllocations: [
              {
                amount: { amount: 9.98, currencyCode: 'EUR' },
                discountApplication: {
                  allocationMethod: 'EACH',
                  targetSelection: 'ENTITLED',
                  targetType: 'LINE_ITEM',
                  title: 'TSHIRT5',
                  type: 'DISCOUNT_CODE',
                  value: { amount: 4.99, currencyCode: 'EUR' },
                },
              },
            ],
            finalLinePrice: { amount: 50, currencyCode: 'EUR' },
          },
        ],
        totalPrice: { amount: 54.9, currencyCode: 'EUR' },
      },
    };
    await open(page, `${sandbox.url}/checkouts/thank-you`);
    await publish(page, 'checkout_completed', discounted);
    await expect.poll(() => sandbox.events().length).toBe(1);
    await open(page, `${sandbox.url}/products/short-sleeve-t-shirt`);
    await publish(page, 'product_viewed', PRODUCT_VIEWED);
    await expect.poll(() => sandbox.events().length).toBe(2);
    const [purchase, viewed] = sandbox.events();
    const event = purchase!['event'] as { order_value: number; items: { price: number; currency: string }[] };
    expect(event.order_value).toBe(54.9);
    expect(event.items.map((item) => [item.price, item.currency])).toEqual([[25, 'EUR']]);
    expect(viewed!['user_id']).toBe('7034983260254');
    expect(viewed!['session_id']).toBe(purchase!['session_id']);
  });
});
