import { html, SafeHtml } from '../pages/html.js';

/** The install snippet's stub, exactly as README shows it; the page's CSP allows it by its hash. */
export const SNIPPET_STUB =
  'window.shopbeacon=window.shopbeacon||function(){(shopbeacon.q=shopbeacon.q||[]).push(arguments)}';

interface LayoutOptions {
  title: string;
  page: 'home' | 'product' | 'cart' | 'checkout';
  content: SafeHtml;
}

/** Every storefront page: the real install snippet in the head, a header with the cart, a demo banner. */
export function storefrontLayout(options: LayoutOptions): SafeHtml {
  return html`<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${options.title} · Northwind Goods</title>
  <link rel="icon" href="/demo/assets/icon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/demo/assets/storefront.css">
  <!-- shopbeacon: the two lines a shop pastes -->
  <script>${new SafeHtml(SNIPPET_STUB)}</script>
  <script async src="/shopbeacon.js"></script>
  <script type="module" src="/demo/assets/storefront.js"></script>
</head>
<body data-page="${options.page}">
  <div class="demo-banner">Demo storefront · events go through this relay to the embedded mock service ·
    <a href="/_debug/" target="_blank" rel="noopener">open the live debugger ↗</a></div>
  <header class="shop-header">
    <a class="shop-brand" href="/"><span class="mark" aria-hidden="true"></span>Northwind Goods</a>
    <nav><a href="/">Shop</a><a href="/cart" class="cart-link">Cart <span class="badge" id="cart-count">0</span></a></nav>
  </header>
  <main class="shop-main">${options.content}</main>
  <div class="toast" id="toast" role="status" aria-live="polite"></div>
  <footer class="shop-footer">Northwind Goods is not a real shop. Tracking by <strong>shopbeacon</strong>: first-party, same-origin, no token in the browser.</footer>
</body>
</html>`;
}
