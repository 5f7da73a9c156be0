import type { FieldChange } from '@eip/contracts';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';

const shown = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** Which fields changed from what to what: a record's history, a resubmitted request. */
export function FieldChangesTable({ changes }: { changes: readonly FieldChange[] }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={[...changes]}
      columns={[
        { key: 'label', dataIndex: 'label', title: t('common.changes.field') },
        { key: 'old', title: t('common.changes.oldValue'), render: (_, c) => shown(c.oldValue) },
        { key: 'new', title: t('common.changes.newValue'), render: (_, c) => shown(c.newValue) },
      ]}
    />
  );
}
