import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationsDir } from '../boot.js';
import { openDatabase, queryRows } from './client.js';

/**
 * Upgrades of a database that holds data: what a migration does to the rows already there. They run on the
 * embedded database whatever the project's engine, so only the PGlite project runs them.
 */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'eip-migrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Each test builds a database from nothing and migrates it twice: slow on a busy machine (30 s seen in CI). */
const FRESH_DATABASE_MS = 120_000;

/** The committed migrations up to (not including) the one tagged `before`. */
function migrationsBefore(before: string): string {
  const dir = path.join(scratch, `until-${before}`);
  cpSync(migrationsDir(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === before);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

describe.runIf(inject('engine') === 'pglite')('migration 0011_definition_forms', () => {
  it(
    'gives each version deployed before it the forms its flow and its nodes refer to, of its own tenant only',
    async () => {
      const dataDir = path.join(scratch, 'db');
      const old = await openDatabase({ dataDir, migrationsDir: migrationsBefore('0011_definition_forms') });
      await old.migrate();
      await old.db.execute(sql`
      insert into bpm_form (tenant_id, id, form_key, name, schema, ui_schema) values
        ('t1', 'f1', 'leave', '请假单', '{"type":"object","properties":{"days":{"type":"number"}}}', '{"days":{}}'),
        ('t1', 'f2', 'unused', '无关', '{"type":"object","properties":{}}', '{}'),
        ('t1', 'f4', 'review', '审核单', '{"type":"object","properties":{}}', '{}'),
        ('t2', 'f3', 'leave', '别家的请假单', '{"type":"object","properties":{}}', '{}')`);
      await old.db.execute(sql`
      insert into bpm_definition (tenant_id, id, def_key, name, version, is_main, bpmn_xml, settings) values
        ('t1', 'd1', 'leave', '请假', 1, true, '<x/>', '{"global":{"form":{"formKey":"leave"}},"nodes":{}}'),
        ('t1', 'd2', 'plain', '无表单', 1, true, '<x/>', '{"nodes":{"A":{}}}'),
        ('t1', 'd3', 'review', '审核', 1, true, '<x/>', '{"nodes":{"A":{},"B":{"form":{"formKey":"review"}}}}')`);
      await old.close();

      const upgraded = await openDatabase({ dataDir, migrationsDir: migrationsDir() });
      await upgraded.migrate();
      const rows = await queryRows<{ id: string; forms: unknown }>(
        upgraded.db,
        sql`select id, forms from bpm_definition order by id`,
      );
      await upgraded.close();
      expect(rows).toEqual([
        {
          id: 'd1',
          forms: {
            leave: {
              name: '请假单',
              schema: { type: 'object', properties: { days: { type: 'number' } } },
              uiSchema: { days: {} },
            },
          },
        },
        { id: 'd2', forms: {} },
        {
          id: 'd3',
          forms: { review: { name: '审核单', schema: { type: 'object', properties: {} }, uiSchema: {} } },
        },
      ]);
    },
    FRESH_DATABASE_MS,
  );
});

describe.runIf(inject('engine') === 'pglite')('migration 0012_file_links', () => {
  it(
    'links the attachments of opinions written before it to their instance, once each',
    async () => {
      const dataDir = path.join(scratch, 'db-links');
      const old = await openDatabase({ dataDir, migrationsDir: migrationsBefore('0012_file_links') });
      await old.migrate();
      const file = (id: string) => ({ name: `${id}.txt`, response: { fileId: id, fileName: `${id}.txt` } });
      await old.db.execute(sql`
      insert into bpm_opinion (tenant_id, id, instance_id, node_id, task_name, status, qualfieds, files) values
        ('t1', 'o1', 'i1', 'A', '审批', 'agree', '[]', ${JSON.stringify([file('f1'), file('f2')])}::jsonb),
        ('t1', 'o2', 'i1', 'B', '复核', 'agree', '[]', ${JSON.stringify([file('f1')])}::jsonb),
        ('t1', 'o3', 'i2', 'A', '审批', 'agree', '[]', '[]'),
        ('t2', 'o4', 'i9', 'A', '审批', 'agree', '[]', ${JSON.stringify([file('f1')])}::jsonb)`);
      await old.close();

      const upgraded = await openDatabase({ dataDir, migrationsDir: migrationsDir() });
      await upgraded.migrate();
      const rows = await queryRows<{
        tenant_id: string;
        file_id: string;
        owner_type: string;
        owner_id: string;
      }>(
        upgraded.db,
        sql`select tenant_id, file_id, owner_type, owner_id from sys_file_link order by tenant_id, file_id`,
      );
      await upgraded.close();
      expect(rows).toEqual([
        { tenant_id: 't1', file_id: 'f1', owner_type: 'flowInstance', owner_id: 'i1' },
        { tenant_id: 't1', file_id: 'f2', owner_type: 'flowInstance', owner_id: 'i1' },
        { tenant_id: 't2', file_id: 'f1', owner_type: 'flowInstance', owner_id: 'i9' },
      ]);
    },
    FRESH_DATABASE_MS,
  );
});
