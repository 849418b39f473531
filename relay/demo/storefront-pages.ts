import { html, SafeHtml } from '../pages/html.js';
import { CATALOG, CURRENCY, formatPrice, type DemoProduct } from './catalog.js';
import { storefrontLayout } from './storefront-layout.js';

const imageUrl = (p: DemoProduct) => `/demo/images/${p.id}.svg`;

/** The data attributes the snippet captures on click: no JavaScript needed for `Added To Cart`. */
const addToCartButton = (p: DemoProduct, label = 'Add to cart') => html`<button type="button" class="button add"
  data-sb-add-to-cart data-sb-product-id="${p.id}" data-sb-name="${p.name}" data-sb-price="${p.price}"
  data-sb-currency="${CURRENCY}" data-sb-product-type="${p.category}" data-sb-image-url="${imageUrl(p)}">${label}</button>`;

const productCard = (p: DemoProduct) => html`
  <article class="product-card">
    <a href="/products/${p.id}" class="product-link"><img src="${imageUrl(p)}" alt="${p.name}" width="400" height="400">
      <span class="category">${p.category}</span><h2>${p.name}</h2></a>
    <div class="buy"><span class="price">${formatPrice(p.price)}</span>${addToCartButton(p)}</div>
  </article>`;

/**
 * The home page's listing for `viewList`, as a JSON data block (CSP allows it; the page's script
 * makes each `url` absolute).
 */
function listedProducts(): SafeHtml {
  const products = CATALOG.map((p, i) => ({
    product_id: p.id,
    position: i + 1,
    name: p.name,
    price: p.price,
    currency: CURRENCY,
    url: `/products/${p.id}`,
  }));
  const json = JSON.stringify({ list_id: 'shop', list_name: 'Shop', products });
  return html`<script type="application/json" id="list-data">${new SafeHtml(json.replace(/</g, '\\u003c'))}</script>`;
}

export function homePage(): SafeHtml {
  return storefrontLayout({
    title: 'Shop',
    page: 'home',
    content: html`<section class="hero"><h1>Everyday things, made well.</h1>
      <p>Add a product to the cart, remove one, check out — then watch each event reach the service in the debugger.</p></section>
      <section class="product-grid">${CATALOG.map(productCard)}</section>${listedProducts()}`,
  });
}

/**
 * The product page calls `viewProduct` from JavaScript with this object (JSON data blocks do not
 * run, so CSP allows them).
 */
function viewedProduct(p: DemoProduct): SafeHtml {
  const json = JSON.stringify({
    product_id: p.id,
    name: p.name,
    price: p.price,
    currency: CURRENCY,
    product_type: p.category,
    image_url: imageUrl(p),
  });
  return html`<script type="application/json" id="product-data">${new SafeHtml(json.replace(/</g, '\\u003c'))}</script>`;
}

export function productPage(p: DemoProduct): SafeHtml {
  return storefrontLayout({
    title: p.name,
    page: 'product',
    content: html`<nav class="crumbs"><a href="/">Shop</a> / ${p.category}</nav>
      <article class="product-page">
        <img src="${imageUrl(p)}" alt="${p.name}" width="400" height="400">
        <div class="product-info"><span class="category">${p.category}</span><h1>${p.name}</h1>
          <p class="price big">${formatPrice(p.price)}</p><p>${p.blurb}</p>${addToCartButton(p)}
          <p class="fine">Free shipping over €50 · 30-day returns</p></div>
      </article>${viewedProduct(p)}`,
  });
}

export function cartPage(): SafeHtml {
  return storefrontLayout({
    title: 'Cart',
    page: 'cart',
    content: html`<h1>Your cart</h1><section id="cart-lines" class="cart-lines"></section>
      <div class="cart-total"><span>Total</span><strong id="cart-total">€0.00</strong></div>
      <a class="button primary" href="/checkout" id="to-checkout">Check out</a>`,
  });
}

export function checkoutPage(): SafeHtml {
  const field = (name: string, label: string, value: string, type = 'text') =>
    html`<label>${label}<input name="${name}" type="${type}" value="${value}" required></label>`;
  return storefrontLayout({
    title: 'Checkout',
    page: 'checkout',
    content: html`<h1>Checkout</h1>
      <div class="checkout"><form id="checkout-form" class="checkout-form">
        ${field('email', 'E-mail', 'ada@example.com', 'email')}${field('first_name', 'First name', 'Ada')}${field('last_name', 'Last name', 'Lovelace')}
        ${field('city', 'City', 'Lisbon')}${field('zip_code', 'Postcode', '1100-148')}${field('country', 'Country', 'PT')}
        <button class="button primary" type="submit">Place order</button></form>
        <aside class="summary"><h2>Summary</h2><section id="checkout-lines"></section>
          <div class="cart-total"><span>Total</span><strong id="checkout-total">€0.00</strong></div></aside></div>
      <section id="confirmation" class="confirmation" hidden></section>`,
  });
}
