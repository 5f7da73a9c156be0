import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchTenant, queryKeys, signInWithPassword } from '../../api/auth';
import { useSession } from '../../stores/session';

export interface Credentials {
  account: string;
  password: string;
}

/** The tenant named in the path: its id for signing in, its name and logo for the page. */
export const useTenant = (code: string) =>
  useQuery({ queryKey: queryKeys.tenant(code), queryFn: () => fetchTenant(code), staleTime: Infinity });

/** Signs in to a tenant; on success the token is stored and the guard takes the user on. */
export function useSignIn() {
  const signIn = useSession((state) => state.signIn);
  return useMutation({
    mutationFn: ({ tenantId, account, password }: Credentials & { tenantId: string }) =>
      signInWithPassword(tenantId, account.trim(), password),
    onSuccess: (result) => signIn(result.token),
  });
}
