import { ThunderboltOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../api/client';

const oftenKey = ['portal', 'often'] as const;

/** Counts a use of a menu entry (system/often) and keeps the answered list; a failure is not the user's concern. */
export function useCountMenuUse() {
  const queryClient = useQueryClient();
  return (alias: string | undefined) => {
    if (!alias) return;
    call('often', { body: { alias }, silent: true }).then(
      (list) => queryClient.setQueryData(oftenKey, list),
      () => undefined,
    );
  };
}

/** The user's often-used menu entries (system/often), most used first: one click away in the nav bar. */
export function OftenMenus({ style }: { style: CSSProperties }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const often = useQuery({ queryKey: oftenKey, queryFn: () => call('often', { body: {}, silent: true }) });
  const entries = often.data ?? [];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: entries.length
          ? entries.map((entry) => ({ key: entry.alias, label: entry.name }))
          : [{ key: '', label: t('layout.oftenEmpty'), disabled: true }],
        onClick: ({ key }) => {
          const entry = entries.find((candidate) => candidate.alias === key);
          if (entry) void navigate(entry.path);
        },
      }}
    >
      <Tooltip title={t('layout.often')}>
        <Button type="text" style={style} aria-label={t('layout.often')} icon={<ThunderboltOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}
