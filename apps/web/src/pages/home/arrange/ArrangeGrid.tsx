import type { Column, LayoutItem } from '@eip/contracts';
import { HOME_GRID } from '@eip/contracts/home';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  ExpandAltOutlined,
  EyeInvisibleOutlined,
  HolderOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Flex, Tooltip } from 'antd';
import { useState } from 'react';
import ReactGridLayout, { useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { useTranslation } from 'react-i18next';
import { ColumnCard } from '../components/ColumnCard';
import { rowsHeight } from '../components/HomeGrid';
import { VisuallyHidden } from '../components/VisuallyHidden';
import { canMove, MIN_SIZE, moveColumn, readingOrder, settle, type Move } from './moves';

const ORDER_BUTTONS: { move: Move; icon: React.ReactNode }[] = [
  { move: 'earlier', icon: <ArrowUpOutlined aria-hidden /> },
  { move: 'later', icon: <ArrowDownOutlined aria-hidden /> },
];
const SIZE_MOVES: Move[] = ['wider', 'narrower', 'taller', 'shorter'];

/**
 * The home's columns to arrange: drag a column by its handle, resize it from its corner, or use its
 * buttons (keyboard: move earlier / later, wider / narrower, taller / shorter, hide or remove). Each
 * change is announced. The parent keeps the items.
 */
export function ArrangeGrid({
  items,
  columns,
  onChange,
  removeLabel,
}: {
  items: LayoutItem[];
  columns: Map<string, Column>;
  onChange: (items: LayoutItem[], removed?: string) => void;
  /** hide (the user's home) or remove (a designer's layout) */
  removeLabel: 'hide' | 'remove';
}) {
  const { t } = useTranslation();
  const { width, containerRef, mounted } = useContainerWidth();
  const [announcement, setAnnouncement] = useState('');
  const placed = readingOrder(items.filter((item) => columns.has(item.alias)));

  const announce = (next: LayoutItem[], alias: string) => {
    const item = next.find((entry) => entry.alias === alias);
    if (item)
      setAnnouncement(
        t('portal.arrange.moved', {
          name: columns.get(alias)!.name,
          position: readingOrder(next).indexOf(item) + 1,
          count: next.length,
          w: item.w,
          h: item.h,
        }),
      );
  };
  const move = (alias: string, how: Move) => {
    const next = moveColumn(placed, alias, how);
    onChange(next);
    announce(next, alias);
  };
  const fromGrid = (layout: Layout) =>
    onChange(settle(layout.map(({ i, x, y, w, h }) => ({ alias: i, x, y, w, h }))));

  return (
    <div ref={containerRef}>
      <VisuallyHidden>
        <span aria-live="polite">{announcement}</span>
      </VisuallyHidden>
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={placed.map(({ alias, x, y, w, h }) => ({
            i: alias,
            x,
            y,
            w,
            h,
            minW: MIN_SIZE.w,
            minH: MIN_SIZE.h,
            maxH: HOME_GRID.maxH,
          }))}
          gridConfig={{
            cols: HOME_GRID.cols,
            rowHeight: HOME_GRID.rowHeight,
            margin: [HOME_GRID.gap, HOME_GRID.gap],
            containerPadding: [0, 0],
          }}
          dragConfig={{ enabled: true, handle: '.column-drag-handle' }}
          resizeConfig={{ enabled: true, handles: ['se'] }}
          compactor={verticalCompactor}
          onDragStop={(layout) => fromGrid(layout)}
          onResizeStop={(layout) => fromGrid(layout)}
        >
          {placed.map((item) => {
            const column = columns.get(item.alias)!;
            return (
              <div key={item.alias} data-testid={`arrange-${item.alias}`}>
                <ColumnCard
                  column={column}
                  height={rowsHeight(item.h)}
                  tools={
                    <Flex align="center" gap={0} wrap>
                      <Tooltip title={t('portal.arrange.drag')}>
                        <span
                          className="column-drag-handle"
                          style={{ cursor: 'move', padding: '0 4px' }}
                          aria-hidden
                        >
                          <HolderOutlined />
                        </span>
                      </Tooltip>
                      {ORDER_BUTTONS.map(({ move: how, icon }) => (
                        <Button
                          key={how}
                          type="text"
                          size="small"
                          icon={icon}
                          disabled={!canMove(placed, item.alias, how)}
                          aria-label={t(`portal.arrange.moves.${how}`, { name: column.name })}
                          title={t(`portal.arrange.moves.${how}`, { name: column.name })}
                          onClick={() => move(item.alias, how)}
                        />
                      ))}
                      <Dropdown
                        trigger={['click']}
                        menu={{
                          items: SIZE_MOVES.map((how) => ({
                            key: how,
                            label: t(`portal.arrange.moves.${how}`, { name: column.name }),
                            disabled: !canMove(placed, item.alias, how),
                          })),
                          onClick: ({ key }) => move(item.alias, key as Move),
                        }}
                      >
                        <Button
                          type="text"
                          size="small"
                          icon={<ExpandAltOutlined aria-hidden />}
                          aria-label={t('portal.arrange.resize', { name: column.name })}
                          title={t('portal.arrange.resize', { name: column.name })}
                        />
                      </Dropdown>
                      <Button
                        type="text"
                        size="small"
                        danger={removeLabel === 'remove'}
                        icon={
                          removeLabel === 'hide' ? (
                            <EyeInvisibleOutlined aria-hidden />
                          ) : (
                            <DeleteOutlined aria-hidden />
                          )
                        }
                        aria-label={t(`portal.arrange.${removeLabel}`, { name: column.name })}
                        title={t(`portal.arrange.${removeLabel}`, { name: column.name })}
                        onClick={() => {
                          onChange(settle(placed.filter((entry) => entry.alias !== item.alias)), item.alias);
                          setAnnouncement(t(`portal.arrange.${removeLabel}Done`, { name: column.name }));
                        }}
                      />
                    </Flex>
                  }
                />
              </div>
            );
          })}
        </ReactGridLayout>
      )}
    </div>
  );
}
