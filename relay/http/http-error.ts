import type { FieldError } from '../contract/field-error.js';

/** An error that becomes an HTTP answer: `status`, a machine `code`, and the field errors when there are any. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  /** Whether `message` may be shown to the client (Koa's convention; true for every 4xx we raise). */
  readonly expose: boolean;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.expose = status < 500;
  }
}
