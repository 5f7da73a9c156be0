import type { FlowSettings } from '@eip/contracts/flow';
import { and, desc, eq, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { flowDefinitions, type DefinitionForm } from '../../db/schema.js';

export type DefinitionRow = typeof flowDefinitions.$inferSelect;

export async function insertVersion(
  db: Executor,
  tenantId: string,
  input: {
    defKey: string;
    name: string;
    flowType: string | null;
    bpmnXml: string;
    settings: FlowSettings;
    forms: Record<string, DefinitionForm>;
    createdBy: string | null;
  },
): Promise<DefinitionRow> {
  const [last] = await db
    .select({ version: max(flowDefinitions.version) })
    .from(flowDefinitions)
    .where(and(eq(flowDefinitions.tenantId, tenantId), eq(flowDefinitions.defKey, input.defKey)));
  await db
    .update(flowDefinitions)
    .set({ isMain: false })
    .where(and(eq(flowDefinitions.tenantId, tenantId), eq(flowDefinitions.defKey, input.defKey)));
  const [row] = await db
    .insert(flowDefinitions)
    .values({ tenantId, id: newId(), version: (last?.version ?? 0) + 1, isMain: true, ...input })
    .returning();
  return row!;
}

export async function findDefinition(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(flowDefinitions)
    .where(and(eq(flowDefinitions.tenantId, tenantId), eq(flowDefinitions.id, id)));
  return row;
}

/** Whether the version is its flow's main one now (a redeploy makes an older one not main). */
export async function isMainVersion(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ isMain: flowDefinitions.isMain })
    .from(flowDefinitions)
    .where(and(eq(flowDefinitions.tenantId, tenantId), eq(flowDefinitions.id, id)));
  return row?.isMain === true;
}

export async function findMainByKey(db: Executor, tenantId: string, defKey: string) {
  const [row] = await db
    .select()
    .from(flowDefinitions)
    .where(
      and(
        eq(flowDefinitions.tenantId, tenantId),
        eq(flowDefinitions.defKey, defKey),
        eq(flowDefinitions.isMain, true),
      ),
    )
    .orderBy(desc(flowDefinitions.version))
    .limit(1);
  return row;
}

export async function listMainDefinitions(db: Executor, tenantId: string) {
  return db
    .select({
      id: flowDefinitions.id,
      defKey: flowDefinitions.defKey,
      name: flowDefinitions.name,
      version: flowDefinitions.version,
      flowType: flowDefinitions.flowType,
      createdAt: flowDefinitions.createdAt,
    })
    .from(flowDefinitions)
    .where(and(eq(flowDefinitions.tenantId, tenantId), eq(flowDefinitions.isMain, true)))
    .orderBy(flowDefinitions.flowType, flowDefinitions.name);
}
