/**
 * A decimal number written as text (`"24.50"`, `"-3"`): what platforms send as amounts and shops
 * write in `data-sb-price`.
 */
export const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;
