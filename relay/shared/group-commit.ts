interface Waiting<T, R> {
  items: T[];
  resolve: (results: R[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Groups the calls that arrive within `windowMs` (0: before the next turn of the event loop) into
 * one commit, so concurrent requests share one fsync (SQLite) or one round trip and one `WAIT`
 * (Redis) instead of paying one each. Every caller learns its own results, or the commit's error.
 * A synchronous commit settles in the same turn; an asynchronous one when it resolves.
 */
export class GroupCommit<T, R> {
  private waiting: Waiting<T, R>[] = [];
  private timer: NodeJS.Timeout | NodeJS.Immediate | undefined;

  constructor(
    private readonly commit: (groups: T[][]) => R[][] | Promise<R[][]>,
    private readonly windowMs: number,
  ) {}

  submit(items: T[]): Promise<R[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ items, resolve, reject });
      this.timer ??=
        this.windowMs > 0 ? setTimeout(() => this.flush(), this.windowMs) : setImmediate(() => this.flush());
    });
  }

  /** Commits whatever is waiting now. */
  flush(): void {
    clearTimeout(this.timer as NodeJS.Timeout);
    clearImmediate(this.timer as NodeJS.Immediate);
    this.timer = undefined;
    const group = this.waiting;
    this.waiting = [];
    if (group.length === 0) return;
    const settle = (results: R[][]) => group.forEach((w, i) => w.resolve(results[i] ?? []));
    const fail = (error: unknown) => group.forEach((w) => w.reject(error));
    try {
      const results = this.commit(group.map((w) => w.items));
      if (results instanceof Promise) results.then(settle, fail);
      else settle(results);
    } catch (error) {
      fail(error);
    }
  }
}
