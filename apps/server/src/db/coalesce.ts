/** At most this many calls share one run. */
const BATCH_LIMIT = 256;

interface Waiting<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the calls made during one turn of the event loop into one `run` over all their inputs, so
 * that under load many requests share one statement (and one commit) instead of each sending its own.
 * `run` answers one output per input, in order; each call gets its own output, or the run's error.
 */
export function coalesce<I, O>(run: (inputs: I[]) => Promise<O[]>): (input: I) => Promise<O> {
  let waiting: Waiting<I, O>[] = [];
  const flush = async (batch: Waiting<I, O>[]) => {
    // a batch that filled up went already; the turn's scheduled flush then finds nothing
    if (batch.length === 0) return;
    try {
      const outputs = await run(batch.map((call) => call.input));
      batch.forEach((call, i) => call.resolve(outputs[i]!));
    } catch (error) {
      for (const call of batch) call.reject(error);
    }
  };
  const take = () => {
    const batch = waiting;
    waiting = [];
    return batch;
  };
  return (input) =>
    new Promise<O>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(() => void flush(take()));
      waiting.push({ input, resolve, reject });
      if (waiting.length >= BATCH_LIMIT) void flush(take());
    });
}
