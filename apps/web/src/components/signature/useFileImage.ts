import { useQuery } from '@tanstack/react-query';
import { callBlob } from '../../api/client';
import { useSession } from '../../stores/session';

/**
 * A signature or seal image the user may see, as an address an `<img>` can show (the download carries the
 * bearer token). Images never change under their id, so each is fetched once. A shared request's guest gets
 * none (the download is the signed-in users' own).
 */
export function useFileImage(fileId: string | null | undefined) {
  const guest = useSession((state) => state.guestUrl !== null);
  return useQuery({
    queryKey: ['sign', 'image', fileId],
    queryFn: async () =>
      URL.createObjectURL(await callBlob('downloadFile', { query: { fileId: fileId! }, silent: true })),
    enabled: Boolean(fileId) && !guest,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
}
