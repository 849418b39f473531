import { cartTotal, formatPrice, loadCart, removeLine, type CartLine } from './cart-store.js';
import { byId, el } from './dom.js';

export function updateCartCount(): void {
  const count = byId('cart-count');
  if (count) count.textContent = String(loadCart().reduce((n, l) => n + l.quantity, 0));
}

function lineRow(line: CartLine, removable: boolean, onRemove: () => void): HTMLElement {
  const row = el('div', 'cart-line');
  const image = document.createElement('img');
  image.src = line.image_url;
  image.alt = '';
  row.append(
    image,
    el('span', 'line-name', line.name),
    el('span', 'line-qty', `× ${line.quantity}`),
    el('span', 'line-price', formatPrice(line.price * line.quantity)),
  );
  if (removable) {
    const remove = el('button', 'button ghost remove', 'Remove');
    remove.dataset['productId'] = String(line.product_id);
    remove.addEventListener('click', onRemove);
    row.append(remove);
  }
  return row;
}

/** Draws the cart's lines into `containerId`; the cart page lets the visitor remove them. */
export function renderCart(containerId: string, totalId: string, removable: boolean): void {
  const container = byId(containerId);
  if (!container) return;
  const lines = loadCart();
  container.replaceChildren(
    ...(lines.length
      ? lines.map((line) => lineRow(line, removable, () => removeFromCart(line, containerId, totalId)))
      : [el('p', 'empty', 'Your cart is empty.')]),
  );
  const total = byId(totalId);
  if (total) total.textContent = formatPrice(cartTotal(lines));
  byId('to-checkout')?.classList.toggle('disabled', lines.length === 0);
}

/** JS integration: `removeFromCart` with the product, as a shop's own cart code would call it. */
function removeFromCart(line: CartLine, containerId: string, totalId: string): void {
  removeLine(line.product_id);
  shopbeacon('removeFromCart', {
    product_id: line.product_id,
    name: line.name,
    price: line.price,
    currency: line.currency,
    quantity: line.quantity,
  });
  renderCart(containerId, totalId, true);
  updateCartCount();
}
