import { afterEach, describe, expect, it, vi } from 'vitest';
import { progress } from './progress';

const bar = () => document.querySelector<HTMLElement>('.eip-progress');

afterEach(() => vi.useRealTimers());

describe('navigation progress bar (spec §9: speed 500 ms)', () => {
  it('moves at 500 ms and fades 500 ms after the last navigation is done', () => {
    vi.useFakeTimers();
    progress.start();
    progress.start();
    const element = bar();
    expect(element?.style.transition).toBe('width 500ms ease, opacity 500ms ease');
    expect(element?.style).toMatchObject({ width: '80%', opacity: '1' });
    progress.done();
    expect(element?.style.width).toBe('80%');
    progress.done();
    expect(element?.style.width).toBe('100%');
    vi.advanceTimersByTime(499);
    expect(element?.style.opacity).toBe('1');
    vi.advanceTimersByTime(1);
    expect(element?.style).toMatchObject({ width: '0px', opacity: '0' });
  });
});
