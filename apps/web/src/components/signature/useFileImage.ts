import { useQuery } from '@tanstack/react-query';
import { callBlob } from '../../api/client';

/**
 * A signature or seal image the user may see, as an address an `<img>` can show (the download carries the
 * bearer token). Images never change under their id, so each is fetched once.
 */
export const useFileImage = (fileId: string | null | undefined) =>
  useQuery({
    queryKey: ['sign', 'image', fileId],
    queryFn: async () =>
      URL.createObjectURL(await callBlob('downloadFile', { query: { fileId: fileId! }, silent: true })),
    enabled: Boolean(fileId),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
