import {
  AUDIT_OUTCOMES,
  type AuditOutcome,
  type AuditRecord,
  type QueryField,
  type QueryFilter,
} from '@eip/contracts';
import { DownloadOutlined, SafetyCertificateOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Segmented,
  Select,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callBlob } from '../../api/client';
import { saveBlob } from '../../components/attachments/attachments';
import { formatTime } from '../../components/approval/time';
import { useSettings } from '../../stores/settings';

interface Conditions {
  account?: string;
  action?: string;
  target?: string;
  outcome?: AuditOutcome;
  range?: [Dayjs, Dayjs] | null;
}

const PAGE_SIZES = [20, 50, 100];

/** The tag colour of each outcome. */
const OUTCOME_COLORS: Record<AuditOutcome, string> = {
  success: 'success',
  noop: 'default',
  failure: 'error',
};

/** The filter of the form's conditions: text fields match a part, the time range covers whole days. */
export function auditQuerys({ account, action, target, outcome, range }: Conditions): QueryField[] {
  const like = (property: string, value?: string): QueryField[] =>
    value?.trim() ? [{ property, value: value.trim(), operation: 'LIKE' }] : [];
  return [
    ...like('account', account),
    ...like('action', action),
    ...like('target', target),
    ...(outcome ? [{ property: 'outcome', value: outcome, operation: 'EQUAL' }] : []),
    ...(range
      ? [
          {
            property: 'createTime',
            value: [range[0].startOf('day').toISOString(), range[1].endOf('day').toISOString()],
            operation: 'BETWEEN',
          },
        ]
      : []),
  ];
}

/** 审计日志 (menu component auditLog, administrators): who did what to which target, and how it ended. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const mobile = useSettings((state) => state.device === 'mobile');
  const [form] = Form.useForm<Conditions>();
  const [querys, setQuerys] = useState<QueryField[]>([]);
  const [page, setPage] = useState({ page: 1, pageSize: PAGE_SIZES[0]! });
  // the records kept, or the archive of those past the retention
  const [trail, setTrail] = useState<'recent' | 'archive'>('recent');
  const query = trail === 'archive' ? { archived: 'true' as const } : {};
  const filter: QueryFilter = { querys, pageBean: { ...page, showTotal: true } };
  const list = useQuery({
    queryKey: ['audit', 'list', trail, filter],
    queryFn: () => call('listAuditLog', { query, body: filter }),
    placeholderData: keepPreviousData,
  });
  const exportFile = useMutation({
    mutationFn: async () =>
      saveBlob(await callBlob('exportAuditLog', { query, body: { querys } }), 'audit-log.csv'),
  });
  const verify = useMutation({ mutationFn: () => call('verifyAuditChain') });
  const search = (conditions: Conditions) => {
    setQuerys(auditQuerys(conditions));
    setPage((current) => ({ ...current, page: 1 }));
  };
  const fieldWidth = mobile ? '100%' : 180;

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('portal.audit.title')}
        </Typography.Title>
        <Flex gap="small" wrap>
          <Tooltip title={t('portal.audit.verifyHint')}>
            <Button
              icon={<SafetyCertificateOutlined />}
              loading={verify.isPending}
              onClick={() => verify.mutate()}
            >
              {t('portal.audit.verify')}
            </Button>
          </Tooltip>
          <Tooltip title={t('portal.audit.exportHint')}>
            <Button
              icon={<DownloadOutlined />}
              loading={exportFile.isPending}
              onClick={() => exportFile.mutate()}
            >
              {t('portal.audit.export')}
            </Button>
          </Tooltip>
        </Flex>
      </Flex>
      {verify.data && (
        <Alert
          type={verify.data.intact ? 'success' : 'error'}
          showIcon
          closable={{ onClose: () => verify.reset() }}
          title={
            verify.data.intact
              ? t('portal.audit.verifyIntact', { count: verify.data.checked })
              : t(verify.data.newestRemoved ? 'portal.audit.verifyBrokenTail' : 'portal.audit.verifyBroken', {
                  id: verify.data.brokenId ?? '—',
                })
          }
        />
      )}
      {verify.isError && <Alert type="error" showIcon title={t('portal.audit.verifyFailed')} />}
      <Segmented
        value={trail}
        onChange={(value) => {
          setTrail(value);
          setPage((current) => ({ ...current, page: 1 }));
        }}
        options={(['recent', 'archive'] as const).map((value) => ({
          value,
          label: t(`portal.audit.trails.${value}`),
        }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {trail === 'archive' && <Alert type="info" showIcon title={t('portal.audit.archiveNote')} />}
      <Form
        form={form}
        name="audit"
        layout={mobile ? 'vertical' : 'inline'}
        onFinish={search}
        style={{ rowGap: 8 }}
      >
        <Form.Item name="account" label={t('portal.audit.account')}>
          <Input allowClear style={{ width: fieldWidth }} />
        </Form.Item>
        <Form.Item name="action" label={t('portal.audit.action')}>
          <Input allowClear style={{ width: fieldWidth }} />
        </Form.Item>
        <Form.Item name="target" label={t('portal.audit.target')}>
          <Input allowClear style={{ width: fieldWidth }} />
        </Form.Item>
        <Form.Item name="outcome" label={t('portal.audit.outcome')}>
          <Select<AuditOutcome>
            allowClear
            style={{ width: fieldWidth }}
            placeholder={t('portal.audit.outcomes.all')}
            options={AUDIT_OUTCOMES.map((value) => ({
              value,
              label: t(`portal.audit.outcomes.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="range" label={t('portal.audit.time')}>
          <DatePicker.RangePicker
            allowClear
            placeholder={t('portal.audit.timeRange', { returnObjects: true }) as [string, string]}
            style={mobile ? { width: '100%' } : undefined}
          />
        </Form.Item>
        <Form.Item>
          <Flex gap="small">
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('portal.audit.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {t('portal.audit.reset')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      {list.isError && <Alert type="error" showIcon title={t('portal.audit.loadFailed')} />}
      {exportFile.isError && <Alert type="error" showIcon title={exportFile.error.message} />}
      <Table<AuditRecord>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('portal.audit.empty')} /> }}
        onChange={(pagination) =>
          setPage({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? PAGE_SIZES[0]! })
        }
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
        }}
        columns={[
          { key: 'time', title: t('portal.audit.time'), render: (_, row) => formatTime(row.createTime) },
          { key: 'account', title: t('portal.audit.account'), render: (_, row) => row.account ?? '—' },
          { key: 'action', dataIndex: 'action', title: t('portal.audit.action') },
          {
            key: 'target',
            title: t('portal.audit.target'),
            render: (_, row) => (
              <Typography.Text style={{ maxWidth: 360 }} ellipsis={{ tooltip: row.target }}>
                {row.target ?? '—'}
              </Typography.Text>
            ),
          },
          {
            key: 'outcome',
            title: t('portal.audit.outcome'),
            render: (_, row) => (
              <Tooltip title={row.requestId ? t('portal.audit.requestId', { id: row.requestId }) : undefined}>
                <Tag color={OUTCOME_COLORS[row.outcome]}>
                  {row.failureCode
                    ? t('portal.audit.failureCode', { code: row.failureCode })
                    : t(`portal.audit.outcomes.${row.outcome}`)}
                </Tag>
              </Tooltip>
            ),
          },
          {
            key: 'ip',
            title: t('portal.audit.clientIp'),
            responsive: ['md'],
            render: (_, row) => row.clientIp ?? '—',
          },
        ]}
      />
    </Flex>
  );
}
