import { afterEach, expect } from 'vitest';

/**
 * node-postgres warns when a second statement is sent on a connection that is still busy — two queries at
 * once inside a transaction — and pg 9 will refuse it. Any test that makes the server do so fails.
 * The integration workers run many files one after another (isolate: false) and run this file again for
 * each: the listener is added once per worker.
 */
const worker = globalThis as { concurrentQueries?: string[] };
const concurrentQueries = (worker.concurrentQueries ??= listenForConcurrentQueries());

function listenForConcurrentQueries() {
  const found: string[] = [];
  process.on('warning', (warning) => {
    if (warning.message.includes('already executing a query')) found.push(warning.message);
  });
  return found;
}

afterEach(async () => {
  await new Promise((resolve) => setImmediate(resolve));
  expect(concurrentQueries.splice(0)).toEqual([]);
});
