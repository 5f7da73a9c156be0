import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce.js';

describe('coalesce: calls of one event-loop turn share one run', () => {
  it('runs once for the calls made together and answers each its own output', async () => {
    const runs: number[][] = [];
    const double = coalesce(async (inputs: number[]) => {
      runs.push(inputs);
      return inputs.map((n) => n * 2);
    });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(await double(4)).toBe(8);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('a failed run fails every call of its batch, and the next batch runs afresh', async () => {
    let fail = true;
    const echo = coalesce(async (inputs: string[]) => {
      if (fail) throw new Error('database gone');
      return inputs;
    });
    const results = await Promise.allSettled([echo('a'), echo('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await echo('c')).toBe('c');
  });

  it('splits a crowd into runs of at most 256 calls', async () => {
    const sizes: number[] = [];
    const id = coalesce(async (inputs: number[]) => {
      sizes.push(inputs.length);
      return inputs;
    });
    const all = await Promise.all(Array.from({ length: 600 }, (_, i) => id(i)));
    expect(all[599]).toBe(599);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sizes).toEqual([256, 256, 88]);
  });
});
