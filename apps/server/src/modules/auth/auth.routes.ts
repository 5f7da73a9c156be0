import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { changePasswordByAccount, login, modifyOwnPassword, signout } from './auth.service.js';
import { authorizeSso, logoutSso, publicSsoConfig, ssoSignIn } from './sso.service.js';
import { cookieValue, SSO_STATE_COOKIE, ssoStateCookie } from './sso-cookie.js';

export const authHandlers = (services: Services) =>
  defineHandlers({
    getPublicKey: async () => services.keys.publicKeyPem,
    getPasswordNonce: async () => services.passwordNonces.issue(),
    login: async ({ query, body }, ctx) =>
      login(services, { tenantId: query.tenantId, ...body }, ctx.ip, ctx.audit),
    getSsoConfig: async () => publicSsoConfig(services.config.sso),
    ssoAuthorize: async ({ query }, ctx) => {
      const { url, state } = await authorizeSso(services, query.service, ctx.ip, ctx.request.log);
      ctx.reply.header('set-cookie', ssoStateCookie(state, services.config.publicUrl));
      return url;
    },
    ssoLogout: async ({ query }, ctx) => logoutSso(services, query.service, ctx.request.log),
    ssoAuth: async ({ query }, ctx) => {
      ctx.reply.header('set-cookie', ssoStateCookie('', services.config.publicUrl));
      const browserState = cookieValue(ctx.request.headers.cookie, SSO_STATE_COOKIE);
      return ssoSignIn(services, { ...query, browserState }, ctx.audit, ctx.request.log);
    },
    signout: async (_input, ctx) => {
      ctx.audit.target = `userId=${ctx.auth.userId}`;
      return signout(services, ctx.auth);
    },
    changUserPsd: async ({ query, body }, ctx) =>
      changePasswordByAccount(services, { tenantId: query.tenantId, ...body }, ctx.ip, ctx.audit),
    modifiUserPsd: async ({ body }, ctx) => {
      ctx.audit.target = `userId=${ctx.auth.userId}`;
      return modifyOwnPassword(services, ctx.auth, body, ctx.ip);
    },
  });
