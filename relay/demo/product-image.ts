import type { DemoProduct } from './catalog.js';

/** One drawing per product shape, in a 200×200 box; `c` is the product colour. */
const SHAPES: Record<DemoProduct['shape'], (c: string) => string> = {
  mug: (c) =>
    `<path d="M132 78h14a22 22 0 0 1 0 44h-14" fill="none" stroke="${c}" stroke-width="10"/><rect x="56" y="62" width="80" height="92" rx="12" fill="${c}"/><rect x="56" y="62" width="80" height="14" rx="6" fill="#fff" opacity=".25"/>`,
  tee: (c) =>
    `<path d="M72 50l-36 20 14 30 18-8v68h64V92l18 8 14-30-36-20c-4 12-16 18-28 18s-24-6-28-18z" fill="${c}"/><path d="M72 50c4 12 16 18 28 18s24-6 28-18" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="4"/>`,
  bottle: (c) =>
    `<rect x="86" y="34" width="28" height="18" rx="4" fill="#39404d"/><path d="M80 58h40l8 18v90a10 10 0 0 1-10 10H82a10 10 0 0 1-10-10V76z" fill="${c}"/><rect x="78" y="100" width="44" height="30" fill="#fff" opacity=".3"/>`,
  cap: (c) =>
    `<path d="M48 120a52 52 0 0 1 104 0z" fill="${c}"/><path d="M100 120h66a10 10 0 0 1 0 14H92z" fill="${c}" opacity=".75"/><circle cx="100" cy="67" r="5" fill="#fff" opacity=".5"/>`,
  bag: (c) =>
    `<path d="M78 74V62a22 22 0 0 1 44 0v12" fill="none" stroke="#5a3b24" stroke-width="8"/><path d="M52 74h96l-8 96H60z" fill="${c}"/><rect x="52" y="74" width="96" height="12" fill="#fff" opacity=".25"/>`,
  book: (c) =>
    `<rect x="58" y="40" width="88" height="120" rx="6" fill="${c}"/><rect x="58" y="40" width="14" height="120" rx="4" fill="#000" opacity=".18"/><rect x="86" y="70" width="44" height="8" rx="4" fill="#fff" opacity=".6"/><rect x="86" y="86" width="30" height="6" rx="3" fill="#fff" opacity=".4"/>`,
};

/** The product's picture as SVG, drawn here: the demo makes no request to any other host. */
export function productImage(product: DemoProduct): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="400" height="400">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6f4ef"/><stop offset="1" stop-color="#ebe6dc"/></linearGradient></defs>
<rect width="200" height="200" fill="url(#bg)"/><ellipse cx="100" cy="176" rx="60" ry="8" fill="#000" opacity=".08"/>${SHAPES[product.shape](product.color)}</svg>`;
}
