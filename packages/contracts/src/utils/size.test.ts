import { describe, expect, it } from 'vitest';
import { readableSize } from './size.js';

describe('sizes as people read them', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [2048, '2.0 KB'],
    [6000, '5.9 KB'],
    [20 * 1024 * 1024, '20.0 MB'],
    [1024 ** 3, '1.0 GB'],
  ])('%d → %s', (bytes, text) => expect(readableSize(bytes)).toBe(text));
});
