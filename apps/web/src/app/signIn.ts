import { queryKeys, sessionUserOf, userOfToken, type UserDetail } from '../api/auth';
import { useSession } from '../stores/session';
import { preloadSignedIn } from './preload';
import { queryClient } from './queryClient';

/**
 * Spec §4, §8: keeps a new token (from the login page, the address or single sign-on) once the server has
 * named its user; rejects with 用户信息接口异常 or 验证失败，请重新登录... otherwise, keeping nothing. Beside
 * that check, the first page after sign-in gets ready — its code and the user's menu — so it shows at once.
 */
export async function keepToken(token: string): Promise<UserDetail> {
  const routes = import('./routes/load');
  const ready = Promise.all([
    preloadSignedIn(),
    routes.then(({ prefetchMenuRoutes }) => prefetchMenuRoutes(queryClient, token)).catch(() => undefined),
  ]);
  let detail: UserDetail;
  try {
    detail = await userOfToken(token);
  } catch (error) {
    await ready;
    (await routes).forgetMenuRoutes(queryClient);
    throw error;
  }
  await ready;
  useSession.getState().signIn(token, sessionUserOf(detail));
  queryClient.setQueryData(queryKeys.currentUser, detail);
  return detail;
}
