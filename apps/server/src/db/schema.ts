import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Every tenant-owned table is keyed by tenant_id first, so a distribution by tenant needs no change.
 * Ids are strings (32-hex time-ordered UUIDs, see ids.ts); times are timestamptz.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const tenants = pgTable('tenant', {
  id: text('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  frontLogo: text('front_logo'),
  manageLogo: text('manage_logo'),
  ico: text('ico'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});

export const users = pgTable(
  'uc_user',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    account: text('account').notNull(),
    fullname: text('fullname').notNull(),
    passwordHash: text('password_hash').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    sex: text('sex'),
    photo: text('photo'),
    address: text('address'),
    /** the full name in pinyin without tones, e.g. zhangwei (null until computed: see uc/pinyin.ts) */
    pinyin: text('pinyin'),
    /** the initials of the full name in pinyin, e.g. zw: the directory searches by them */
    pinyinInitials: text('pinyin_initials'),
    /** 1 normal, 0 disabled, -1 not activated, any other value resigned (spec §4) */
    status: integer('status').notNull().default(1),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** the password strategy asks for a change before going on (login answers loginStatus false) */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** raised on every password change: tokens carry it, so older tokens stop working */
    passwordVersion: integer('password_version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('uc_user_account_idx').on(t.tenantId, sql`lower(${t.account})`),
    index('uc_user_account_page_idx').on(t.tenantId, t.account, t.id),
    index('uc_user_fullname_idx').on(t.tenantId, t.fullname),
  ],
);

export const dimensions = pgTable(
  'uc_demension',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('uc_demension_code_idx').on(t.tenantId, t.code),
  ],
);

export const orgs = pgTable(
  'uc_org',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    demId: text('dem_id').notNull(),
    parentId: text('parent_id'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** ids from the root down, each followed by '.', for subtree queries */
    path: text('path').notNull(),
    pathName: text('path_name').notNull(),
    grade: integer('grade').notNull(),
    sn: integer('sn').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('uc_org_code_idx').on(t.tenantId, t.code),
    index('uc_org_parent_idx').on(t.tenantId, t.demId, t.parentId),
  ],
);

export const jobs = pgTable(
  'uc_job',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    level: integer('level').notNull().default(0),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('uc_job_code_idx').on(t.tenantId, t.code)],
);

export const posts = pgTable(
  'uc_post',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    orgId: text('org_id').notNull(),
    jobId: text('job_id'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('uc_post_code_idx').on(t.tenantId, t.code),
    index('uc_post_org_idx').on(t.tenantId, t.orgId),
  ],
);

/** A user's membership of an org, optionally in a post; isMaster marks the main org, isCharge a leader. */
export const orgUsers = pgTable(
  'uc_org_user',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    orgId: text('org_id').notNull(),
    userId: text('user_id').notNull(),
    postId: text('post_id'),
    isMaster: boolean('is_master').notNull().default(false),
    isCharge: boolean('is_charge').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('uc_org_user_user_idx').on(t.tenantId, t.userId),
    index('uc_org_user_org_idx').on(t.tenantId, t.orgId),
  ],
);

export const roles = pgTable(
  'uc_role',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('uc_role_code_idx').on(t.tenantId, t.code),
  ],
);

export const userRoles = pgTable(
  'uc_user_role',
  {
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id').notNull(),
    roleId: text('role_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.roleId] }),
    index('uc_user_role_role_idx').on(t.tenantId, t.roleId),
  ],
);

/** A user's own contact group (favourite contacts). */
export const contactGroups = pgTable(
  'uc_group',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    ownerId: text('owner_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sn: integer('sn').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('uc_group_owner_idx').on(t.tenantId, t.ownerId)],
);

export const contactGroupUsers = pgTable(
  'uc_group_user',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    groupId: text('group_id').notNull(),
    userId: text('user_id').notNull(),
    sn: integer('sn').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('uc_group_user_member_idx').on(t.tenantId, t.groupId, t.userId),
  ],
);

/** A leader's secretary: acts on the leader's tasks (the workflow issue adds its calls). */
export const secretaries = pgTable(
  'bpm_secretary',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    leaderId: text('leader_id').notNull(),
    secretaryId: text('secretary_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('bpm_secretary_pair_idx').on(t.tenantId, t.leaderId, t.secretaryId),
    index('bpm_secretary_secretary_idx').on(t.tenantId, t.secretaryId),
  ],
);

export const pwdStrategies = pgTable('uc_pwd_strategy', {
  tenantId: text('tenant_id').primaryKey(),
  enable: integer('enable').notNull().default(0),
  pwdRule: integer('pwd_rule').notNull().default(1),
  pwdLength: integer('pwd_length').notNull().default(6),
  /** 1: a user created with the initial password must change it at first sign-in */
  initChange: integer('init_change').notNull().default(0),
});

export const menus = pgTable(
  'sys_menu',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    parentId: text('parent_id'),
    /** the menu tree this item belongs to, e.g. front_menu */
    menuAlias: text('menu_alias').notNull(),
    alias: text('alias').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sn: integer('sn').notNull().default(0),
    path: text('path').notNull(),
    menuUrl: text('menu_url'),
    href: text('href'),
    routeExtend: text('route_extend'),
    component: text('component').notNull(),
    menuIcon: text('menu_icon'),
    tabsStyle: text('tabs_style'),
    activeTab: text('active_tab'),
    affix: boolean('affix').notNull().default(false),
    noKeepAlive: boolean('no_keep_alive').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sys_menu_alias_idx').on(t.tenantId, t.alias),
    index('sys_menu_tree_idx').on(t.tenantId, t.menuAlias, t.parentId),
  ],
);

/** A menu with rows here is shown only to holders of one of these roles; without rows, to everyone. */
export const menuRoles = pgTable(
  'sys_menu_role',
  {
    tenantId: text('tenant_id').notNull(),
    menuId: text('menu_id').notNull(),
    roleId: text('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.menuId, t.roleId] })],
);

export const methods = pgTable(
  'sys_method',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sys_method_alias_idx').on(t.tenantId, t.alias),
  ],
);

export const methodRoles = pgTable(
  'sys_method_role',
  {
    tenantId: text('tenant_id').notNull(),
    methodId: text('method_id').notNull(),
    roleId: text('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.methodId, t.roleId] })],
);

/** What an audit record says, in the trail and in its archive alike. */
const auditRecordColumns = () => ({
  tenantId: text('tenant_id'),
  userId: text('user_id'),
  account: text('account'),
  action: text('action').notNull(),
  target: text('target'),
  clientIp: text('client_ip'),
  /** success, noop (succeeded, changed nothing), or failure:{code} */
  result: text('result').notNull(),
  requestId: text('request_id'),
  /**
   * the record's link in its tenant's chain (audit-chain.ts): `sha256:` or `sm3:` (GM_MODE) and the hex hash of
   * the link before it and this record; null on records older than the chain
   */
  hash: text('hash'),
});

/** Append-only: a trigger in the migrations refuses UPDATE, DELETE and TRUNCATE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...auditRecordColumns(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_tenant_time_idx').on(t.tenantId, t.createdAt)],
);

/** The newest link of each tenant's audit chain ('' for records of no tenant): appending locks it. */
export const auditChainHeads = pgTable('audit_chain_head', {
  chain: text('chain').primaryKey(),
  hash: text('hash').notNull(),
});

/**
 * Audit records past the retention (AUDIT_RETENTION_DAYS, never under 180 days), moved out of audit_log by the
 * periodic archiving as they were. Append-only too: a trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLogArchive = pgTable(
  'audit_log_archive',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    ...auditRecordColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_archive_tenant_time_idx').on(t.tenantId, t.createdAt)],
);

/** Tokens signed out before they expire; rows past expiry may be purged. */
export const revokedTokens = pgTable('auth_revoked_token', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A sign-in session: when its token was last used (issue 14's idle timeout; written at most once a minute) and
 * the post chosen in it; removed with the token's lifetime by the periodic session cleanup.
 */
export const sessionActivity = pgTable('auth_session_activity', {
  jti: text('jti').primaryKey(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** the post chosen for this session (spec §7 setCookie?postId); null: the user's main post */
  postId: text('post_id'),
});

/**
 * Single sign-on in flight and done (issue 14): an oauth sign-in started (`state:{state}`, with its PKCE
 * verifier and nonce, deleted when its code comes back) and each cas ticket used (`ticket:{sha-256}`), so
 * neither serves twice. Rows past expiry are purged by the session cleanup.
 */
export const ssoHandshakes = pgTable(
  'auth_sso_handshake',
  {
    key: text('key').primaryKey(),
    service: text('service').notNull(),
    codeVerifier: text('code_verifier'),
    nonce: text('nonce'),
    /** the client address that started an oauth sign-on (each may keep only so many open) */
    address: text('address'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_sso_handshake_address_idx').on(t.address, t.expiresAt)],
);

/**
 * Password ciphertexts already opened (security/password-transport.ts), by SHA-256 digest, until they
 * would be refused anyway: each is accepted once.
 */
export const usedPasswordCiphertexts = pgTable(
  'auth_used_password_ciphertext',
  {
    digest: text('digest').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('auth_used_password_ciphertext_expires_idx').on(table.expiresAt)],
);

/** Failed sign-ins per key ("account:{tenant}:{account}" or "ip:{address}"), for slowing and locking. */
export const loginFailures = pgTable('auth_login_failure', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Process-wide settings and secrets shared by every server process (the RSA key pair, ...). */
export const systemSettings = pgTable('sys_setting', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export * from './content.schema.js';
export * from './home.schema.js';
export * from './mail.schema.js';
export * from './flow.schema.js';
export * from './misc.schema.js';
export * from './personal.schema.js';
export * from './sign.schema.js';
export * from './system.schema.js';
export * from './data.schema.js';
export * from './distribution.schema.js';
export * from './query.schema.js';
