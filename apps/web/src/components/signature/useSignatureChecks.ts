import type { SignatureCheck } from '@eip/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useSession } from '../../stores/session';
import { useActingFor } from '../approval/actingFor';

export const signatureCheckKey = (instId: string) => ['sign', 'checks', instId] as const;

/** 验证签名 of a request: every signature with whether the data it signed is unchanged (not for a guest). */
export function useSignatureChecks(instId: string | undefined) {
  const leaderId = useActingFor();
  const guest = useSession((state) => state.guestUrl !== null);
  return useQuery({
    queryKey: signatureCheckKey(instId ?? ''),
    queryFn: () => call('verifySignatures', { query: { instId: instId!, leaderId }, silent: true }),
    enabled: Boolean(instId) && !guest,
    staleTime: 30_000,
  });
}

/** The check of one stored entry, found by its field, signer and time. */
export const checkOf = (
  checks: SignatureCheck[] | undefined,
  field: string,
  entry: { userId: string; createTime: string },
) => checks?.find((c) => c.field === field && c.userId === entry.userId && c.createTime === entry.createTime);
