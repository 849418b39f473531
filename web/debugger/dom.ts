/** The element with this id; the page shell (relay/debug/debug-page.ts) guarantees it exists. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`debugger page is missing #${id}`);
  return element as T;
}

/** An element with text content only: nothing from a record is ever parsed as HTML. */
export function el(tag: string, className?: string, text?: string): HTMLElement {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

export function clock(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour12: false }) + '.' + String(at % 1000).padStart(3, '0');
}

export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 120_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
}
