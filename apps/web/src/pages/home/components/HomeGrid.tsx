import type { Column, LayoutItem } from '@eip/contracts';
import { HOME_GRID } from '@eip/contracts/home';
import { useSettings } from '../../../stores/settings';
import { ColumnCard } from './ColumnCard';

/** The height in pixels of `h` grid rows with the gaps between them. */
export const rowsHeight = (h: number) => h * HOME_GRID.rowHeight + (h - 1) * HOME_GRID.gap;

/**
 * The columns placed on the 12-column grid, each at its place and size; on a phone they stack in one
 * column, top to bottom and left to right, each as tall as its content.
 */
export function HomeGrid({ items, columns }: { items: LayoutItem[]; columns: Map<string, Column> }) {
  const mobile = useSettings((state) => state.device === 'mobile');
  const placed = items.filter((item) => columns.has(item.alias));
  if (mobile) {
    const ordered = [...placed].sort((a, b) => a.y - b.y || a.x - b.x);
    return (
      <div style={{ display: 'flex', flexDirection: 'column', gap: HOME_GRID.gap }}>
        {ordered.map((item) => (
          <ColumnCard key={item.alias} column={columns.get(item.alias)!} />
        ))}
      </div>
    );
  }
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${HOME_GRID.cols}, minmax(0, 1fr))`,
        gridAutoRows: HOME_GRID.rowHeight,
        gap: HOME_GRID.gap,
      }}
    >
      {placed.map((item) => (
        <div
          key={item.alias}
          style={{
            gridColumn: `${item.x + 1} / span ${item.w}`,
            gridRow: `${item.y + 1} / span ${item.h}`,
            minWidth: 0,
          }}
        >
          <ColumnCard column={columns.get(item.alias)!} height={rowsHeight(item.h)} />
        </div>
      ))}
    </div>
  );
}
