import { SingleBar } from 'cli-progress';

export interface ProgressFigures {
  read: number;
  queued: number;
  delivered: number;
  /** Refused by the contract (named on stderr), apart from those the service failed. */
  invalid: number;
  failed: number;
  /** Records finished one way or another, and the best estimate of how many there are. */
  done: number;
  estimatedTotal: number;
}

/** A progress bar on a terminal; plain lines every few seconds elsewhere (CI logs, pipes). */
export function createProgress(stream: NodeJS.WriteStream, label: string) {
  const started = Date.now();
  const rate = (f: ProgressFigures) => Math.round(f.delivered / Math.max(0.001, (Date.now() - started) / 1000));
  if (stream.isTTY) {
    const bar = new SingleBar({
      stream,
      format: `${label} {bar} {percentage}% | read {read} | queued {queued} | delivered {delivered} | invalid {invalid} | failed {failed} | {rate}/s | ETA {eta_formatted}`,
      hideCursor: true,
      etaBuffer: 50,
    });
    bar.start(1, 0, { read: 0, queued: 0, delivered: 0, invalid: 0, failed: 0, rate: 0 });
    return {
      update: (f: ProgressFigures) => {
        bar.setTotal(Math.max(1, f.estimatedTotal));
        bar.update(f.done, { ...f, rate: rate(f) });
      },
      stop: () => bar.stop(),
    };
  }
  let last = 0;
  return {
    update: (f: ProgressFigures) => {
      if (Date.now() - last < 2000) return;
      last = Date.now();
      stream.write(
        `${label}: read ${f.read}, queued ${f.queued}, delivered ${f.delivered}, invalid ${f.invalid}, failed ${f.failed}, ${rate(f)}/s\n`,
      );
    },
    stop: () => undefined,
  };
}
