import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { flowForms } from '../../db/schema.js';

export type FormRow = typeof flowForms.$inferSelect;

export async function findForm(
  db: Executor,
  tenantId: string,
  formKey: string,
): Promise<FormRow | undefined> {
  const [row] = await db
    .select()
    .from(flowForms)
    .where(and(eq(flowForms.tenantId, tenantId), eq(flowForms.formKey, formKey)));
  return row;
}

/** Creates the form of a key or replaces its schemas. */
export async function saveForm(
  db: Executor,
  tenantId: string,
  form: { formKey: string; name: string; schema: unknown; uiSchema: unknown },
) {
  await db
    .insert(flowForms)
    .values({ tenantId, id: newId(), ...form })
    .onConflictDoUpdate({
      target: [flowForms.tenantId, flowForms.formKey],
      set: { name: form.name, schema: form.schema, uiSchema: form.uiSchema, updatedAt: new Date() },
    });
}
