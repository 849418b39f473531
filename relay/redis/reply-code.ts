import { ReplyError } from 'ioredis';

/**
 * A Redis error reply's code (`NOGROUP`, `BUSYGROUP`, `READONLY`). The protocol carries it as the
 * reply's first word (`-NOGROUP No such key …`), and ioredis keeps the reply as a `ReplyError`'s
 * message with no code field of its own: this is the one place that word is read.
 */
export function replyCode(error: unknown): string | undefined {
  // ioredis types ReplyError as `any`: instanceof narrows nothing, so the message is read as an Error's.
  if (!(error instanceof ReplyError)) return undefined;
  return /^[A-Z]+(?= |$)/.exec((error as Error).message)?.[0];
}
