import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callBlob } from '../../../api/client';
import { contentKeys } from './kinds';

/** A file the user may read, as an address the page can show (the download carries the bearer token). */
const fetchFileUrl = async (fileId: string) =>
  URL.createObjectURL(await callBlob('downloadFile', { query: { fileId }, silent: true }));

const FILE_QUERY = { staleTime: Infinity, gcTime: 10 * 60_000, retry: false } as const;

export const fileUrl = (queryClient: QueryClient, fileId: string) =>
  queryClient.fetchQuery({
    queryKey: contentKeys.file(fileId),
    queryFn: () => fetchFileUrl(fileId),
    ...FILE_QUERY,
  });

export const useFileUrl = (fileId: string | null | undefined) =>
  useQuery({
    queryKey: contentKeys.file(fileId ?? ''),
    queryFn: () => fetchFileUrl(fileId!),
    enabled: Boolean(fileId),
    ...FILE_QUERY,
  });
