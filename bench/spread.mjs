// Medians, spreads and their text for the bench's rows: every row is a median of interleaved runs
// with its min–max, and every ratio taken within its round.

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `{median, min, max}` of some runs. */
export const spread = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

/** A whole number with thousands separators: `6,358`. */
export const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** A ratio as a percentage: `0.93` → `93 %`. */
export const pct = (x) => `${Math.round(x * 100)} %`;

/** A spread as `median (min–max)`. */
export const range = (s, f = fmt) => `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
