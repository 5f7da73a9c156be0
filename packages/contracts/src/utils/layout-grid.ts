/** A column's place on the home grid (x, w in columns; y, h in rows). */
export interface GridItem {
  alias: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const overlaps = (a: GridItem, b: GridItem) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Moves every item up as far as it goes without overlapping those above it (vertical compaction), so
 * that leaving out a column (one the viewer may not see, or hides) leaves no hole. Items keep their
 * columns and their top-to-bottom order.
 */
export function compactLayout<T extends GridItem>(items: readonly T[]): T[] {
  const ordered = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  const placed: T[] = [];
  for (const item of ordered) {
    let y = 0;
    while (placed.some((other) => overlaps({ ...item, y }, other))) y += 1;
    placed.push({ ...item, y: Math.min(y, item.y) });
  }
  return placed;
}
