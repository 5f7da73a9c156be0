import { queryKeys, sessionUserOf, userOfToken, type UserDetail } from '../api/auth';
import { useSession } from '../stores/session';
import { queryClient } from './queryClient';

/**
 * Spec §4, §8: keeps a new token (from the login page, the address or single sign-on) once the server has
 * named its user; rejects with 用户信息接口异常 or 验证失败，请重新登录... otherwise, keeping nothing.
 */
export async function keepToken(token: string): Promise<UserDetail> {
  const detail = await userOfToken(token);
  useSession.getState().signIn(token, sessionUserOf(detail));
  queryClient.setQueryData(queryKeys.currentUser, detail);
  return detail;
}
