import type { ColumnItem } from '@eip/contracts';
import { theme } from 'antd';
import { ItemLink, ONE_LINE } from './ItemLink';

/** A grid of cards (flows to start, common flows): a name and its group, each opening its page. */
export function CardsColumn({ items, label }: { items: ColumnItem[]; label: string }) {
  const { token } = theme.useToken();
  return (
    <ul
      aria-label={label}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
        gap: token.marginSM,
      }}
    >
      {items.map((item) => (
        <li key={item.id}>
          <ItemLink
            to={item.link}
            style={{
              display: 'block',
              height: '100%',
              padding: token.paddingSM,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
              color: token.colorText,
            }}
          >
            <strong style={{ display: 'block', ...ONE_LINE }} title={item.title}>
              {item.title}
            </strong>
            {item.tag && (
              <span style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>{item.tag}</span>
            )}
          </ItemLink>
        </li>
      ))}
    </ul>
  );
}
