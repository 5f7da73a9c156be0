import { route } from './route.js';

/** Auth and user (spec §7) */
export const authUserRoutes = {
  getPublicKey: route({
    method: 'GET',
    group: 'auth',
    path: 'base/tools/v1/getPublicKey',
    access: 'public',
  }),
  getPasswordNonce: route({
    method: 'GET',
    group: 'auth',
    path: 'base/tools/v1/getPasswordNonce',
    access: 'public',
  }),
  login: route({
    method: 'POST',
    group: 'auth',
    path: 'auth',
    access: 'public',
    audit: 'auth.login',
  }),
  getSsoConfig: route({
    method: 'GET',
    group: 'auth',
    path: 'sso/config',
    access: 'public',
  }),
  ssoAuthorize: route({
    method: 'GET',
    group: 'auth',
    path: 'sso/authorize',
    access: 'public',
    kind: 'redirect',
  }),
  ssoLogout: route({
    method: 'GET',
    group: 'auth',
    path: 'sso/logout',
    access: 'public',
    kind: 'redirect',
  }),
  ssoAuth: route({
    method: 'GET',
    group: 'auth',
    path: 'sso/auth',
    access: 'public',
    audit: 'auth.login',
  }),
  signout: route({
    method: 'GET',
    group: 'auth',
    path: 'signout',
    access: 'user',
    audit: 'auth.signout',
  }),
  getByAccount: route({
    method: 'POST',
    group: 'uc',
    path: 'user/getByAccount',
    access: 'user',
  }),
  getDetailByAccountOrId: route({
    method: 'POST',
    group: 'uc',
    path: 'user/getDetailByAccountOrId',
    access: 'user',
  }),
  changUserPsd: route({
    method: 'POST',
    group: 'uc',
    path: 'user/changUserPsd',
    access: 'public',
    audit: 'user.changePassword',
  }),
  modifiUserPsd: route({
    method: 'POST',
    group: 'uc',
    path: 'api/user/v1/user/modifiUserPsd',
    access: 'user',
    audit: 'user.modifyPassword',
  }),
  getDefaultPwdStrategy: route({
    method: 'GET',
    group: 'uc',
    path: 'api/pwdStrategy/v1/getDefault',
    access: 'optional',
  }),
  getTenantByCode: route({
    method: 'GET',
    group: 'uc',
    path: 'uc/tenantManage/v1/getTenantByCode',
    access: 'public',
  }),
  getTenantLogo: route({
    method: 'GET',
    group: 'uc',
    path: 'uc/tenantManage/v1/getTenantLogo',
    access: 'public',
    kind: 'download',
  }),
};
