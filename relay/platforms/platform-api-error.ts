/**
 * A platform API that cannot be read (credentials refused, the shop unreachable): a message for the
 * CLI and the sync's status, never a stack trace.
 */
export class PlatformApiError extends Error {
  override readonly name = 'PlatformApiError';
  readonly code = 'platform_api_failed';

  /** `status`: the platform's HTTP answer, when it gave one (401/403: the key lacks a permission). */
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }

  /** Whether the platform refused the key or one of its permissions. */
  get refused(): boolean {
    return this.status === 401 || this.status === 403;
  }
}
