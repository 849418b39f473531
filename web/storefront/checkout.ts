import type { CheckoutRequest, PlacedOrder } from '../../relay/demo/demo-wire.js';
import { loadCart, saveCart, formatPrice } from './cart-store.js';
import { renderCart, updateCartCount } from './cart-view.js';
import { byId, el, toast } from './dom.js';

/**
 * The shop's backend records the order and posts it, with its `Order Completed` for this visitor,
 * to the relay's mirror.
 */
async function placeOrder(form: HTMLFormElement): Promise<PlacedOrder> {
  const customer = Object.fromEntries(new FormData(form).entries()) as CheckoutRequest['customer'];
  const request: CheckoutRequest = {
    lines: loadCart().map((l) => ({ product_id: l.product_id, quantity: l.quantity })),
    customer,
  };
  const response = await fetch('/demo/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (!response.ok)
    throw new Error(
      ((await response.json()) as { message?: string }).message ?? `checkout failed (${response.status})`,
    );
  return (await response.json()) as PlacedOrder;
}

function confirm(order: PlacedOrder): void {
  const box = byId('confirmation');
  if (!box) return;
  box.replaceChildren(
    el('h2', undefined, `Thank you! Order ${order.order_id} is placed.`),
    el(
      'p',
      undefined,
      `${formatPrice(order.order_value)} · the order and its Order Completed went to the service from the shop's server.`,
    ),
  );
  const link = el('a', 'button primary', 'See it in the debugger') as HTMLAnchorElement;
  link.href = '/_debug/';
  box.append(link);
  box.hidden = false;
  document.querySelector('.checkout')?.remove();
}

export function wireCheckout(): void {
  renderCart('checkout-lines', 'checkout-total', false);
  const form = byId('checkout-form') as HTMLFormElement | null;
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = form.querySelector('button');
    if (button) button.disabled = true;
    placeOrder(form)
      .then((order) => {
        saveCart([]);
        updateCartCount();
        confirm(order);
      })
      .catch((error: Error) => {
        if (button) button.disabled = false;
        toast(error.message);
      });
  });
}
