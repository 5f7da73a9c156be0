import { describe, expect, it } from 'vitest';
import { compactLayout } from './layout-grid.js';

describe('compactLayout', () => {
  it('moves items up into the room a left-out column leaves, keeping their columns', () => {
    const items = [
      { alias: 'todo', x: 0, y: 0, w: 8, h: 7 },
      { alias: 'figures', x: 8, y: 0, w: 4, h: 3 },
      // leaderTodo (x 8, y 3, h 4) left out
      { alias: 'common', x: 8, y: 7, w: 4, h: 5 },
      { alias: 'start', x: 0, y: 7, w: 8, h: 5 },
    ];
    const compacted = compactLayout(items);
    expect(compacted.find((i) => i.alias === 'common')).toMatchObject({ x: 8, y: 3 });
    expect(compacted.find((i) => i.alias === 'start')).toMatchObject({ x: 0, y: 7 });
    expect(compacted.find((i) => i.alias === 'figures')).toMatchObject({ y: 0 });
  });

  it('never moves an item down and leaves a compact layout as it is', () => {
    const items = [
      { alias: 'a', x: 0, y: 0, w: 6, h: 2 },
      { alias: 'b', x: 6, y: 0, w: 6, h: 4 },
      { alias: 'c', x: 0, y: 2, w: 6, h: 2 },
    ];
    expect(compactLayout(items)).toEqual(items);
    expect(compactLayout([{ alias: 'z', x: 3, y: 9, w: 2, h: 2 }])).toEqual([
      { alias: 'z', x: 3, y: 0, w: 2, h: 2 },
    ]);
  });
});
