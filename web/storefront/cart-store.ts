/** One cart line, kept in the browser as a small shop's cart often is. */
export interface CartLine {
  product_id: number;
  name: string;
  price: number;
  currency: string;
  quantity: number;
  image_url: string;
}

const KEY = 'northwind_cart';

export function loadCart(): CartLine[] {
  try {
    const lines = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(lines) ? (lines as CartLine[]) : [];
  } catch {
    return [];
  }
}

export function saveCart(lines: CartLine[]): void {
  localStorage.setItem(KEY, JSON.stringify(lines));
}

export function addLine(line: CartLine): void {
  const lines = loadCart();
  const known = lines.find((l) => l.product_id === line.product_id);
  if (known) known.quantity += line.quantity;
  else lines.push(line);
  saveCart(lines);
}

export function removeLine(productId: number): CartLine | undefined {
  const lines = loadCart();
  const removed = lines.find((l) => l.product_id === productId);
  saveCart(lines.filter((l) => l.product_id !== productId));
  return removed;
}

export const cartTotal = (lines: CartLine[]) => lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
export const formatPrice = (value: number) => `€${value.toFixed(2)}`;
