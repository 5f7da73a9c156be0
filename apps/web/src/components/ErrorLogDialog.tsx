import { Button, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorLog, type ErrorLogEntry } from '../stores/errorLog';

/** Search engines a message can be looked up in (spec §8: the error log has search links). */
const SEARCH_LINKS = [
  { name: 'Baidu', url: (q: string) => `https://www.baidu.com/s?wd=${encodeURIComponent(q)}` },
  { name: 'Google', url: (q: string) => `https://www.google.com/search?q=${encodeURIComponent(q)}` },
];

/** Spec §2 系统错误列表: route, message, detail and search links of the uncaught errors. */
export function ErrorLogDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const entries = useErrorLog((state) => state.entries);
  const clear = useErrorLog((state) => state.clear);
  return (
    <Modal
      open
      title={t('errorLog.title')}
      width={960}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={clear} disabled={!entries.length}>
            {t('errorLog.clear')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Space>
      }
    >
      <Table<ErrorLogEntry>
        rowKey="id"
        size="small"
        dataSource={entries}
        pagination={false}
        scroll={{ y: 480 }}
        locale={{ emptyText: t('errorLog.empty') }}
        columns={[
          { key: 'route', title: t('errorLog.route'), dataIndex: 'route', width: 180 },
          { key: 'message', title: t('errorLog.message'), dataIndex: 'message', width: 220 },
          {
            key: 'detail',
            title: t('errorLog.detail'),
            dataIndex: 'detail',
            render: (detail: string) => (
              <Typography.Paragraph
                ellipsis={{ rows: 3, expandable: true }}
                style={{ margin: 0, whiteSpace: 'pre-wrap' }}
              >
                {detail}
              </Typography.Paragraph>
            ),
          },
          {
            key: 'search',
            title: t('errorLog.search'),
            width: 140,
            render: (_: unknown, entry) => (
              <Space>
                {SEARCH_LINKS.map((link) => (
                  <a key={link.name} href={link.url(entry.message)} target="_blank" rel="noreferrer noopener">
                    {link.name}
                  </a>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
