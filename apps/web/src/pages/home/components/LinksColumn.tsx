import type { ColumnItem } from '@eip/contracts';
import { LinkOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { ItemLink } from './ItemLink';

/** Quick links: a page of the portal or another address each. */
export function LinksColumn({ items, label }: { items: ColumnItem[]; label: string }) {
  const { token } = theme.useToken();
  return (
    <ul
      aria-label={label}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'flex',
        flexWrap: 'wrap',
        gap: token.marginXS,
      }}
    >
      {items.map((item) => (
        <li key={item.id}>
          <ItemLink
            to={item.link}
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: token.marginXXS,
              padding: `${token.paddingXXS}px ${token.paddingSM}px`,
              border: `1px solid ${token.colorBorder}`,
              borderRadius: token.borderRadius,
            }}
          >
            <LinkOutlined aria-hidden />
            {item.title}
          </ItemLink>
        </li>
      ))}
    </ul>
  );
}
