import { PictureOutlined } from '@ant-design/icons';
import { Flex, Skeleton, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useFileUrl, type ThumbnailSize } from './files';

/**
 * An image of the portal's files (a cover), fetched with the user's token — as a thumbnail when it is shown
 * small; a placeholder while it loads.
 */
export function AuthImage({
  fileId,
  alt,
  style,
  thumbnail,
}: {
  fileId: string;
  alt: string;
  style?: CSSProperties;
  thumbnail?: ThumbnailSize;
}) {
  const { token } = theme.useToken();
  const url = useFileUrl(fileId, thumbnail);
  const box: CSSProperties = {
    objectFit: 'cover',
    borderRadius: token.borderRadius,
    display: 'block',
    ...style,
  };
  if (url.data) return <img src={url.data} alt={alt} style={box} />;
  if (url.isPending) return <Skeleton.Image active style={box} />;
  return (
    <Flex
      align="center"
      justify="center"
      style={{ ...box, background: token.colorFillTertiary }}
      role="img"
      aria-label={alt}
    >
      <PictureOutlined aria-hidden style={{ fontSize: 32, color: token.colorTextSecondary }} />
    </Flex>
  );
}
