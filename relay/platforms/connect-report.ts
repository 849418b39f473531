/** What `shopbeacon connect <platform>` did (or, with `--dry-run`, would do), for the terminal. */
export interface ConnectReport {
  /** One line per step: "created order.created → https://…", "missing: GET customers". */
  steps: string[];
  /** The environment lines the relay needs for this platform. */
  env: string[];
  /** Whether the platform is ready for the relay (false: a permission is missing). */
  ok: boolean;
}

export interface ConnectOptions {
  /** The relay's public base, e.g. https://shop.example/sb: webhooks are delivered to `<it>/webhooks/<platform>`. */
  publicUrl: string | undefined;
  /** The webhook secret to use; one is generated when unset. */
  secret: string | undefined;
  dryRun: boolean;
}
