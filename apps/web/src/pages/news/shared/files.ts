import type { RouteQuery } from '@eip/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callBlob } from '../../../api/client';
import { contentKeys } from './kinds';

/** The longest side of a thumbnail, in pixels (image download), for pictures shown small. */
export type ThumbnailSize = NonNullable<RouteQuery<'downloadImage'>['thumbnail']>;

/**
 * A file the user may read, as an address the page can show (the download carries the bearer token); with
 * `thumbnail` an image's thumbnail no larger than that.
 */
const fetchFileUrl = async (fileId: string, thumbnail?: ThumbnailSize) =>
  URL.createObjectURL(
    thumbnail
      ? await callBlob('downloadImage', { query: { fileId, thumbnail }, silent: true })
      : await callBlob('downloadFile', { query: { fileId }, silent: true }),
  );

const FILE_QUERY = { staleTime: Infinity, gcTime: 10 * 60_000, retry: false } as const;

export const fileUrl = (queryClient: QueryClient, fileId: string) =>
  queryClient.fetchQuery({
    queryKey: [...contentKeys.file(fileId), 'original'],
    queryFn: () => fetchFileUrl(fileId),
    ...FILE_QUERY,
  });

export const useFileUrl = (fileId: string | null | undefined, thumbnail?: ThumbnailSize) =>
  useQuery({
    queryKey: [...contentKeys.file(fileId ?? ''), thumbnail ?? 'original'],
    queryFn: () => fetchFileUrl(fileId!, thumbnail),
    enabled: Boolean(fileId),
    ...FILE_QUERY,
  });
