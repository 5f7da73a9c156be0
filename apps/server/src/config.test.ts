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
    });
    expect(loadConfig({ PORT: '9000', PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe(
      'https://portal.example.com',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer from 0 to 65535, got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535, got "70000"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ SECRET_KEY: 'short' }, 'SECRET_KEY must have at least 32 characters'],
    [{ EIP_SEED_DEMO: 'maybe' }, 'EIP_SEED_DEMO must be true or false, got "maybe"'],
    [{ MOBILE_URL: 'javascript:alert(1)' }, 'MOBILE_URL must be an http:// or https:// address'],
    [{ SMTP_URL: 'mail.example.com:25' }, 'SMTP_URL must be an smtp:// or smtps:// address'],
    [{ PUBLIC_URL: 'portal.example.com' }, 'PUBLIC_URL must be an http:// or https:// address'],
    [
      { TRUST_PROXY: 'true' },
      'TRUST_PROXY must be a number of proxy hops or the proxies’ addresses, not true',
    ],
  ])('refuses a bad value at boot with a clear message: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
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
});
