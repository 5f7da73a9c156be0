import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Electronic signatures and seals (spec §2–§7): a person's signature, the organisation's seals, their use. */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A user's handwritten signature (an image in the file store) and signing password (a slow hash). */
export const signProfiles = pgTable(
  'sign_profile',
  {
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id').notNull(),
    signatureFileId: text('signature_file_id'),
    passwordHash: text('password_hash'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);

/** A seal (公章, 合同专用章, a name seal): its image, and who may use it (users, or the leaders of orgs). */
export const signSeals = pgTable(
  'sign_seal',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    /** official (公章), contract (合同专用章), personal (a person's name seal) */
    kind: text('kind').notNull(),
    fileId: text('file_id').notNull(),
    userIds: jsonb('user_ids').$type<string[]>().notNull().default([]),
    leaderOrgIds: jsonb('leader_org_ids').$type<string[]>().notNull().default([]),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/**
 * Every signature or seal handed out by getElectronicSeal, and where it was placed: the audit of seal use
 * (who, which form, which record, when). A signature entry on a form must name an unused grant of its
 * signer, so an image id cannot be placed without the seal call (and its password).
 */
export const signGrants = pgTable(
  'sign_grant',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    /** null: the user's own signature */
    sealId: text('seal_id'),
    fileId: text('file_id').notNull(),
    /** whether the signing password was given (a field that is not secretFree needs it) */
    passwordChecked: boolean('password_checked').notNull(),
    issuedAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    instanceId: text('instance_id'),
    taskId: text('task_id'),
    nodeId: text('node_id'),
    formKey: text('form_key'),
    field: text('field'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sign_grant_user_idx').on(t.tenantId, t.userId, t.issuedAt),
    index('sign_grant_seal_idx').on(t.tenantId, t.sealId),
  ],
);
