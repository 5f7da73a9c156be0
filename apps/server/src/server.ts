import { buildApp } from './app.js';
import { prepareDatabase } from './boot.js';
import { ConfigError, loadConfig } from './config.js';
import { configuredFileStore } from './files/store.js';
import { schedulePeriodicJob } from './jobs/queue.js';
import { startJobRunner } from './jobs/runner.js';
import { createMailer } from './mail/mailer.js';
import { SESSION_CLEANUP_EVERY_MS, sessionJobHandlers } from './modules/auth/session-cleanup.js';
import { bpmJobHandlers } from './modules/bpm/jobs.js';
import { CLEANUP_EVERY_MS, fileJobHandlers } from './modules/portal/file-cleanup.js';
import { mailJobHandlers } from './modules/mail/sync.js';
import { AUDIT_ARCHIVE_EVERY_MS, auditJobHandlers } from './modules/audit/audit-archive.js';
import { mailKeyOf } from './modules/mail/password.js';
import { looselyProtected, restrictNewFiles } from './security/data-dir.js';
import { PLATFORM, SECOND_TENANT } from './seed/demo-data.js';

const SHUTDOWN_GRACE_MS = 10_000;
/** How often due jobs (timers, service-task calls) are looked for. */
const JOB_POLL_MS = 1_000;

function demoAccounts(password: string): string {
  const line = (tenant: string, account: string, name: string) =>
    `  ${tenant.padEnd(10)} ${account.padEnd(10)} ${name}`;
  const platformAccounts = ['admin', 'zhangwei', 'wangfang', 'liuyang', 'zhaolei', 'xuhui', 'zhuting'];
  return [
    `Demo accounts (password: ${password}):`,
    ...PLATFORM.users
      .filter((u) => platformAccounts.includes(u.account))
      .map((u) => line('platform', u.account, u.fullname)),
    line(SECOND_TENANT.code, 'admin', SECOND_TENANT.users[0]!.fullname),
    '  (all accounts: README.md)',
  ].join('\n');
}

async function main() {
  const config = loadConfig();
  restrictNewFiles();
  const { database, seeded } = await prepareDatabase(config);
  const app = await buildApp({ config, database });
  const loose = looselyProtected(config.dataDir);
  if (loose.length)
    app.log.warn(
      { paths: loose },
      'others may read or write these data files: chmod -R go-rwx the data directory',
    );
  const mailer = createMailer(config);
  if (!mailer) app.log.info('SMTP_URL is not set: nodes that notify by mail leave inner messages instead');
  else if (!process.env.PUBLIC_URL)
    app.log.warn(`PUBLIC_URL is not set: links in mail lead to ${config.publicUrl}`);
  await schedulePeriodicJob(database.db, 'file.cleanup', new Date(Date.now() + CLEANUP_EVERY_MS));
  await schedulePeriodicJob(database.db, 'session.cleanup', new Date(Date.now() + SESSION_CLEANUP_EVERY_MS));
  await schedulePeriodicJob(database.db, 'audit.archive', new Date(Date.now() + AUDIT_ARCHIVE_EVERY_MS));
  const handlers = {
    ...bpmJobHandlers({ mailer, publicUrl: config.publicUrl }),
    ...fileJobHandlers(configuredFileStore(config)),
    ...sessionJobHandlers(),
    ...mailJobHandlers(mailKeyOf(config)),
    ...auditJobHandlers(config.auditRetentionDays),
  };
  const jobs = startJobRunner(database.db, handlers, {
    intervalMs: JOB_POLL_MS,
    onError: (error) => app.log.error({ err: error }, 'job round failed'),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    try {
      await jobs.stop();
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = `http://localhost:${config.port}/eipFront/`;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  process.stdout.write(
    `\nEIP Portal is running at ${address}\nDatabase: ${where}${seeded ? ' (demo tenants seeded)' : ''}\n` +
      `API documentation: http://localhost:${config.port}/docs\n${config.seedDemo ? demoAccounts(config.production ? '(EIP_DEMO_PASSWORD)' : config.demoPassword) : ''}\n\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
