/** A platform API that cannot be read (credentials refused, the shop unreachable): a message for the CLI and the sync's status, never a stack trace. */
export class PlatformApiError extends Error {
  override readonly name = 'PlatformApiError';
  readonly code = 'platform_api_failed';
}
