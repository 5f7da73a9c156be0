import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchPublicKey,
  fetchTenant,
  queryKeys,
  signInWithPassword,
  type SignInResult,
  type Tenant,
} from '../../api/auth';
import { toast } from '../../app/feedback';
import { keepToken } from '../../app/signIn';
import { i18n } from '../../i18n';
import { dayPeriod } from '../home/greeting';

export interface Credentials {
  account: string;
  password: string;
}

const tenantQuery = (code: string) => ({
  queryKey: queryKeys.tenant(code),
  queryFn: () => fetchTenant(code),
  staleTime: Infinity,
});

const publicKeyQuery = { queryKey: queryKeys.publicKey, queryFn: fetchPublicKey, staleTime: Infinity };

/** The tenant named in the path: its id for signing in, its name and logo for the page. */
export const useTenant = (code: string) => useQuery(tenantQuery(code));

/**
 * The public key, fetched beside the page's first paint: only a sign-in needs it, and then it is at hand.
 * Its failure is not shown here: a sign-in asks again and shows why.
 */
export const usePublicKey = () => useQuery(publicKeyQuery);

/** Keeps the token once its user is known, and greets by the hour (spec §4); the guard then takes the user on. */
async function completeSignIn(result: SignInResult): Promise<void> {
  await keepToken(result.token);
  toast.success(
    i18n.t('login.greeting', {
      period: i18n.t(`greeting.${dayPeriod(new Date().getHours())}`),
      title: i18n.t('app.title'),
    }),
  );
}

/**
 * Signs in to the tenant of `tenantCode`; the tenant and the public key are asked for only if they have not
 * arrived yet. A result with loginStatus false (the password must be changed first) is answered without
 * signing in, so the page can ask for a new password. The failures of spec §8 (登录接口异常…, 验证失败…,
 * 用户信息接口异常) reject the mutation with their message.
 */
export function useSignIn(tenantCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ account, password }: Credentials): Promise<SignInResult & { tenant: Tenant }> => {
      const [tenant, publicKey] = await Promise.all([
        queryClient.fetchQuery(tenantQuery(tenantCode)),
        queryClient.fetchQuery(publicKeyQuery),
      ]);
      const result = await signInWithPassword(tenant.id, account.trim(), password, publicKey);
      if (result.loginStatus !== false) await completeSignIn(result);
      return { ...result, tenant };
    },
  });
}
