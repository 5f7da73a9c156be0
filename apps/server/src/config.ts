import path from 'node:path';

/** The default password of every demo user when EIP_DEMO_PASSWORD is not set (README). */
export const DEFAULT_DEMO_PASSWORD = 'Demo@2026';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** unset: the embedded database (PGlite) in `{dataDir}/pg` */
  databaseUrl: string | undefined;
  /** a direct connection for LISTEN and migrations when DATABASE_URL goes through a pooler */
  databaseDirectUrl: string | undefined;
  /** DATABASE_URL is a transaction-mode pooler (PgBouncer): no named prepared statements */
  databaseTransactionPooler: boolean;
  /** how often a live push stream sends a heartbeat */
  pushHeartbeatSeconds: number;
  /** signs tokens and encrypts secrets at rest; unset: generated into `{dataDir}/secret.key` */
  secretKey: string | undefined;
  /** 国密 (GM_MODE): SM2 password transport and signature proofs, SM3 hashes, SM4 secrets at rest */
  gmMode: boolean;
  tokenTtlSeconds: number;
  production: boolean;
  demoPassword: string;
  allowDemoPasswords: boolean;
  seedDemo: boolean;
  webDistDir: string;
  logLevel: string;
  bodyLimitBytes: number;
  /** the largest uploaded file */
  fileLimitBytes: number;
  /** how many bytes of files one user may keep */
  fileQuotaBytes: number;
  /** the office-to-PDF converter of previews (LibreOffice's soffice); null: office documents are not previewed */
  officeConverter: { command: string; timeoutMs: number; concurrency: number } | null;
  /** failed sign-ins for one account or address before answers are slowed, and before it is locked */
  loginSlowAfter: number;
  loginLockAfter: number;
  loginLockMinutes: number;
  /** a sign-in token unused this long is refused (code 402); the absolute lifetime is tokenTtlSeconds */
  sessionIdleMinutes: number;
  /** audit records older than this many days move to audit_log_archive (never under 180: 等保 2.0) */
  auditRetentionDays: number;
  /** a task lock (lockUnlock) ends by itself this long after it was taken */
  taskLockMinutes: number;
  /** failed sign-ins from one client address before it is locked (many staff may share one address) */
  loginAddressLockAfter: number;
  /** where phones are sent (spec §1), when a mobile portal exists */
  mobileUrl: string | null;
  /** false, or how many proxy hops to trust, or the proxies' addresses (comma-separated) */
  trustProxy: false | number | string;
  /** the SMTP server notification mail goes out through (smtp:// or smtps://); unset: no mail is sent */
  smtpUrl: string | null;
  /** the sender of notification mail */
  mailFrom: string;
  /** the address users reach the portal at, for links in mail */
  publicUrl: string;
  /** single sign-on (spec §2, issue 14); null: users sign in with their password only */
  sso: SsoConfig | null;
  /** where uploaded files keep their bytes: the data directory, or an object store every process shares */
  fileStore: FileStoreConfig;
}

export type FileStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** unset: the AWS endpoint of the region */
      endpoint: string | undefined;
      bucket: string;
      region: string;
      /** unset: the SDK's own sources (AWS_* variables, an instance role) */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

interface SsoCommon {
  /** the claim (oauth) or attribute (cas; `user` is the CAS user itself) naming the account */
  accountClaim: string;
  /** who may still sign in with a password while single sign-on is on */
  passwordSignIn: 'admins' | 'everyone';
}
export type SsoConfig =
  | (SsoCommon & { mode: 'cas'; casUrl: string })
  | (SsoCommon & { mode: 'oauth'; issuer: string; clientId: string; clientSecret: string | null });

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function httpUrl(env: Env, name: string): string | null {
  const raw = env[name];
  if (!raw) return null;
  if (!/^https?:\/\/\S+$/.test(raw)) throw new ConfigError(`${name} must be an http:// or https:// address`);
  return raw;
}

function smtpUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  if (!/^smtps?:\/\/\S+$/.test(raw)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// address');
  return raw;
}

/**
 * Which X-Forwarded-For entries to believe: a number of hops, or the proxies' addresses. Trusting any
 * sender would let a client choose its own address (and slip past the sign-in throttle).
 */
function trustProxy(raw: string | undefined): false | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw === 'true') {
    throw new ConfigError('TRUST_PROXY must be a number of proxy hops or the proxies’ addresses, not true');
  }
  return raw;
}

/** OFFICE_CONVERTER and its limits; the limits are checked even when no converter is set. */
function officeConverter(env: Env): Config['officeConverter'] {
  const timeoutMs = integer(env, 'OFFICE_TIMEOUT_SECONDS', 60, 1, 3600) * 1000;
  const concurrency = integer(env, 'OFFICE_CONCURRENCY', 1, 1, 32);
  const command = env.OFFICE_CONVERTER?.trim();
  if (!command) return null;
  if (/[\r\n\0]/.test(command)) throw new ConfigError('OFFICE_CONVERTER must be one program name or path');
  return { command, timeoutMs, concurrency };
}

const CAS_SETTINGS = ['CAS_URL'];
const OIDC_SETTINGS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'];

/** An SSO address: http(s), and https in production (tickets and codes must not cross the network in clear). */
function ssoUrl(env: Env, name: string, mode: string, production: boolean): string {
  const url = httpUrl(env, name);
  if (!url) throw new ConfigError(`SSO_MODE=${mode} needs ${name}`);
  if (production && !url.startsWith('https://')) {
    throw new ConfigError(`${name} must be an https:// address when NODE_ENV=production`);
  }
  return url.replace(/\/+$/, '');
}

/**
 * SSO_MODE and the settings of its kind; a setting of the other kind, or a missing one, stops the start. Sign-in
 * comes back only to pages under PUBLIC_URL, so single sign-on needs it set (the default would refuse every one).
 */
function sso(env: Env, production: boolean): SsoConfig | null {
  const settings = ssoSettings(env, production);
  if (settings && !env.PUBLIC_URL) {
    throw new ConfigError(
      `SSO_MODE=${settings.mode} needs PUBLIC_URL, the address users reach the portal at`,
    );
  }
  return settings;
}

function ssoSettings(env: Env, production: boolean): SsoConfig | null {
  const mode = env.SSO_MODE || undefined;
  const stray = (names: string[]) => names.find((name) => env[name]);
  if (mode !== undefined && mode !== 'cas' && mode !== 'oauth') {
    throw new ConfigError(`SSO_MODE must be cas or oauth (or unset for passwords only), got "${mode}"`);
  }
  const strayName = stray([
    ...(mode === 'cas' ? [] : CAS_SETTINGS),
    ...(mode === 'oauth' ? [] : OIDC_SETTINGS),
  ]);
  if (strayName) {
    throw new ConfigError(
      `${strayName} is set but SSO_MODE is ${mode ?? 'unset'}: set SSO_MODE or remove ${strayName}`,
    );
  }
  if (mode === undefined) {
    const extra = stray(['SSO_ACCOUNT_CLAIM', 'SSO_PASSWORD_SIGNIN']);
    if (extra) throw new ConfigError(`${extra} is set but SSO_MODE is unset`);
    return null;
  }
  const passwordSignIn = env.SSO_PASSWORD_SIGNIN || 'admins';
  if (passwordSignIn !== 'admins' && passwordSignIn !== 'everyone') {
    throw new ConfigError(`SSO_PASSWORD_SIGNIN must be admins or everyone, got "${passwordSignIn}"`);
  }
  const accountClaim = env.SSO_ACCOUNT_CLAIM?.trim() || (mode === 'cas' ? 'user' : 'preferred_username');
  if (mode === 'cas') {
    return { mode, casUrl: ssoUrl(env, 'CAS_URL', mode, production), accountClaim, passwordSignIn };
  }
  const clientId = env.OIDC_CLIENT_ID?.trim();
  if (!clientId) throw new ConfigError('SSO_MODE=oauth needs OIDC_CLIENT_ID');
  return {
    mode,
    issuer: ssoUrl(env, 'OIDC_ISSUER', mode, production),
    clientId,
    clientSecret: env.OIDC_CLIENT_SECRET || null,
    accountClaim,
    passwordSignIn,
  };
}

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
];

/** FILE_STORE and, for s3, its settings: a missing one, or an S3_ setting without FILE_STORE=s3, stops the start. */
function fileStore(env: Env): FileStoreConfig {
  const kind = env.FILE_STORE || 'local';
  if (kind !== 'local' && kind !== 's3') {
    throw new ConfigError(`FILE_STORE must be local or s3, got "${kind}"`);
  }
  if (kind === 'local') {
    const stray = S3_SETTINGS.find((name) => env[name]);
    if (stray)
      throw new ConfigError(`${stray} is set but FILE_STORE is not s3: set FILE_STORE=s3 or remove ${stray}`);
    return { kind };
  }
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new ConfigError('FILE_STORE=s3 needs S3_BUCKET');
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if (accessKeyId && !secretAccessKey)
    throw new ConfigError('S3_ACCESS_KEY_ID is set: FILE_STORE=s3 needs S3_SECRET_ACCESS_KEY too');
  if (secretAccessKey && !accessKeyId)
    throw new ConfigError('S3_SECRET_ACCESS_KEY is set: FILE_STORE=s3 needs S3_ACCESS_KEY_ID too');
  const endpoint = httpUrl(env, 'S3_ENDPOINT') ?? undefined;
  return {
    kind,
    endpoint,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
  };
}

/** Reads and checks the environment once at boot; a bad value stops the start with a clear message. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const production = env.NODE_ENV === 'production';
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const databaseDirectUrl = env.DATABASE_DIRECT_URL || undefined;
  if (databaseDirectUrl && !/^postgres(ql)?:\/\//.test(databaseDirectUrl)) {
    throw new ConfigError('DATABASE_DIRECT_URL must start with postgres:// or postgresql://');
  }
  const pooler = env.DATABASE_POOLER || 'session';
  if (pooler !== 'session' && pooler !== 'transaction') {
    throw new ConfigError(`DATABASE_POOLER must be session or transaction, got "${pooler}"`);
  }
  const secretKey = env.SECRET_KEY || undefined;
  if (secretKey !== undefined && secretKey.length < 32) {
    throw new ConfigError('SECRET_KEY must have at least 32 characters');
  }
  const demoPassword = env.EIP_DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
  const allowDemoPasswords = flag(env, 'EIP_ALLOW_DEMO_PASSWORDS', !production);
  const seedDemo = flag(env, 'EIP_SEED_DEMO', true);
  if (production && seedDemo && demoPassword === DEFAULT_DEMO_PASSWORD && !allowDemoPasswords) {
    throw new ConfigError(
      'NODE_ENV=production refuses the published demo password: set EIP_DEMO_PASSWORD, ' +
        'or EIP_SEED_DEMO=false, or EIP_ALLOW_DEMO_PASSWORDS=true to accept it explicitly',
    );
  }
  const dataDir = path.resolve(cwd, env.DATA_DIR || 'data');
  const port = integer(env, 'PORT', 8080, 0, 65535);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    databaseDirectUrl,
    databaseTransactionPooler: pooler === 'transaction',
    pushHeartbeatSeconds: integer(env, 'PUSH_HEARTBEAT_SECONDS', 15, 1, 300),
    secretKey,
    gmMode: flag(env, 'GM_MODE', false),
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', 604800, 60, 31536000),
    production,
    demoPassword,
    allowDemoPasswords,
    seedDemo,
    webDistDir: path.resolve(cwd, env.WEB_DIST_DIR || 'apps/web/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    fileLimitBytes: integer(env, 'FILE_LIMIT_BYTES', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    fileQuotaBytes: integer(env, 'FILE_QUOTA_BYTES', 1024 * 1024 * 1024, 1024, 2 ** 50),
    officeConverter: officeConverter(env),
    loginSlowAfter: integer(env, 'LOGIN_SLOW_AFTER', 3, 1, 1000),
    loginLockAfter: integer(env, 'LOGIN_LOCK_AFTER', 5, 1, 1000),
    loginLockMinutes: integer(env, 'LOGIN_LOCK_MINUTES', 15, 1, 1440),
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 30, 1, 525600),
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 180, 180, 36500),
    taskLockMinutes: integer(env, 'TASK_LOCK_MINUTES', 30, 1, 10080),
    loginAddressLockAfter: integer(env, 'LOGIN_ADDRESS_LOCK_AFTER', 50, 1, 100000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    mobileUrl: httpUrl(env, 'MOBILE_URL'),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'EIP Portal <no-reply@eip.localhost>',
    publicUrl: (httpUrl(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    sso: sso(env, production),
    fileStore: fileStore(env),
  };
}
