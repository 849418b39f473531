import type { FieldError } from '../contract/field-error.js';

/** The record failed the contract before it was sent; `errors` names every field. */
export class ClientValidationError extends Error {
  override readonly name = 'ClientValidationError';
  readonly code = 'invalid_record';

  constructor(readonly errors: FieldError[]) {
    super(`record refused before sending: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  }
}

/** The relay or the service answered with a status that retrying will not change, or retries ran out. */
export class ClientHttpError extends Error {
  override readonly name = 'ClientHttpError';
  readonly code = 'http_error';

  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`answered ${status}: ${body.slice(0, 300)}`);
  }
}
