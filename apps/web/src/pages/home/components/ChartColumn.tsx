import type { ColumnChart } from '@eip/contracts';
import { Flex, theme } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from './VisuallyHidden';

const WIDTH = 560;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 32 };
const GRID_LINES = 4;

/** A step for the value axis: 1, 2 or 5 times a power of ten, so that the lines fall on round numbers. */
export function niceStep(max: number, lines = GRID_LINES): number {
  if (max <= 0) return 1;
  const raw = max / lines;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  return Math.max(1, step);
}

/**
 * A stacked bar chart (the series of each category stacked), drawn as SVG in the theme's colours; its
 * numbers are also a table for screen readers.
 */
export function ChartColumn({ chart, label }: { chart: ColumnChart; label: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const colours = [
    token.colorPrimary,
    token.colorWarning,
    token.colorSuccess,
    token.colorError,
    token.colorInfo,
  ];
  const totals = chart.categories.map((_, i) => chart.series.reduce((sum, s) => sum + (s.data[i] ?? 0), 0));
  const step = niceStep(Math.max(...totals, 0));
  const top = step * GRID_LINES;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(chart.categories.length, 1);
  const barWidth = Math.min(36, slot * 0.6);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const monthLabel = (category: string) =>
    /^\d{4}-\d{2}$/.test(category) ? dayjs(`${category}-01`).format(t('portal.chart.monthFormat')) : category;

  return (
    <Flex vertical gap="small" style={{ height: '100%' }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
        style={{ width: '100%', flex: 1, minHeight: 120 }}
        preserveAspectRatio="xMidYMid meet"
      >
        {Array.from({ length: GRID_LINES + 1 }, (_, i) => (
          <g key={i}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(i * step)}
              y2={y(i * step)}
              stroke={token.colorSplit}
            />
            <text
              x={PAD.left - 6}
              y={y(i * step) + 4}
              textAnchor="end"
              fontSize={11}
              fill={token.colorTextSecondary}
            >
              {i * step}
            </text>
          </g>
        ))}
        {chart.categories.map((category, i) => {
          const x = PAD.left + slot * i + (slot - barWidth) / 2;
          let base = 0;
          return (
            <g key={category}>
              {chart.series.map((series, s) => {
                const value = series.data[i] ?? 0;
                if (!value) return null;
                const rect = (
                  <rect
                    key={series.key}
                    x={x}
                    y={y(base + value)}
                    width={barWidth}
                    height={y(base) - y(base + value)}
                    fill={colours[s % colours.length]}
                  >
                    <title>{`${monthLabel(category)} ${series.name}：${value}`}</title>
                  </rect>
                );
                base += value;
                return rect;
              })}
              <text
                x={x + barWidth / 2}
                y={HEIGHT - PAD.bottom + 16}
                textAnchor="middle"
                fontSize={11}
                fill={token.colorTextSecondary}
              >
                {monthLabel(category)}
              </text>
            </g>
          );
        })}
      </svg>
      <Flex wrap gap="small" justify="center" aria-hidden>
        {chart.series.map((series, s) => (
          <Flex key={series.key} align="center" gap={4} style={{ fontSize: token.fontSizeSM }}>
            <span
              style={{ width: 10, height: 10, borderRadius: 2, background: colours[s % colours.length] }}
            />
            {series.name}
          </Flex>
        ))}
      </Flex>
      <VisuallyHidden>
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{t('portal.chart.category')}</th>
              {chart.series.map((series) => (
                <th key={series.key} scope="col">
                  {series.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.categories.map((category, i) => (
              <tr key={category}>
                <th scope="row">{monthLabel(category)}</th>
                {chart.series.map((series) => (
                  <td key={series.key}>{series.data[i] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Flex>
  );
}
