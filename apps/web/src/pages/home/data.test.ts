import type { ColumnResult } from '@eip/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLUMN_MERGE_MS, ColumnError, columnLoader } from './data';

const ok = (total: number): ColumnResult => ({ state: true, message: '', data: { items: [], total } });

afterEach(() => vi.useRealTimers());

describe('spec §9: column-data requests made within 50 ms are merged into one call', () => {
  it('asks once for every column asked for within 50 ms, and settles each with its own answer', async () => {
    vi.useFakeTimers();
    const fetchColumns = vi.fn(async (aliases: string[]) =>
      Object.fromEntries(
        aliases.map((alias): [string, ColumnResult] => [
          alias,
          alias === 'broken' ? { state: false, message: '失败了', data: null } : ok(alias.length),
        ]),
      ),
    );
    const { load } = columnLoader(fetchColumns);
    const todo = load('todo');
    await vi.advanceTimersByTimeAsync(COLUMN_MERGE_MS - 10);
    const news = load('news');
    const again = load('todo');
    const broken = load('broken');
    const brokenFails = expect(broken).rejects.toEqual(new ColumnError('失败了'));
    expect(fetchColumns).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    expect(fetchColumns).toHaveBeenCalledTimes(1);
    expect(fetchColumns).toHaveBeenCalledWith(['todo', 'news', 'broken']);
    await expect(todo).resolves.toEqual({ items: [], total: 4 });
    await expect(again).resolves.toEqual({ items: [], total: 4 });
    await expect(news).resolves.toEqual({ items: [], total: 4 });
    await brokenFails;

    const later = load('news');
    await vi.advanceTimersByTimeAsync(COLUMN_MERGE_MS);
    expect(fetchColumns).toHaveBeenCalledTimes(2);
    await expect(later).resolves.toEqual({ items: [], total: 4 });
  });

  it('asks at once for the columns of a layout, with those already waiting', async () => {
    vi.useFakeTimers();
    const fetchColumns = vi.fn(async (aliases: string[]) =>
      Object.fromEntries(aliases.map((alias): [string, ColumnResult] => [alias, ok(alias.length)])),
    );
    const loader = columnLoader(fetchColumns);
    const waiting = loader.load('notices');
    const loads = loader.loadNow(['todo', 'figures']);
    expect(fetchColumns).toHaveBeenCalledWith(['notices', 'todo', 'figures']);
    await expect(loads.get('figures')).resolves.toEqual({ items: [], total: 7 });
    await expect(waiting).resolves.toEqual({ items: [], total: 7 });
    await vi.advanceTimersByTimeAsync(COLUMN_MERGE_MS);
    expect(fetchColumns).toHaveBeenCalledTimes(1);
  });

  it('splits more than 50 aliases into calls of 50, and a failed call fails only its own columns', async () => {
    vi.useFakeTimers();
    const fetchColumns = vi.fn(async (aliases: string[]) => {
      if (aliases.includes('c60')) throw new Error('网络错误');
      return Object.fromEntries(aliases.map((alias) => [alias, ok(1)]));
    });
    const { load } = columnLoader(fetchColumns);
    const loads = Promise.allSettled(Array.from({ length: 70 }, (_, i) => load(`c${i}`)));
    await vi.advanceTimersByTimeAsync(COLUMN_MERGE_MS);
    expect(fetchColumns.mock.calls.map(([aliases]) => aliases.length)).toEqual([50, 20]);
    const settled = await loads;
    expect(settled.slice(0, 50).every((result) => result.status === 'fulfilled')).toBe(true);
    expect(settled.slice(50).every((result) => result.status === 'rejected')).toBe(true);
  });
});
