import { route } from './route.js';

/** Auth and user (spec §7) */
export const authUserRoutes = {
  getPublicKey: route({
    method: 'GET',
    group: 'auth',
    path: 'base/tools/v1/getPublicKey',
    access: 'public',
    summary: 'RSA public key (SPKI PEM) for encrypting passwords with RSA-OAEP/SHA-256',
  }),
  login: route({
    method: 'POST',
    group: 'auth',
    path: 'auth',
    access: 'public',
    audit: 'auth.login',
    summary: 'Sign in with account and RSA-encrypted password',
  }),
  signout: route({
    method: 'GET',
    group: 'auth',
    path: 'signout',
    access: 'user',
    audit: 'auth.signout',
    summary: 'Sign out: the token is revoked',
  }),
  getByAccount: route({
    method: 'POST',
    group: 'uc',
    path: 'user/getByAccount',
    access: 'user',
    summary: 'A user of the caller’s tenant by account (the caller when no account is given)',
  }),
  getDetailByAccountOrId: route({
    method: 'POST',
    group: 'uc',
    path: 'user/getDetailByAccountOrId',
    access: 'user',
    summary: 'User detail: roles, posts, orgs and the password strategy',
  }),
  changUserPsd: route({
    method: 'POST',
    group: 'uc',
    path: 'user/changUserPsd',
    access: 'public',
    audit: 'user.changePassword',
    summary: 'Change a password by account and old password (used when sign-in requires a change)',
  }),
  modifiUserPsd: route({
    method: 'POST',
    group: 'uc',
    path: 'api/user/v1/user/modifiUserPsd',
    access: 'user',
    audit: 'user.modifyPassword',
    summary: 'The signed-in user changes their password (both RSA-encrypted)',
  }),
  getDefaultPwdStrategy: route({
    method: 'GET',
    group: 'uc',
    path: 'api/pwdStrategy/v1/getDefault',
    access: 'optional',
    summary: 'The password strategy of the caller’s tenant (or of tenantId)',
  }),
  getTenantByCode: route({
    method: 'GET',
    group: 'uc',
    path: 'uc/tenantManage/v1/getTenantByCode',
    access: 'public',
    summary: 'Tenant name and logos by code (login page)',
  }),
};
