import { addLine } from './cart-store.js';
import { renderCart, updateCartCount } from './cart-view.js';
import { wireCheckout } from './checkout.js';
import { toast } from './dom.js';

/**
 * The demo shop's own code. The `Added To Cart` event needs none of it: the snippet captures clicks
 * on `data-sb-add-to-cart` buttons by itself. This only keeps the cart.
 */
function onAddToCart(event: MouseEvent): void {
  const button = (event.target as Element).closest<HTMLElement>('[data-sb-add-to-cart]');
  if (!button) return;
  const data = button.dataset;
  addLine({
    product_id: Number(data['sbProductId']),
    name: data['sbName'] ?? '',
    price: Number(data['sbPrice']),
    currency: data['sbCurrency'] ?? 'EUR',
    quantity: 1,
    image_url: data['sbImageUrl'] ?? '',
  });
  updateCartCount();
  toast(`${data['sbName'] ?? 'Product'} added to the cart`);
}

/** JS integration: `viewProduct` with the product the page shows. */
function reportProductView(): void {
  const data = document.getElementById('product-data');
  if (data?.textContent) shopbeacon('viewProduct', JSON.parse(data.textContent));
}

/**
 * JS integration: `viewList` with the products the page lists; a click on one of their links is
 * then a `Product Clicked`.
 */
function reportListView(): void {
  const data = document.getElementById('list-data');
  if (!data?.textContent) return;
  const list = JSON.parse(data.textContent) as { products: { url: string }[] };
  for (const product of list.products) product.url = new URL(product.url, location.href).href;
  shopbeacon('viewList', list);
}

document.addEventListener('click', onAddToCart);
updateCartCount();
const page = document.body.dataset['page'];
if (page === 'product') reportProductView();
if (page === 'home') reportListView();
if (page === 'cart') renderCart('cart-lines', 'cart-total', true);
if (page === 'checkout') wireCheckout();
