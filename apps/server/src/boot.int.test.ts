import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { prepareDatabase } from './boot.js';
import { loadConfig } from './config.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe.runIf(inject('engine') === 'pglite')('start-up on an empty embedded database', () => {
  it('migrates and seeds once; production then refuses the published demo password unless allowed', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eip-boot-'));
    dirs.push(dataDir);
    const first = await prepareDatabase(loadConfig({ DATA_DIR: dataDir }));
    expect(first.seeded).toBe(true);
    await first.database.close();
    const again = await prepareDatabase(loadConfig({ DATA_DIR: dataDir }));
    expect(again.seeded).toBe(false);
    await again.database.close();
    await expect(
      prepareDatabase(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', EIP_SEED_DEMO: 'false' })),
    ).rejects.toThrow(/demo users have the published demo password/);
    const allowed = await prepareDatabase(
      loadConfig({
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        EIP_SEED_DEMO: 'false',
        EIP_ALLOW_DEMO_PASSWORDS: 'true',
      }),
    );
    await allowed.database.close();
    // a fresh embedded database is opened four times and migrated and seeded once: slower than one call
  }, 120_000);
});
