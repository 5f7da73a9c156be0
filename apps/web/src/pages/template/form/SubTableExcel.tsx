import type { BoSubEntity, ImportError } from '@eip/contracts';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Modal, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { callBlob, callUpload } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { saveBlob } from '../../../components/attachments/attachments';
import type { Row } from '../shared/data';

export interface SubExcelProps {
  templateAlias: string;
  /** the record the form shows; none on a new record's form */
  recordId?: string;
  /** the template's import and export buttons, as the caller may use them */
  canImport: boolean;
  canExport: boolean;
}

interface Props extends SubExcelProps {
  sub: BoSubEntity;
  rows: Row[];
  readonly: boolean;
  onChange: (rows: Row[]) => void;
  /** the errors of the last file read (an empty list once a file was read without error) */
  onErrors: (errors: ImportError[]) => void;
}

/**
 * 导入 / 导出 of a sub-table grid. 导入 reads a file's rows with the form's rules and puts them in the grid
 * in place of its rows (after a confirmation when it has some), for review before the record is saved;
 * 导出 writes the grid's rows (a record's saved rows when the form is read-only).
 */
export function SubTableExcel({
  sub,
  rows,
  readonly,
  templateAlias,
  recordId,
  canImport,
  canExport,
  onChange,
  onErrors,
}: Props) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const put = (imported: Row[]) => {
    onChange(imported);
    toast.success(t('template.subImported', { count: imported.length }));
  };
  const read = useMutation({
    mutationFn: (file: File) =>
      callUpload('importSub', file, {
        query: { templateAlias, subAlias: sub.alias, ...(recordId ? { id: recordId } : {}) },
      }),
    onSuccess: (answer) => {
      onErrors(answer.errors);
      if (answer.errors.length) return;
      if (!answer.rows.length) {
        toast.error(t('template.subImportEmpty'));
        return;
      }
      if (!rows.length) {
        put(answer.rows);
        return;
      }
      void modal.confirm({
        title: t('template.subReplaceTitle'),
        content: t('template.subReplace', { count: answer.rows.length, current: rows.length }),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: () => put(answer.rows),
      });
    },
  });
  const write = useMutation({
    mutationFn: () =>
      readonly && recordId
        ? callBlob('exportSub', { body: { templateAlias, id: recordId, subAlias: sub.alias } })
        : callBlob('exportFormSub', { query: { subDesc: sub.alias }, body: { templateAlias, rows } }),
    onSuccess: (blob) => saveBlob(blob, `${sub.name}.xlsx`),
  });
  return (
    <>
      {modalHolder}
      {canImport && !readonly && (
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            read.mutate(file);
            return false;
          }}
        >
          <Button
            icon={<UploadOutlined />}
            loading={read.isPending}
            aria-label={`${sub.name} ${t('template.import')}`}
          >
            {t('template.import')}
          </Button>
        </Upload>
      )}
      {canExport && (
        <Button
          icon={<DownloadOutlined />}
          loading={write.isPending}
          disabled={!rows.length}
          aria-label={`${sub.name} ${t('template.export')}`}
          onClick={() => write.mutate()}
        >
          {t('template.export')}
        </Button>
      )}
    </>
  );
}
