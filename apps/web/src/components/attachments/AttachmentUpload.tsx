import { UploadOutlined } from '@ant-design/icons';
import type { OpinionFile, UploadPurpose } from '@eip/contracts';
import { Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useFilePreview } from '../file-preview/FilePreviewDialog';
import { previewableList } from '../file-preview/PreviewButton';
import { uploadAttachment } from './attachments';

const toUploadFile = (file: OpinionFile): UploadFile<OpinionFile> => ({
  uid: file.response.fileId,
  name: file.name,
  status: 'done',
  response: file,
});

/**
 * Attachments as a form control (an opinion's, a news item's): those given stay listed; each chosen file
 * uploads at once for the purpose; any can be removed or previewed (预览). The value is the list of uploaded
 * files in the attachments' format. A failed upload stays in the list, marked, and is not sent.
 */
export function AttachmentUpload({
  value,
  onChange,
  id,
  purpose,
  uploadLabel,
  failedLabel,
}: {
  value?: OpinionFile[];
  onChange?: (files: OpinionFile[]) => void;
  id?: string;
  purpose: UploadPurpose;
  uploadLabel: string;
  failedLabel: (name: string) => string;
}) {
  const [list, setList] = useState<UploadFile<OpinionFile>[]>(() => (value ?? []).map(toUploadFile));
  const preview = useFilePreview();
  return (
    <>
      {preview.dialog}
      <Upload<OpinionFile>
        fileList={list}
        showUploadList={previewableList(preview.open)}
        customRequest={({ file, onSuccess, onError }) => {
          uploadAttachment(file as File, purpose).then(
            (uploaded) => onSuccess?.(uploaded),
            (error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))),
          );
        }}
        onChange={({ fileList }) => {
          setList(
            fileList.map((item) =>
              item.status === 'error'
                ? { ...item, response: undefined, error: failedLabel(item.name) }
                : item,
            ),
          );
          onChange?.(
            fileList.flatMap((item) => (item.status === 'done' && item.response ? [item.response] : [])),
          );
        }}
      >
        <Button id={id} icon={<UploadOutlined aria-hidden />}>
          {uploadLabel}
        </Button>
      </Upload>
    </>
  );
}
