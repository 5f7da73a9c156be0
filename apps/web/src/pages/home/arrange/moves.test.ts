import type { LayoutItem } from '@eip/contracts';
import { describe, expect, it } from 'vitest';
import { addColumn, canMove, moveColumn, readingOrder } from './moves';

const home: LayoutItem[] = [
  { alias: 'todo', x: 0, y: 0, w: 8, h: 7 },
  { alias: 'figures', x: 8, y: 0, w: 4, h: 3 },
  { alias: 'common', x: 8, y: 3, w: 4, h: 4 },
  { alias: 'start', x: 0, y: 7, w: 12, h: 5 },
];
const order = (items: LayoutItem[]) => readingOrder(items).map((item) => item.alias);
const overlap = (items: LayoutItem[]) =>
  items.some((a, i) =>
    items.slice(i + 1).some((b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h),
  );

describe('arranging the home with the keyboard', () => {
  it('moves a column earlier or later in reading order, without overlaps', () => {
    const earlier = moveColumn(home, 'start', 'earlier');
    expect(order(earlier).indexOf('start')).toBeLessThan(order(home).indexOf('start'));
    expect(overlap(earlier)).toBe(false);
    const later = moveColumn(home, 'todo', 'later');
    expect(order(later)[0]).toBe('figures');
    expect(overlap(later)).toBe(false);
  });

  it('resizes by one cell, growing leftwards at the right edge, within the grid and the least size', () => {
    expect(moveColumn(home, 'todo', 'wider').find((i) => i.alias === 'todo')).toMatchObject({ w: 9 });
    expect(moveColumn(home, 'figures', 'wider').find((i) => i.alias === 'figures')).toMatchObject({
      x: 7,
      w: 5,
    });
    expect(moveColumn(home, 'todo', 'shorter').find((i) => i.alias === 'todo')).toMatchObject({ h: 6 });
    expect(canMove(home, 'todo', 'earlier')).toBe(false);
    expect(canMove(home, 'start', 'wider')).toBe(false);
    expect(canMove([{ alias: 'a', x: 0, y: 0, w: 2, h: 2 }], 'a', 'narrower')).toBe(false);
    for (const item of moveColumn(home, 'todo', 'taller')) expect(overlap([item])).toBe(false);
    expect(overlap(moveColumn(home, 'todo', 'taller'))).toBe(false);
  });

  it('adds a column at the bottom, half as wide as the grid', () => {
    const added = addColumn(home, 'news', 6);
    expect(added.at(-1)).toEqual({ alias: 'news', x: 0, y: 12, w: 6, h: 6 });
  });
});
