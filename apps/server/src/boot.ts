import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, DEFAULT_DEMO_PASSWORD, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { configuredFileStore } from './files/store.js';
import { installProofKeys } from './modules/sign/proof.js';
import { loadMasterSecret } from './security/secret.js';
import { seedHome } from './seed/home.js';
import { fillMissingPinyin } from './modules/uc/user.repository.js';
import { isEmpty, seedDemo, usesDefaultDemoPassword } from './seed/seed.js';

/** The committed migrations: next to the sources in development, copied next to the bundle in dist. */
export function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.basename(here) === 'dist' ? path.join(here, 'drizzle') : path.join(here, '..', 'drizzle');
}

/**
 * Opens the database of the configuration, applies the migrations, seeds the demo tenants into an
 * empty database and gives every tenant without a portal home the standard one. In production a database still holding the published demo password is refused
 * unless EIP_ALLOW_DEMO_PASSWORDS says otherwise.
 */
export async function prepareDatabase(config: Config): Promise<{ database: Database; seeded: boolean }> {
  const database = await openDatabase({
    url: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    transactionPooler: config.databaseTransactionPooler,
    dataDir: config.dataDir,
    migrationsDir: migrationsDir(),
  });
  try {
    await database.migrate();
    await fillMissingPinyin(database.db);
    let seeded = false;
    if (config.seedDemo && (await isEmpty(database.db))) {
      // the demo's leave requests are signed at their leader node: the proofs need the server's key
      installProofKeys(loadMasterSecret(config.secretKey, config.dataDir), config.gmMode);
      await seedDemo(
        database.db,
        config.demoPassword,
        config.demoPassword === DEFAULT_DEMO_PASSWORD,
        configuredFileStore(config),
      );
      seeded = true;
    }
    await seedHome(database.db);
    if (config.production && !config.allowDemoPasswords && (await usesDefaultDemoPassword(database.db))) {
      throw new ConfigError(
        'NODE_ENV=production refuses a database whose demo users have the published demo password: ' +
          'change those passwords, or set EIP_ALLOW_DEMO_PASSWORDS=true to accept it explicitly',
      );
    }
    return { database, seeded };
  } catch (error) {
    await database.close();
    throw error;
  }
}
