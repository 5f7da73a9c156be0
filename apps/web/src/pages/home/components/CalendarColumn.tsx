import type { ColumnItem } from '@eip/contracts';
import { Badge, Flex, Tag, theme } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ItemLink, ONE_LINE } from './ItemLink';

/** Items by day (this week's meetings): each day with its items' hours, titles and rooms; today marked. */
export function CalendarColumn({ items, label }: { items: ColumnItem[]; label: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const days = new Map<string, ColumnItem[]>();
  for (const item of items) {
    const day = dayjs(item.time).format('YYYY-MM-DD');
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <Flex vertical gap="small" role="list" aria-label={label}>
      {[...days.entries()].map(([day, dayItems]) => (
        <section key={day} role="listitem" aria-label={dayjs(day).format(t('portal.calendar.dayFormat'))}>
          <strong style={{ color: day === today ? token.colorPrimary : undefined }}>
            {dayjs(day).format(t('portal.calendar.dayFormat'))}
            {day === today && ` · ${t('portal.calendar.today')}`}
          </strong>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {dayItems.map((item) => (
              <li key={item.id} style={{ padding: `${token.paddingXXS}px 0` }}>
                <Flex align="center" gap="small">
                  {item.unread && <Badge role="img" status="processing" aria-label={t('portal.unread')} />}
                  <span
                    style={{
                      whiteSpace: 'nowrap',
                      fontVariantNumeric: 'tabular-nums',
                      color: token.colorTextSecondary,
                    }}
                  >
                    {dayjs(item.time).format('HH:mm')}
                    {item.end && `–${dayjs(item.end).format('HH:mm')}`}
                  </span>
                  <ItemLink to={item.link} style={{ flex: 1, minWidth: 0, ...ONE_LINE }}>
                    {item.title}
                  </ItemLink>
                  {item.tag && <Tag style={{ marginInlineEnd: 0 }}>{item.tag}</Tag>}
                </Flex>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Flex>
  );
}
