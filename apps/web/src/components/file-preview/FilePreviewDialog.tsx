import type { FilePreview } from '@eip/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Modal, Result, Spin, Typography, Watermark } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callBlob } from '../../api/client';
import { useSettings } from '../../stores/settings';
import { downloadFileById } from '../attachments/attachments';
import { FileDetails } from './FileDetails';
import { fileKeys } from './keys';
import { PdfView } from './PdfView';

/** The file a preview shows. */
export interface PreviewTarget {
  fileId: string;
  name: string;
}

/** Whether the previewer fetches the bytes (getFileById): an office document only through a converter. */
const showsContent = (preview: FilePreview) =>
  preview.kind === 'image' ||
  preview.kind === 'pdf' ||
  preview.kind === 'text' ||
  (preview.kind === 'office' && preview.converter);

function TextView({ blob, charset, name }: { blob: Blob; charset: string | null; name: string }) {
  const text = useQuery({
    queryKey: ['file', 'text', blob.size, charset, name],
    queryFn: async () => new TextDecoder(charset ?? 'utf-8').decode(await blob.arrayBuffer()),
    gcTime: 0,
  });
  return (
    <pre
      tabIndex={0}
      aria-label={name}
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0, fontSize: 14, minHeight: '60vh' }}
    >
      {text.data ?? ''}
    </pre>
  );
}

function ImageView({ blob, name }: { blob: Blob; name: string }) {
  // the image's address lives as long as the image shows it
  const show = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return undefined;
      const address = URL.createObjectURL(blob);
      image.src = address;
      return () => URL.revokeObjectURL(address);
    },
    [blob],
  );
  return (
    <Flex justify="center" style={{ minHeight: '60vh' }}>
      <img ref={show} alt={name} style={{ maxWidth: '100%', height: 'auto', objectFit: 'contain' }} />
    </Flex>
  );
}

/** What the dialog shows: the loading and error states, the "no converter" and "cannot preview" states, or the file. */
function PreviewBody({ target, preview }: { target: PreviewTarget; preview: FilePreview }) {
  const { t } = useTranslation();
  const content = useQuery({
    queryKey: fileKeys.content(target.fileId),
    queryFn: () => callBlob('getPreviewContent', { params: { id: target.fileId }, silent: true }),
    enabled: showsContent(preview),
    retry: false,
    gcTime: 60_000,
  });
  const download = (
    <Button
      type="primary"
      icon={<DownloadOutlined aria-hidden />}
      onClick={() => void downloadFileById(target.fileId, preview.file.fileName)}
    >
      {t('files.download')}
    </Button>
  );
  if (preview.kind === 'office' && !preview.converter)
    return (
      <Result
        status="info"
        title={t('files.noConverter')}
        subTitle={t('files.downloadInstead')}
        extra={download}
      />
    );
  if (preview.kind === 'none')
    return (
      <Result
        status="info"
        title={t('files.unsupported')}
        subTitle={t('files.downloadInstead')}
        extra={download}
      />
    );
  if (content.isPending)
    return (
      <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: '40vh' }}>
        <Spin size="large" />
        <Typography.Text>
          {t(preview.kind === 'office' ? 'files.converting' : 'files.loading')}
        </Typography.Text>
      </Flex>
    );
  if (content.error)
    return (
      <Result status="warning" title={t('files.failed')} subTitle={content.error.message} extra={download} />
    );
  if (preview.kind === 'image') return <ImageView blob={content.data} name={preview.file.fileName} />;
  if (preview.kind === 'text')
    return <TextView blob={content.data} charset={preview.charset} name={preview.file.fileName} />;
  return <PdfView blob={content.data} name={preview.file.fileName} />;
}

/**
 * The preview of a file in a full-screen dialog (issue 11): images, PDF (pdf.js), plain text, and office
 * documents as PDF when the server has a converter; otherwise it says so and offers the download. Every
 * preview carries the watermark of spec §9, the viewer's account and the time.
 */
export function FilePreviewDialog({
  target,
  onClose,
}: {
  target: PreviewTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mobile = useSettings((state) => state.device === 'mobile');
  const described = useQuery({
    queryKey: fileKeys.preview(target?.fileId ?? ''),
    queryFn: () => call('previewFile', { query: { fileId: target!.fileId }, silent: true }),
    enabled: target !== null,
    retry: false,
    gcTime: 0,
  });
  const preview = described.data;
  // the dialog takes its watermark from the nearest Watermark around it: this one, not a page's
  return (
    <Watermark
      content={preview ? [preview.watermark.account, preview.watermark.time] : []}
      font={{ fontSize: 14, color: 'rgba(0, 0, 0, 0.12)' }}
    >
      <Modal
        open={target !== null}
        onCancel={onClose}
        destroyOnHidden
        title={t('files.title', { name: preview?.file.fileName ?? target?.name ?? '' })}
        width="100vw"
        style={{ top: 0, maxWidth: '100vw', paddingBottom: 0, margin: 0 }}
        styles={{
          container: { minHeight: '100vh', borderRadius: 0, padding: mobile ? 12 : undefined },
          body: { minHeight: 'calc(100vh - 130px)' },
        }}
        footer={
          <Flex justify="flex-end" gap="small" wrap>
            {target && (
              <Button
                icon={<DownloadOutlined aria-hidden />}
                onClick={() => void downloadFileById(target.fileId, preview?.file.fileName ?? target.name)}
              >
                {t('files.download')}
              </Button>
            )}
            <Button type="primary" onClick={onClose}>
              {t('files.close')}
            </Button>
          </Flex>
        }
      >
        {described.isPending && target && (
          <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: '40vh' }}>
            <Spin size="large" />
            <Typography.Text>{t('files.loading')}</Typography.Text>
          </Flex>
        )}
        {described.error && (
          <Result status="warning" title={t('files.failed')} subTitle={described.error.message} />
        )}
        {preview && target && (
          <>
            <FileDetails file={preview.file} />
            <PreviewBody target={target} preview={preview} />
          </>
        )}
      </Modal>
    </Watermark>
  );
}

/** A preview dialog for a list of files: `open(file)` shows one; render `dialog` once. */
export function useFilePreview() {
  const [target, setTarget] = useState<PreviewTarget | null>(null);
  return {
    open: setTarget,
    dialog: <FilePreviewDialog target={target} onClose={() => setTarget(null)} />,
  };
}
