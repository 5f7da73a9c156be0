import { afterEach, expect } from 'vitest';

/**
 * node-postgres warns when a second statement is sent on a connection that is still busy — two queries at
 * once inside a transaction — and pg 9 will refuse it. Any test that makes the server do so fails.
 */
const concurrentQueries: string[] = [];
process.on('warning', (warning) => {
  if (warning.message.includes('already executing a query')) concurrentQueries.push(warning.message);
});

afterEach(async () => {
  await new Promise((resolve) => setImmediate(resolve));
  expect(concurrentQueries.splice(0)).toEqual([]);
});
