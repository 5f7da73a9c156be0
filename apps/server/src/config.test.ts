import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from './config.js';

describe('configuration', () => {
  it('has the defaults of the README: port 8080, ./data, the embedded database', () => {
    const config = loadConfig({}, '/srv/eip');
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/eip/data',
      databaseUrl: undefined,
      tokenTtlSeconds: 604800,
      demoPassword: DEFAULT_DEMO_PASSWORD,
      seedDemo: true,
      production: false,
      smtpUrl: null,
      publicUrl: 'http://localhost:8080',
      fileLimitBytes: 20 * 1024 * 1024,
      fileQuotaBytes: 1024 * 1024 * 1024,
      officeConverter: null,
      gmMode: false,
    });
    expect(loadConfig({ GM_MODE: 'true' }).gmMode).toBe(true);
    expect(loadConfig({ PORT: '9000', PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe(
      'https://portal.example.com',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer from 0 to 65535, got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535, got "70000"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ DATABASE_DIRECT_URL: 'db:5432' }, 'DATABASE_DIRECT_URL must start with postgres:// or postgresql://'],
    [{ DATABASE_POOLER: 'statement' }, 'DATABASE_POOLER must be session or transaction, got "statement"'],
    [{ SECRET_KEY: 'short' }, 'SECRET_KEY must have at least 32 characters'],
    [{ EIP_SEED_DEMO: 'maybe' }, 'EIP_SEED_DEMO must be true or false, got "maybe"'],
    [{ GM_MODE: 'sm2' }, 'GM_MODE must be true or false, got "sm2"'],
    [{ MOBILE_URL: 'javascript:alert(1)' }, 'MOBILE_URL must be an http:// or https:// address'],
    [{ SMTP_URL: 'mail.example.com:25' }, 'SMTP_URL must be an smtp:// or smtps:// address'],
    [{ PUBLIC_URL: 'portal.example.com' }, 'PUBLIC_URL must be an http:// or https:// address'],
    [
      { FILE_QUOTA_BYTES: '10MB' },
      'FILE_QUOTA_BYTES must be an integer from 1024 to 1125899906842624, got "10MB"',
    ],
    [
      { OFFICE_CONVERTER: 'soffice', OFFICE_TIMEOUT_SECONDS: '0' },
      'OFFICE_TIMEOUT_SECONDS must be an integer from 1 to 3600, got "0"',
    ],
    [{ OFFICE_CONCURRENCY: '100' }, 'OFFICE_CONCURRENCY must be an integer from 1 to 32, got "100"'],
    [
      { TRUST_PROXY: 'true' },
      'TRUST_PROXY must be a number of proxy hops or the proxies’ addresses, not true',
    ],
  ])('refuses a bad value at boot with a clear message: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('previews office documents through the converter OFFICE_CONVERTER names, with its limits', () => {
    expect(
      loadConfig({
        OFFICE_CONVERTER: ' /usr/bin/soffice ',
        OFFICE_TIMEOUT_SECONDS: '30',
        OFFICE_CONCURRENCY: '2',
        FILE_QUOTA_BYTES: '1048576',
      }),
    ).toMatchObject({
      officeConverter: { command: '/usr/bin/soffice', timeoutMs: 30_000, concurrency: 2 },
      fileQuotaBytes: 1048576,
    });
    expect(loadConfig({ OFFICE_CONVERTER: 'soffice' }).officeConverter).toEqual({
      command: 'soffice',
      timeoutMs: 60_000,
      concurrency: 1,
    });
  });

  it('NODE_ENV=production refuses the published demo password unless told explicitly', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/refuses the published demo password/);
    expect(loadConfig({ NODE_ENV: 'production', EIP_DEMO_PASSWORD: 'Own#Secret2027' }).demoPassword).toBe(
      'Own#Secret2027',
    );
    expect(loadConfig({ NODE_ENV: 'production', EIP_ALLOW_DEMO_PASSWORDS: 'true' }).allowDemoPasswords).toBe(
      true,
    );
    expect(loadConfig({ NODE_ENV: 'production', EIP_SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  describe('single sign-on (issue 14)', () => {
    const PUBLIC_URL = 'https://eip.example.com';

    it('is off unless SSO_MODE is set: passwords only', () => {
      expect(loadConfig({}).sso).toBeNull();
    });

    it('reads cas with its server address, the CAS user as the account by default', () => {
      expect(
        loadConfig({ SSO_MODE: 'cas', CAS_URL: 'https://cas.example.com/cas/', PUBLIC_URL }).sso,
      ).toEqual({
        mode: 'cas',
        casUrl: 'https://cas.example.com/cas',
        accountClaim: 'user',
        passwordSignIn: 'admins',
      });
      expect(
        loadConfig({
          SSO_MODE: 'cas',
          CAS_URL: 'https://cas.example.com',
          SSO_ACCOUNT_CLAIM: 'employeeNo',
          PUBLIC_URL,
        }).sso,
      ).toMatchObject({ accountClaim: 'employeeNo' });
    });

    it('reads oauth with its issuer and client, preferred_username as the account by default', () => {
      expect(
        loadConfig({
          SSO_MODE: 'oauth',
          OIDC_ISSUER: 'https://id.example.com/',
          OIDC_CLIENT_ID: 'eip',
          OIDC_CLIENT_SECRET: 's3cret',
          SSO_PASSWORD_SIGNIN: 'everyone',
          PUBLIC_URL,
        }).sso,
      ).toEqual({
        mode: 'oauth',
        issuer: 'https://id.example.com',
        clientId: 'eip',
        clientSecret: 's3cret',
        accountClaim: 'preferred_username',
        passwordSignIn: 'everyone',
      });
      expect(
        loadConfig({
          SSO_MODE: 'oauth',
          OIDC_ISSUER: 'https://id.example.com',
          OIDC_CLIENT_ID: 'eip',
          PUBLIC_URL,
        }).sso,
      ).toMatchObject({ clientSecret: null });
    });

    it.each([
      [{ SSO_MODE: 'saml' }, 'SSO_MODE must be cas or oauth (or unset for passwords only), got "saml"'],
      [{ SSO_MODE: 'cas' }, 'SSO_MODE=cas needs CAS_URL'],
      [{ SSO_MODE: 'cas', CAS_URL: 'cas.example.com' }, 'CAS_URL must be an http:// or https:// address'],
      [{ SSO_MODE: 'oauth', OIDC_CLIENT_ID: 'eip' }, 'SSO_MODE=oauth needs OIDC_ISSUER'],
      [{ SSO_MODE: 'oauth', OIDC_ISSUER: 'https://id.example.com' }, 'SSO_MODE=oauth needs OIDC_CLIENT_ID'],
      [
        { CAS_URL: 'https://cas.example.com' },
        'CAS_URL is set but SSO_MODE is unset: set SSO_MODE or remove CAS_URL',
      ],
      [
        { SSO_MODE: 'cas', CAS_URL: 'https://cas.example.com', OIDC_ISSUER: 'https://id.example.com' },
        'OIDC_ISSUER is set but SSO_MODE is cas: set SSO_MODE or remove OIDC_ISSUER',
      ],
      [{ SSO_ACCOUNT_CLAIM: 'email' }, 'SSO_ACCOUNT_CLAIM is set but SSO_MODE is unset'],
      [
        { SSO_MODE: 'cas', CAS_URL: 'https://cas.example.com' },
        'SSO_MODE=cas needs PUBLIC_URL, the address users reach the portal at',
      ],
      [
        { SSO_MODE: 'cas', CAS_URL: 'https://cas.example.com', SSO_PASSWORD_SIGNIN: 'nobody' },
        'SSO_PASSWORD_SIGNIN must be admins or everyone, got "nobody"',
      ],
      [
        {
          NODE_ENV: 'production',
          EIP_SEED_DEMO: 'false',
          SSO_MODE: 'cas',
          CAS_URL: 'http://cas.example.com',
        },
        'CAS_URL must be an https:// address when NODE_ENV=production',
      ],
    ])('refuses a bad combination at boot with a clear message: %j', (env, message) => {
      expect(() => loadConfig(env)).toThrow(new ConfigError(message));
    });
  });

  describe('file store (issue 16)', () => {
    const s3 = { FILE_STORE: 's3', S3_BUCKET: 'eip-files' };

    it('keeps files in the data directory unless FILE_STORE=s3', () => {
      expect(loadConfig({}).fileStore).toEqual({ kind: 'local' });
      expect(loadConfig({ FILE_STORE: 'local' }).fileStore).toEqual({ kind: 'local' });
    });

    it('reads s3 with its bucket, region us-east-1 and path-style addresses for an endpoint of its own', () => {
      expect(
        loadConfig({
          ...s3,
          S3_ENDPOINT: 'http://127.0.0.1:9000',
          S3_ACCESS_KEY_ID: 'key',
          S3_SECRET_ACCESS_KEY: 'secret',
        }).fileStore,
      ).toEqual({
        kind: 's3',
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'eip-files',
        region: 'us-east-1',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
      });
      // AWS itself: the region's endpoint, virtual-hosted addresses, the SDK's own credentials
      expect(loadConfig({ ...s3, S3_REGION: 'eu-west-1' }).fileStore).toEqual({
        kind: 's3',
        endpoint: undefined,
        bucket: 'eip-files',
        region: 'eu-west-1',
        credentials: undefined,
        forcePathStyle: false,
      });
      expect(
        loadConfig({ ...s3, S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' }).fileStore,
      ).toMatchObject({ forcePathStyle: false });
    });

    it.each([
      [{ FILE_STORE: 'nfs' }, 'FILE_STORE must be local or s3, got "nfs"'],
      [{ FILE_STORE: 's3' }, 'FILE_STORE=s3 needs S3_BUCKET'],
      [{ ...s3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http:// or https:// address'],
      [
        { ...s3, S3_ACCESS_KEY_ID: 'key' },
        'S3_ACCESS_KEY_ID is set: FILE_STORE=s3 needs S3_SECRET_ACCESS_KEY too',
      ],
      [
        { ...s3, S3_SECRET_ACCESS_KEY: 'secret' },
        'S3_SECRET_ACCESS_KEY is set: FILE_STORE=s3 needs S3_ACCESS_KEY_ID too',
      ],
      [{ ...s3, S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE must be true or false, got "maybe"'],
      [
        { S3_BUCKET: 'eip-files' },
        'S3_BUCKET is set but FILE_STORE is not s3: set FILE_STORE=s3 or remove S3_BUCKET',
      ],
    ])('refuses a bad file store at boot with a clear message: %j', (env, message) => {
      expect(() => loadConfig(env)).toThrow(new ConfigError(message));
    });
  });
});
