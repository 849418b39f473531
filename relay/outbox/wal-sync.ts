import { closeSync, fdatasync, openSync } from 'node:fs';

/**
 * The WAL's fsync in libuv's thread pool instead of inside the commit (issue #49): at
 * `synchronous=FULL` SQLite syncs the WAL within COMMIT, on the event loop, which then waits on the
 * disk (10–17 % of a 1-event `/collect`). Commits that run at `synchronous=NORMAL` and are answered
 * only once `sync()` has resolved are as durable: the frames were written before the sync began,
 * and a checkpoint, which alone lets SQLite reuse the WAL, syncs the WAL and the database file
 * first. Calls made while a sync runs share the next one.
 */
const ignore = () => undefined;

export class WalSync {
  private fd: number | undefined;
  /** The sync on its way to the disk, if any. */
  private running: Promise<void> | undefined;
  /** The sync that starts when `running` ends, shared by every call made meanwhile. */
  private queued: Promise<void> | undefined;

  constructor(private readonly walFile: string) {}

  /** Resolves once everything written to the WAL before the call is on disk. */
  sync(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.running) return this.run();
    this.queued = this.running.then(ignore, ignore).then(() => {
      this.queued = undefined;
      return this.run();
    });
    return this.queued;
  }

  /** Closes the file once the syncs under way have ended (closing it under one could hand its number to another file). */
  async close(): Promise<void> {
    await Promise.allSettled([this.running, this.queued]);
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private run(): Promise<void> {
    const running = this.datasync().finally(() => {
      if (this.running === running) this.running = undefined;
    });
    this.running = running;
    return running;
  }

  private datasync(): Promise<void> {
    return new Promise((resolve, reject) => {
      try {
        this.fd ??= openSync(this.walFile, 'r');
      } catch (error) {
        reject(error);
        return;
      }
      fdatasync(this.fd, (error) => (error ? reject(error) : resolve()));
    });
  }
}
