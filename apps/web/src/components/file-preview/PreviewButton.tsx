import type { OpinionFile } from '@eip/contracts';
import { EyeOutlined } from '@ant-design/icons';
import { Button, type UploadFile } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewTarget } from './FilePreviewDialog';

/** 预览: opens the preview of one file of a list. */
export function PreviewButton({
  file,
  onPreview,
  style,
}: {
  file: OpinionFile;
  onPreview: (target: PreviewTarget) => void;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <Button
      type="link"
      size="small"
      icon={<EyeOutlined aria-hidden />}
      aria-label={t('files.previewName', { name: file.name })}
      onClick={() => onPreview({ fileId: file.response.fileId, name: file.name })}
      style={style}
    >
      {t('files.preview')}
    </Button>
  );
}

/** An upload list whose uploaded files each have 预览. */
export const previewableList = (onPreview: (target: PreviewTarget) => void) => ({
  extra: (item: UploadFile<OpinionFile>) =>
    item.status === 'done' && item.response ? (
      <PreviewButton file={item.response} onPreview={onPreview} style={{ height: 'auto', paddingBlock: 0 }} />
    ) : null,
});
