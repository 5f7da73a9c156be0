import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFileImage } from './useFileImage';

/** A signature or seal image by its file id, at most `height` pixels high. */
export function SignImage({ fileId, alt, height = 60 }: { fileId: string; alt: string; height?: number }) {
  const { t } = useTranslation();
  const image = useFileImage(fileId);
  if (image.isPending) return <Skeleton.Image active style={{ width: height * 2, height }} />;
  if (image.isError)
    return <Typography.Text type="secondary">{t('approval.sign.imageMissing')}</Typography.Text>;
  return <img src={image.data} alt={alt} style={{ maxHeight: height, maxWidth: '100%' }} />;
}
