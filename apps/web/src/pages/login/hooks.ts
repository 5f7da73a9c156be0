import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchTenant, queryKeys, sessionUserOf, signInWithPassword, type SignInResult } from '../../api/auth';
import { toast } from '../../app/feedback';
import { i18n } from '../../i18n';
import { useSession } from '../../stores/session';
import { dayPeriod } from '../home/greeting';

export interface Credentials {
  account: string;
  password: string;
}

/** The tenant named in the path: its id for signing in, its name and logo for the page. */
export const useTenant = (code: string) =>
  useQuery({ queryKey: queryKeys.tenant(code), queryFn: () => fetchTenant(code), staleTime: Infinity });

/** Stores the token and greets by the hour (spec §4); the guard then takes the user on. */
export function completeSignIn(result: SignInResult): void {
  useSession.getState().signIn(result.token, sessionUserOf(result));
  toast.success(
    i18n.t('login.greeting', {
      period: i18n.t(`greeting.${dayPeriod(new Date().getHours())}`),
      title: i18n.t('app.title'),
    }),
  );
}

/**
 * Signs in to a tenant. A result with loginStatus false (the password must be changed first) is answered
 * without signing in, so the page can ask for a new password.
 */
export function useSignIn() {
  return useMutation({
    mutationFn: ({ tenantId, account, password }: Credentials & { tenantId: string }) =>
      signInWithPassword(tenantId, account.trim(), password),
    onSuccess: (result) => {
      if (result.loginStatus !== false) completeSignIn(result);
    },
  });
}
