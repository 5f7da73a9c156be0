import type { LayoutItem } from '@eip/contracts';
import { HOME_GRID } from '@eip/contracts/home';
import { verticalCompactor, type Layout } from 'react-grid-layout';

/** The keyboard's moves of a column while the home is arranged. */
export const MOVES = ['earlier', 'later', 'wider', 'narrower', 'taller', 'shorter'] as const;
export type Move = (typeof MOVES)[number];

export const MIN_SIZE = { w: 2, h: 2 } as const;

/** Columns in reading order: top to bottom, then left to right. */
export const readingOrder = (items: readonly LayoutItem[]) =>
  [...items].sort((a, b) => a.y - b.y || a.x - b.x);

const toGrid = (items: readonly LayoutItem[]): Layout =>
  items.map(({ alias, x, y, w, h }) => ({ i: alias, x, y, w, h }));
const fromGrid = (layout: Layout): LayoutItem[] =>
  layout.map(({ i, x, y, w, h }) => ({ alias: i, x, y, w, h }));

/** Resolves overlaps and closes gaps as the grid does after a drag (vertical compaction). */
export const settle = (items: readonly LayoutItem[]): LayoutItem[] =>
  readingOrder(fromGrid(verticalCompactor.compact(toGrid(items), HOME_GRID.cols)));

/** Whether a move can be made (a column at the edge or at its least size cannot go further). */
export function canMove(items: readonly LayoutItem[], alias: string, move: Move): boolean {
  const order = readingOrder(items);
  const index = order.findIndex((item) => item.alias === alias);
  const item = order[index];
  if (!item) return false;
  switch (move) {
    case 'earlier':
      return index > 0;
    case 'later':
      return index < order.length - 1;
    case 'wider':
      return item.w < HOME_GRID.cols;
    case 'narrower':
      return item.w > MIN_SIZE.w;
    case 'taller':
      return item.h < HOME_GRID.maxH;
    case 'shorter':
      return item.h > MIN_SIZE.h;
  }
}

/**
 * A column moved by the keyboard: earlier / later trade places with the column before / after it in
 * reading order; wider / narrower / taller / shorter change its size by one cell (growing leftwards at the
 * right edge). The grid then settles as after a drag.
 */
export function moveColumn(items: readonly LayoutItem[], alias: string, move: Move): LayoutItem[] {
  if (!canMove(items, alias, move)) return [...items];
  const order = readingOrder(items);
  const index = order.findIndex((item) => item.alias === alias);
  const item = { ...order[index]! };
  const next = order.map((entry) => ({ ...entry }));
  if (move === 'earlier' || move === 'later') {
    const other = next[move === 'earlier' ? index - 1 : index + 1]!;
    const mine = next[index]!;
    [mine.x, mine.y, other.x, other.y] = [other.x, other.y, mine.x, mine.y];
    mine.x = Math.min(mine.x, HOME_GRID.cols - mine.w);
    other.x = Math.min(other.x, HOME_GRID.cols - other.w);
    // the earlier of the two goes first when the grid settles
    if (move === 'earlier') mine.y = Math.min(mine.y, other.y);
    else other.y = Math.min(other.y, mine.y);
    return settle(next);
  }
  const sized = next[index]!;
  if (move === 'wider') {
    if (item.x + item.w < HOME_GRID.cols) sized.w += 1;
    else {
      sized.x -= 1;
      sized.w += 1;
    }
  }
  if (move === 'narrower') sized.w -= 1;
  if (move === 'taller') sized.h += 1;
  if (move === 'shorter') sized.h -= 1;
  return settle(next);
}

/** A column added at the bottom, half the grid wide, as tall as the column asks. */
export function addColumn(items: readonly LayoutItem[], alias: string, height: number): LayoutItem[] {
  const bottom = items.reduce((max, item) => Math.max(max, item.y + item.h), 0);
  const h = Math.min(Math.max(height, MIN_SIZE.h), HOME_GRID.maxH);
  return settle([...items, { alias, x: 0, y: bottom, w: HOME_GRID.cols / 2, h }]);
}

export const removeColumn = (items: readonly LayoutItem[], alias: string) =>
  settle(items.filter((item) => item.alias !== alias));
