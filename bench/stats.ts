import { performance } from 'node:perf_hooks';

export interface Percentiles {
  samples: number;
  p50: number;
  p99: number;
}

/** Nearest-rank percentiles of durations in milliseconds. */
export function percentiles(durations: number[]): Percentiles {
  if (durations.length === 0) throw new Error('no samples to summarise');
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { samples: sorted.length, p50: at(50), p99: at(99) };
}

/** The median of some values (the mean of the middle two when their count is even). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('no samples to summarise');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs `fn` and answers how long it took, in milliseconds. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export interface Throughput {
  completed: number;
  seconds: number;
  perSecond: number;
  /** the duration of each completed task, in milliseconds */
  durations: number[];
}

/**
 * Keeps `concurrency` copies of `task` running until `seconds` have passed or `maxTasks` have started,
 * whichever comes first, and answers how many finished per second. Tasks started before the deadline
 * are waited for and counted, with the time they took.
 */
export async function throughput(
  concurrency: number,
  limits: { seconds: number; maxTasks: number },
  task: (index: number) => Promise<unknown>,
): Promise<Throughput> {
  const durations: number[] = [];
  const start = performance.now();
  const deadline = start + limits.seconds * 1000;
  let started = 0;
  const worker = async () => {
    while (started < limits.maxTasks && performance.now() < deadline) {
      durations.push(await timed(() => task(started++)));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - start) / 1000;
  return { completed: durations.length, seconds, perSecond: durations.length / seconds, durations };
}
