import { UploadOutlined } from '@ant-design/icons';
import type { OpinionFile } from '@eip/contracts';
import { Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadAttachment } from './attachments';

/**
 * The attachments of an opinion (a form control): each chosen file uploads at once; the value is the list
 * of uploaded files, in the opinion's format. A failed upload stays in the list, marked, and is not sent.
 */
export function AttachmentUpload({
  onChange,
}: {
  value?: OpinionFile[];
  onChange?: (files: OpinionFile[]) => void;
}) {
  const { t } = useTranslation();
  const [list, setList] = useState<UploadFile<OpinionFile>[]>([]);
  return (
    <Upload<OpinionFile>
      fileList={list}
      customRequest={({ file, onSuccess, onError }) => {
        uploadAttachment(file as File).then(
          (uploaded) => onSuccess?.(uploaded),
          (error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))),
        );
      }}
      onChange={({ fileList }) => {
        setList(
          fileList.map((item) =>
            item.status === 'error'
              ? {
                  ...item,
                  response: undefined,
                  error: t('approval.actions.uploadFailed', { name: item.name }),
                }
              : item,
          ),
        );
        onChange?.(
          fileList.flatMap((item) => (item.status === 'done' && item.response ? [item.response] : [])),
        );
      }}
    >
      <Button icon={<UploadOutlined aria-hidden />}>{t('approval.actions.upload')}</Button>
    </Upload>
  );
}
