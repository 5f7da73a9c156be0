import type { RouteValue } from '@eip/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Skeleton, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../api/client';
import { formatTime } from '../../../components/approval/time';
import { DocumentBody } from '../shared/DocumentBody';
import { MatterList } from '../shared/MatterList';
import { approvalKeys } from '../shared/queries';

type Row = RouteValue<'getDocumentList'>['rows'][number];

const LIBRARY = '/matter/documentLibraryForm';
const documentPath = (businessKey: string) => `${LIBRARY}?${new URLSearchParams({ businessKey })}`;

/** The filed documents the user may read. */
function Library() {
  const { t } = useTranslation();
  const columns: ColumnsType<Row> = [
    {
      key: 'subject',
      title: t('approval.list.subject'),
      sorter: true,
      render: (_, row) => <Link to={documentPath(row.businessKey)}>{row.subject}</Link>,
    },
    {
      key: 'procDefName',
      dataIndex: 'procDefName',
      title: t('approval.list.flowName'),
      sorter: true,
      responsive: ['md'],
    },
    { key: 'filedBy', dataIndex: 'filedBy', title: t('approval.dish.filedBy'), sorter: true },
    {
      key: 'filedTime',
      title: t('approval.dish.filedTime'),
      sorter: true,
      responsive: ['sm'],
      render: (_, row) => formatTime(row.filedTime),
    },
  ];
  return (
    <MatterList<Row>
      name="documents"
      title={t('approval.dish.library')}
      fetchPage={(body) => call('getDocumentList', { body })}
      rowKey={(row) => row.id}
      openPath={(row) => documentPath(row.businessKey)}
      columns={columns}
      timeProperty="filedTime"
    />
  );
}

/** A filed document, read-only: its data as filed, who filed it and when. */
function FiledDocument({ businessKey }: { businessKey: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: [...approvalKeys.all, 'document', businessKey],
    queryFn: () => call('getDetailByBusinesskey', { query: { businessKey }, silent: true }),
    retry: false,
  });
  const back = <Button onClick={() => navigate(LIBRARY)}>{t('approval.dish.back')}</Button>;
  if (detail.isError) {
    return (
      <Flex vertical gap="middle" align="flex-start">
        <Alert
          type="error"
          showIcon
          title={t('approval.dish.documentNotFound')}
          description={detail.error.message}
        />
        {back}
      </Flex>
    );
  }
  if (!detail.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const { document } = detail.data;
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="flex-start" gap="middle" wrap>
        <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
          {document.subject}
        </Typography.Title>
        {back}
      </Flex>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={t('approval.dish.filedBy')}>{document.filedBy}</Descriptions.Item>
        <Descriptions.Item label={t('approval.dish.filedTime')}>
          {formatTime(document.filedTime)}
        </Descriptions.Item>
      </Descriptions>
      <DocumentBody view={detail.data} />
    </Flex>
  );
}

/** `/matter/documentLibraryForm` (文档库): the library; `?businessKey` one filed document, read-only. */
export function DocumentLibraryFormPage() {
  const [params] = useSearchParams();
  const businessKey = params.get('businessKey');
  return businessKey ? <FiledDocument key={businessKey} businessKey={businessKey} /> : <Library />;
}
