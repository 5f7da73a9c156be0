import { checkBoData, type BoField, type BoSubEntity, type DictItem, type ImportError } from '@eip/contracts';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Alert, Button, Flex, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayValue, useDictionaries, type Row } from '../shared/data';
import { SubTableExcel, type SubExcelProps } from './SubTableExcel';

interface Props {
  sub: BoSubEntity;
  rows: Row[];
  readonly: boolean;
  /** the server's messages of this sub-table's cells, by field path ({sub}[{row}].{field}) */
  errors: { field: string; message: string }[];
  onChange: (rows: Row[]) => void;
  /** the template and record the grid's 导入 / 导出 use, and whether the caller may use them */
  excel: SubExcelProps;
}

/** Above this many rows the grid renders only the rows in view. */
const VIRTUAL_FROM = 50;

function Cell({
  field,
  value,
  dicts,
  invalid,
  readonly,
  label,
  onChange,
}: {
  field: BoField;
  value: unknown;
  /** the dictionaries of the grid's dict fields: a dict cell is a drop-down of its items, shown by name */
  dicts: Map<string, DictItem[]>;
  invalid: boolean;
  readonly: boolean;
  label: string;
  onChange: (value: unknown) => void;
}) {
  const status = invalid ? ('error' as const) : undefined;
  if (readonly) return <span>{displayValue(field, value, dicts)}</span>;
  if (field.type === 'number') {
    return (
      <InputNumber
        aria-label={label}
        status={status}
        value={typeof value === 'number' ? value : null}
        onChange={(next) => onChange(next ?? undefined)}
        style={{ width: '100%' }}
      />
    );
  }
  if (field.type === 'dict' && field.dict) {
    return (
      <Select
        aria-label={label}
        status={status}
        value={typeof value === 'string' && value !== '' ? value : undefined}
        options={(dicts.get(field.dict) ?? []).map((item) => ({ value: item.key, label: item.name }))}
        onChange={(next: string | undefined) => onChange(next)}
        allowClear
        showSearch
        optionFilterProp="label"
        style={{ width: '100%' }}
      />
    );
  }
  return (
    <Input
      aria-label={label}
      status={status}
      type={field.type === 'date' ? 'date' : 'text'}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
    />
  );
}

/**
 * A sub-table as an editable grid: add, copy, delete and reorder rows; dict cells are drop-downs of their
 * dictionary (sysDataDict); cells breaking a spec §5 rule are marked as they are typed, and the server's
 * messages name the row.
 */
export function SubTableGrid({ sub, rows, readonly, errors, onChange, excel }: Props) {
  const { t } = useTranslation();
  const [fileErrors, setFileErrors] = useState<ImportError[]>([]);
  const dicts = useDictionaries(sub);
  const invalid = useMemo(
    () =>
      new Set(checkBoData({ fields: [], subs: [sub] }, { [sub.alias]: rows }).map((issue) => issue.field)),
    [sub, rows],
  );
  const set = (index: number, name: string, value: unknown) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [name]: value } : row)));
  const move = (index: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    onChange(next);
  };
  const columns: TableProps<Row & { __index: number }>['columns'] = [
    { key: 'no', title: t('template.rowNo'), width: 64, render: (_, row) => row.__index + 1 },
    ...sub.fields.map((field) => ({
      key: field.name,
      title: field.required ? `* ${field.label}` : field.label,
      width: field.type === 'number' ? 140 : 180,
      render: (_: unknown, row: Row & { __index: number }) => (
        <Cell
          field={field}
          value={row[field.name]}
          dicts={dicts}
          label={`${sub.name} ${t('template.rowNo')}${row.__index + 1} ${field.label}`}
          readonly={readonly}
          invalid={invalid.has(`${sub.alias}[${row.__index + 1}].${field.name}`)}
          onChange={(value) => set(row.__index, field.name, value)}
        />
      ),
    })),
  ];
  if (!readonly) {
    columns.push({
      key: 'actions',
      width: 160,
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<CopyOutlined />}
            title={t('template.rowCopy')}
            aria-label={t('template.rowCopy')}
            onClick={() =>
              onChange([
                ...rows.slice(0, row.__index + 1),
                { ...rows[row.__index] },
                ...rows.slice(row.__index + 1),
              ])
            }
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            title={t('template.rowUp')}
            aria-label={t('template.rowUp')}
            disabled={row.__index === 0}
            onClick={() => move(row.__index, -1)}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            title={t('template.rowDown')}
            aria-label={t('template.rowDown')}
            disabled={row.__index === rows.length - 1}
            onClick={() => move(row.__index, 1)}
          />
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            title={t('template.rowDelete')}
            aria-label={t('template.rowDelete')}
            onClick={() => onChange(rows.filter((_, i) => i !== row.__index))}
          />
        </Space>
      ),
    });
  }
  const data = rows.map((row, index) => ({ ...row, __index: index }));
  const virtual = rows.length > VIRTUAL_FROM;
  return (
    <Flex vertical gap={8} data-sub={sub.alias}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {sub.name}
        </Typography.Title>
        <Space wrap>
          {!readonly && (
            <Button icon={<PlusOutlined />} onClick={() => onChange([...rows, {}])}>
              {t('template.rowAdd')}
            </Button>
          )}
          <SubTableExcel
            {...excel}
            sub={sub}
            rows={rows}
            readonly={readonly}
            onChange={onChange}
            onErrors={setFileErrors}
          />
        </Space>
      </Flex>
      {fileErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setFileErrors([])}
          message={t('template.subImportFailed')}
          description={
            <Table<ImportError>
              size="small"
              rowKey={(e) => `${e.row}:${e.column}`}
              dataSource={fileErrors}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              aria-label={t('template.importErrors')}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('template.row') },
                { key: 'column', dataIndex: 'column', title: t('template.column') },
                { key: 'message', dataIndex: 'message', title: t('template.problem') },
              ]}
            />
          }
        />
      )}
      <Table
        rowKey="__index"
        size="small"
        columns={columns}
        dataSource={data}
        pagination={false}
        virtual={virtual}
        scroll={virtual ? { x: 900, y: 480 } : { x: 'max-content' }}
        locale={{ emptyText: t('template.empty') }}
      />
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          message={
            <ul style={{ margin: 0, paddingLeft: 16 }}>
              {errors.map((e) => (
                <li key={e.field}>{e.message}</li>
              ))}
            </ul>
          }
        />
      )}
    </Flex>
  );
}
