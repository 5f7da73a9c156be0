import { Type, type Static } from '@sinclair/typebox';
import { Empty, IdsQuery, Nothing, PageList, QueryFilter } from '../common.js';
import { PASSWORD_NONCE_PATTERN, PASSWORD_NONCE_SECONDS } from '../password.js';
import type { RouteSchemas } from './route-schemas.js';

const Id = Type.String({ minLength: 1, maxLength: 64 });
/**
 * A password (or `{nonce}:{password}`, getPasswordNonce) encrypted with the key of getPublicKey, base64
 * (RSA-OAEP: 344 characters for a 2048-bit key; or SM2). Each ciphertext is accepted once.
 */
const EncryptedPassword = Type.String({ minLength: 1, maxLength: 1024 });
const Account = Type.String({ minLength: 1, maxLength: 64 });

export const UserStatus = Type.Integer({
  description: '1 normal, 0 disabled, -1 not activated, any other value resigned (spec §4)',
});

export const User = Type.Object({
  id: Type.String(),
  account: Type.String(),
  fullname: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()]),
  sex: Type.Union([Type.String(), Type.Null()]),
  photo: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  status: UserStatus,
  tenantId: Type.String(),
  createTime: Type.String(),
});
export type User = Static<typeof User>;

export const PwdStrategy = Type.Object({
  enable: Type.Integer({ description: '1 on, 0 off' }),
  pwdRule: Type.Integer({
    description:
      '1 any, 2 digits and letters, 3 adds a special character, 4 digits, upper, lower and special',
  }),
  pwdLength: Type.Integer(),
});
export type PwdStrategy = Static<typeof PwdStrategy>;

export const UserPost = Type.Object({
  postId: Type.String(),
  postName: Type.String(),
  orgId: Type.String(),
  orgName: Type.String(),
  pathName: Type.String(),
  isMaster: Type.Boolean(),
});
export const UserOrg = Type.Object({
  orgId: Type.String(),
  orgName: Type.String(),
  pathName: Type.String(),
  isMaster: Type.Boolean(),
  isCharge: Type.Boolean(),
});

export const UserDetail = Type.Object({
  user: User,
  tenantCode: Type.String(),
  role: Type.String({ description: 'role names joined by |' }),
  roles: Type.Array(Type.Object({ id: Type.String(), code: Type.String(), name: Type.String() })),
  postList: Type.Array(UserPost),
  orgList: Type.Array(UserOrg),
  currentPostId: Type.Union([Type.String(), Type.Null()]),
  pwdStrategy: PwdStrategy,
});
export type UserDetail = Static<typeof UserDetail>;

export const LoginResult = Type.Object({
  token: Type.String(),
  username: Type.String({ description: 'full name' }),
  account: Type.String(),
  userId: Type.String(),
  loginStatus: Type.Boolean({ description: 'false: the password strategy requires a change first' }),
  expiration: Type.Integer({ description: 'seconds' }),
  userAttrs: Type.Object({ tenantId: Type.String(), tenantCode: Type.String() }),
});
export type LoginResult = Static<typeof LoginResult>;

export const SsoConfig = Type.Object({
  mode: Type.Union([Type.Literal('password'), Type.Literal('cas'), Type.Literal('oauth')]),
  ssoUrl: Type.Union([Type.String(), Type.Null()], {
    description: 'where single sign-on starts (null for password): the browser goes there with ?service=',
  }),
  logoutUrl: Type.Union([Type.String(), Type.Null()], {
    description: 'where sign-out also ends the single sign-on session (null for password), with ?service=',
  }),
});
export type SsoConfig = Static<typeof SsoConfig>;
const SsoService = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'the page single sign-on returns to (an address of this portal)',
});

const LogoFiles = (what: string) =>
  Type.Union([Type.String(), Type.Null()], {
    description: `${what}: a JSON list of files [{id, name}]; getTenantLogo serves them without a token`,
  });
export const Tenant = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  frontLogo: LogoFiles('the logo of the login page'),
  manageLogo: LogoFiles('the logo of the header'),
  ico: LogoFiles('the icon of the browser tab'),
});
export type Tenant = Static<typeof Tenant>;

export const Dimension = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  isDefault: Type.Boolean(),
});
export const Org = Type.Object({
  id: Type.String(),
  demId: Type.String(),
  parentId: Type.Union([Type.String(), Type.Null()]),
  code: Type.String(),
  name: Type.String(),
  path: Type.String({ description: 'ids from the root down, each followed by a dot (subtree filters)' }),
  pathName: Type.String(),
  grade: Type.Integer({ description: 'depth, 1 for roots' }),
  sn: Type.Integer(),
  isParent: Type.Boolean(),
});
export type Org = Static<typeof Org>;
export const Role = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  enabled: Type.Boolean(),
});
export const Job = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  level: Type.Integer(),
  description: Type.Union([Type.String(), Type.Null()]),
});
export const OrgPost = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  orgId: Type.String(),
  orgName: Type.String(),
  jobId: Type.Union([Type.String(), Type.Null()]),
  jobName: Type.Union([Type.String(), Type.Null()]),
});
export const UserWithMainOrgPost = Type.Composite([
  User,
  Type.Object({
    orgId: Type.Union([Type.String(), Type.Null()]),
    orgName: Type.Union([Type.String(), Type.Null()]),
    orgPathName: Type.Union([Type.String(), Type.Null()]),
    postId: Type.Union([Type.String(), Type.Null()]),
    postName: Type.Union([Type.String(), Type.Null()]),
    isCharge: Type.Boolean({ description: 'leads the main org' }),
  }),
]);
export const UserRights = Type.Object({
  roles: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  posts: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  orgs: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  groups: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});

export const ContactGroup = Type.Object({
  id: Type.String(),
  name: Type.String(),
  code: Type.String(),
  sn: Type.Integer(),
  memberCount: Type.Integer(),
  createTime: Type.String(),
});
export const ContactGroupUser = Type.Object({
  id: Type.String(),
  groupId: Type.String(),
  userId: Type.String(),
  account: Type.String(),
  fullname: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()]),
  sn: Type.Integer(),
});

/** Schemas of the auth and user routes (spec §7). */
export const authUserSchemas = {
  getPublicKey: {
    summary:
      'Public key (SPKI PEM) for encrypting passwords: RSA (RSA-OAEP/SHA-256), or SM2 under GM_MODE (GM/T 0009 ASN.1 ciphertext, C1C3C2)',
    value: Type.String({
      description: 'SPKI PEM; its algorithm (rsaEncryption or the SM2 curve) tells the client which to use',
    }),
  },
  getPasswordNonce: {
    summary: `A nonce to encrypt with one password as \`{nonce}:{password}\`: the nonce is accepted once, within ${PASSWORD_NONCE_SECONDS} seconds of this call. A bare password's ciphertext is also accepted once: a captured one replayed is refused`,
    value: Type.String({ pattern: PASSWORD_NONCE_PATTERN.source }),
  },
  login: {
    summary:
      'Sign in with account and password encrypted with the key of getPublicKey (RSA, or SM2 under GM_MODE)',
    query: Type.Object({ tenantId: Type.Optional(Type.String({ maxLength: 64 })) }),
    body: Type.Object({ username: Account, password: EncryptedPassword }),
    value: LoginResult,
  },
  getSsoConfig: {
    summary:
      'How users sign in (spec §2): password, or single sign-on by cas or oauth at ssoUrl, which takes the page to come back to as service',
    value: SsoConfig,
  },
  ssoAuthorize: {
    summary:
      'oauth: sends the browser to the OpenID Connect provider (authorization code with PKCE, state and nonce kept here, single-use); the code comes back to service. One client address may start at most 1,000 in 10 minutes (429)',
    query: Type.Object({ service: SsoService }),
    value: Type.String({ description: 'the provider’s authorization address (a 302, not an envelope)' }),
  },
  ssoLogout: {
    summary:
      'After sign-out: sends the browser to end the single sign-on session too (cas /logout, or the provider’s end_session_endpoint when it has one), then back to service',
    query: Type.Object({ service: SsoService }),
    value: Type.String({
      description: 'the address that ends the single sign-on session (a 302, not an envelope)',
    }),
  },
  ssoAuth: {
    summary:
      'Sign in by single sign-on (spec §7): a cas ticket, or an oauth code with its state, for the service it was issued to; answers as the password sign-in',
    query: Type.Object({
      service: SsoService,
      ticket: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'cas' })),
      code: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, description: 'oauth' })),
      state: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'oauth' })),
      iss: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'oauth (RFC 9207)' })),
    }),
    value: LoginResult,
  },
  signout: {
    summary: 'Sign out: the token is revoked',
    value: Nothing,
  },
  getByAccount: {
    summary: 'A user of the caller’s tenant by account (the caller when no account is given)',
    body: Type.Object({ account: Type.Optional(Account) }),
    value: User,
  },
  getDetailByAccountOrId: {
    summary: 'User detail: roles, posts, orgs and the password strategy',
    body: Type.Object({ accountOrId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
    value: UserDetail,
  },
  changUserPsd: {
    summary: 'Change a password by account and old password (used when sign-in requires a change)',
    query: Type.Object({ tenantId: Type.Optional(Type.String({ maxLength: 64 })) }),
    body: Type.Object({ account: Account, oldPwd: EncryptedPassword, newPwd: EncryptedPassword }),
    value: Nothing,
  },
  modifiUserPsd: {
    summary: 'The signed-in user changes their password (both encrypted with the key of getPublicKey)',
    body: Type.Object({ oldPwd: EncryptedPassword, newPwd: EncryptedPassword }),
    value: Nothing,
  },
  getDefaultPwdStrategy: {
    summary: 'The password strategy of the caller’s tenant (or of tenantId)',
    query: Type.Object({ tenantId: Type.Optional(Type.String({ maxLength: 64 })) }),
    value: PwdStrategy,
  },
  getTenantByCode: {
    summary: 'Tenant name and logos by code (login page)',
    query: Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) }),
    value: Tenant,
  },
  getTenantLogo: {
    summary:
      'A logo or icon file of a tenant (frontLogo, manageLogo, ico), without a token: only a file one of these lists names is served, nothing else',
    query: Type.Object({
      code: Type.String({ minLength: 1, maxLength: 64 }),
      fileId: Type.String({ minLength: 1, maxLength: 64 }),
    }),
    value: Type.Unknown({ description: 'the image itself, not wrapped in the envelope' }),
  },
} as const satisfies Record<string, RouteSchemas>;

/** Schemas of the directory routes (spec §7). */
export const directorySchemas = {
  queryUsersByType: {
    summary: 'Users, paged and filtered',
    body: QueryFilter,
    value: PageList(User),
  },
  queryUserWithMainOrgPost: {
    summary:
      'Users with their main org and post, paged and filtered; also by pinyin, pinyinInitials, orgPath (the main org’s path: RIGHT_LIKE for a subtree) and isCharge',
    body: QueryFilter,
    value: PageList(UserWithMainOrgPost),
  },
  getUserRightMapByIds: {
    summary: 'For each user id: roles, posts, orgs and groups',
    query: IdsQuery,
    value: Type.Record(Type.String(), UserRights),
  },
  getOrgsByParentAndDem: {
    summary: 'Child orgs of a parent in a dimension (roots when no parent)',
    body: Type.Object({ parentId: Type.Optional(Id), demId: Type.Optional(Id) }),
    value: Type.Array(Org),
  },
  getOrgPage: {
    summary: 'Orgs, paged and filtered',
    body: QueryFilter,
    value: PageList(Org),
  },
  getOrgListByUserId: {
    summary: 'The orgs a user belongs to',
    query: Type.Object({ userId: Id }),
    value: Type.Array(Org),
  },
  getRolePage: {
    summary: 'Roles, paged and filtered',
    body: QueryFilter,
    value: PageList(Role),
  },
  getJobPage: {
    summary: 'Jobs, paged and filtered',
    body: QueryFilter,
    value: PageList(Job),
  },
  getOrgPostPage: {
    summary: 'Posts with their org, paged and filtered',
    body: QueryFilter,
    value: PageList(OrgPost),
  },
  getDemListAll: {
    summary: 'All dimensions',
    body: Empty,
    value: Type.Array(Dimension),
  },
  getAllDems: {
    summary: 'All dimensions',
    value: Type.Array(Dimension),
  },
  queryGroups: {
    summary: 'The caller’s contact groups, paged and filtered',
    body: QueryFilter,
    value: PageList(ContactGroup),
  },
  saveGroup: {
    summary: 'Create or rename one of the caller’s contact groups',
    body: Type.Object({
      id: Type.Optional(Id),
      name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'not blank' }),
      code: Type.Optional(Type.String({ maxLength: 100 })),
      sn: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
    }),
    value: ContactGroup,
  },
  removeGroups: {
    summary: 'Delete contact groups of the caller (with their members)',
    query: IdsQuery,
    value: Type.Integer({ description: 'groups removed' }),
  },
  setPostCookie: {
    summary:
      'Switch the current post of this sign-in session (start rights and the initiator’s org follow it); one of the caller’s posts only, else 400',
    query: Type.Object({ postId: Id }),
    value: Nothing,
  },
  getGroupUsers: {
    summary: 'Members of one of the caller’s groups, paged, in their order',
    query: Type.Object({ groupId: Id }),
    body: QueryFilter,
    value: PageList(ContactGroupUser),
  },
  loadUserByGroupId: {
    summary: 'All members of one of the caller’s groups, in their order',
    query: Type.Object({ groupId: Id }),
    value: Type.Array(ContactGroupUser),
  },
  saveGroupUsers: {
    summary: 'Add users to one of the caller’s groups (already present ones are kept once)',
    body: Type.Object({ groupId: Id, userIds: Type.Array(Id, { minItems: 1, maxItems: 500 }) }),
    value: Type.Array(ContactGroupUser),
  },
  swapGroupUsers: {
    summary: 'Swap the order of two members of a group',
    body: Type.Object({ firstId: Id, secondId: Id }),
    value: Nothing,
  },
  removeGroupUsers: {
    summary: 'Remove members from the caller’s groups',
    query: IdsQuery,
    value: Type.Integer({ description: 'members removed' }),
  },
} as const satisfies Record<string, RouteSchemas>;
