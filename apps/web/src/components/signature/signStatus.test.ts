import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSigning, SIGN_SUCCESS_DELAY_MS, type SignStatus } from './signStatus';

describe('signature status (spec §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes start → ing → success 0.3 s after the seal call answered', async () => {
    const seen: SignStatus[] = [];
    const done = runSigning(
      async () => true,
      (s) => seen.push(s),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['start', 'ing']);
    await vi.advanceTimersByTimeAsync(SIGN_SUCCESS_DELAY_MS - 1);
    expect(seen).toEqual(['start', 'ing']);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(['start', 'ing', 'success']);
    expect(await done).toBe(true);
    expect(SIGN_SUCCESS_DELAY_MS).toBe(300);
  });

  it('fails at once when the seal call answers no success or throws', async () => {
    for (const seal of [async () => false, async () => Promise.reject(new Error('x'))]) {
      const seen: SignStatus[] = [];
      expect(await runSigning(seal, (s) => seen.push(s))).toBe(false);
      expect(seen).toEqual(['start', 'ing', 'fail']);
    }
  });
});
