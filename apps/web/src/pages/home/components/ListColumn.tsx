import type { ColumnItem } from '@eip/contracts';
import { formatRelativeTime } from '@eip/contracts/utils';
import { Badge, Flex, Tag, Tooltip, theme } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ItemLink, ONE_LINE } from './ItemLink';

/** How long ago, in the user's language (spec §9: under 30 s 刚刚, then minutes, hours, days). */
export function useRelativeTime() {
  const { t } = useTranslation();
  return (iso: string) =>
    formatRelativeTime(new Date(iso), Date.now(), {
      justNow: t('portal.relative.justNow'),
      minutesAgo: (count) => t('portal.relative.minutes', { count }),
      hoursAgo: (count) => t('portal.relative.hours', { count }),
      daysAgo: (count) => t('portal.relative.days', { count }),
    });
}

/** A list of items: title (opening its page), tags, and when it came; unread ones marked. */
export function ListColumn({ items, label }: { items: ColumnItem[]; label: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const ago = useRelativeTime();
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <li
          key={item.id}
          style={{ padding: `${token.paddingXS}px 0`, borderBottom: `1px solid ${token.colorSplit}` }}
        >
          <Flex align="center" gap="small">
            {item.unread !== undefined && (
              <Badge
                role="img"
                status={item.unread ? 'processing' : 'default'}
                aria-label={item.unread ? t('portal.unread') : t('portal.read')}
              />
            )}
            <ItemLink
              to={item.link}
              style={{
                flex: 1,
                minWidth: 0,
                ...ONE_LINE,
                fontWeight: item.unread ? 600 : undefined,
              }}
            >
              {item.title}
            </ItemLink>
            {item.urgent && <Tag color="error">{t('portal.urgent')}</Tag>}
            {item.tag && (
              <Tag
                style={{ marginInlineEnd: 0, maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                {item.tag}
              </Tag>
            )}
            {item.time && (
              <Tooltip title={dayjs(item.time).format('YYYY-MM-DD HH:mm')}>
                <span
                  style={{
                    whiteSpace: 'nowrap',
                    fontSize: token.fontSizeSM,
                    color: token.colorTextSecondary,
                  }}
                >
                  <time dateTime={item.time}>{ago(item.time)}</time>
                </span>
              </Tooltip>
            )}
          </Flex>
        </li>
      ))}
    </ul>
  );
}
