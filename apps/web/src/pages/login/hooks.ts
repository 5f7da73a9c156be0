import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchTenant, queryKeys, signInWithPassword, type SignInResult } from '../../api/auth';
import { toast } from '../../app/feedback';
import { keepToken } from '../../app/signIn';
import { i18n } from '../../i18n';
import { dayPeriod } from '../home/greeting';

export interface Credentials {
  account: string;
  password: string;
}

/** The tenant named in the path: its id for signing in, its name and logo for the page. */
export const useTenant = (code: string) =>
  useQuery({ queryKey: queryKeys.tenant(code), queryFn: () => fetchTenant(code), staleTime: Infinity });

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
 * Signs in to a tenant. A result with loginStatus false (the password must be changed first) is answered
 * without signing in, so the page can ask for a new password. The failures of spec §8 (登录接口异常…,
 * 验证失败…, 用户信息接口异常) reject the mutation with their message.
 */
export function useSignIn() {
  return useMutation({
    mutationFn: async ({ tenantId, account, password }: Credentials & { tenantId: string }) => {
      const result = await signInWithPassword(tenantId, account.trim(), password);
      if (result.loginStatus !== false) await completeSignIn(result);
      return result;
    },
  });
}
