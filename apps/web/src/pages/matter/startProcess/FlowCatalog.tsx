import type { RouteValue } from '@eip/contracts';
import {
  PlayCircleOutlined,
  PushpinFilled,
  PushpinOutlined,
  SearchOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Segmented,
  Skeleton,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';

type Flow = RouteValue<'newProcess'>['rows'][number];
type View = 'all' | 'common' | 'often' | 'collected';

const catalogKeys = {
  all: ['approval', 'catalog'] as const,
  flows: ['approval', 'catalog', 'flows'] as const,
  common: ['approval', 'catalog', 'common'] as const,
  often: ['approval', 'catalog', 'often'] as const,
};

/** Flows grouped by flow type (in the order the types first appear), filtered by a search text. */
export function groupFlows(flows: readonly Flow[], search: string, ungrouped: string): [string, Flow[]][] {
  const needle = search.trim().toLowerCase();
  const groups = new Map<string, Flow[]>();
  for (const flow of flows) {
    if (needle && !flow.name.toLowerCase().includes(needle) && !flow.defKey.toLowerCase().includes(needle))
      continue;
    const type = flow.flowTypeName ?? ungrouped;
    groups.set(type, [...(groups.get(type) ?? []), flow]);
  }
  return [...groups];
}

function FlowCard({ flow, onStart }: { flow: Flow; onStart: (flow: Flow) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
  const common = useMutation({
    mutationFn: (): Promise<unknown> =>
      flow.isCommon
        ? call('batchRemoveCommonFlow', { query: { defKeys: flow.defKey } })
        : call('customAddCommonFlow', { body: { defKeys: [flow.defKey] } }),
    onSuccess: () => {
      toast.success(flow.isCommon ? t('approval.start.commonRemoved') : t('approval.start.commonAdded'));
      refresh();
    },
  });
  const collect = useMutation({
    mutationFn: () =>
      call(flow.isCollected ? 'cancelCollect' : 'collect', {
        body: { targetType: 'flow', targetId: flow.defKey },
      }),
    onSuccess: refresh,
  });
  const commonLabel = `${flow.isCommon ? t('approval.start.removeCommon') : t('approval.start.addCommon')} ${flow.name}`;
  const collectLabel = `${flow.isCollected ? t('approval.start.uncollect') : t('approval.start.collect')} ${flow.name}`;
  return (
    <Card size="small" style={{ width: 260, maxWidth: '100%' }}>
      <Flex vertical gap="small">
        <Typography.Text strong>{flow.name}</Typography.Text>
        <Flex justify="space-between" align="center" gap="small">
          <Flex gap={4}>
            <Tooltip title={commonLabel}>
              <Button
                type="text"
                aria-label={commonLabel}
                aria-pressed={flow.isCommon}
                icon={flow.isCommon ? <PushpinFilled /> : <PushpinOutlined />}
                loading={common.isPending}
                onClick={() => common.mutate()}
              />
            </Tooltip>
            <Tooltip title={collectLabel}>
              <Button
                type="text"
                aria-label={collectLabel}
                aria-pressed={flow.isCollected}
                icon={flow.isCollected ? <StarFilled /> : <StarOutlined />}
                loading={collect.isPending}
                onClick={() => collect.mutate()}
              />
            </Tooltip>
          </Flex>
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            aria-label={`${t('approval.start.startButton')} ${flow.name}`}
            onClick={() => onStart(flow)}
          >
            {t('approval.start.startButton')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

/**
 * The flows the user may start (issue 5): all of them grouped by flow type with a search, the common
 * flows the user pinned, the ones used most, and the favourites.
 */
export function FlowCatalog({ onStart }: { onStart: (defId: string) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [view, setView] = useState<View>('all');
  const [search, setSearch] = useState('');
  const flows = useQuery({
    queryKey: catalogKeys.flows,
    queryFn: () => call('newProcess', { body: { pageBean: { page: 1, pageSize: 1000 } } }),
  });
  const common = useQuery({
    queryKey: catalogKeys.common,
    queryFn: () => call('getMyCommonFlow', { body: {} }),
    enabled: view === 'common',
  });
  const often = useQuery({
    queryKey: catalogKeys.often,
    queryFn: () => call('getMyOftenFlow'),
    enabled: view === 'often',
  });
  const shown = view === 'common' ? common : view === 'often' ? often : flows;
  const rows = useMemo(() => {
    const list = Array.isArray(shown.data) ? shown.data : (shown.data?.rows ?? []);
    return view === 'collected' ? list.filter((flow) => flow.isCollected) : list;
  }, [shown.data, view]);
  const groups = groupFlows(rows, search, t('approval.start.ungrouped'));
  const used = useMutation({ mutationFn: (defKey: string) => call('saveMyOftenFlow', { body: { defKey } }) });
  const start = (flow: Flow) => {
    used.mutate(flow.defKey);
    onStart(flow.id);
  };

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
          {t('approval.start.title')}
        </Typography.Title>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          aria-label={t('approval.start.search')}
          placeholder={t('approval.start.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 280 }}
        />
      </Flex>
      <Segmented<View>
        value={view}
        onChange={setView}
        options={[
          { value: 'all', label: t('approval.start.all') },
          { value: 'common', label: t('approval.start.common') },
          { value: 'often', label: t('approval.start.often') },
          { value: 'collected', label: t('approval.start.collected') },
        ]}
      />
      {shown.error && <Alert type="error" showIcon title={shown.error.message} />}
      {shown.isPending && <Skeleton active />}
      {shown.data && !groups.length && <Empty description={t('approval.start.empty')} />}
      {groups.map(([type, list]) => (
        <section key={type} aria-label={type}>
          <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading5 }}>
            {type}
          </Typography.Title>
          <Flex gap="middle" wrap>
            {list.map((flow) => (
              <FlowCard key={flow.id} flow={flow} onStart={start} />
            ))}
          </Flex>
        </section>
      ))}
    </Flex>
  );
}
