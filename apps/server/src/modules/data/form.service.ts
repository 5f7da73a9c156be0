import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import * as repo from './data.repository.js';
import { draftOf, toRecord } from './record.service.js';
import { buttonPermissions, formOf, loadTemplateOf, requireButton } from './template.service.js';

const BUTTON_OF_ACTION = { add: 'add', edit: 'edit', get: 'detail' } as const;

/**
 * The form of a template's record for an action (add, edit or get, each needing its button), with the
 * record (id or recordId) and the caller's draft (dataKey) when named.
 */
export async function templateForm(
  db: Db,
  auth: AuthContext,
  templateAlias: string,
  boAlias: string,
  query: { id?: string; action?: 'add' | 'edit' | 'get'; recordId?: string; dataKey?: string },
) {
  const loaded = await loadTemplateOf(db, auth, templateAlias, boAlias);
  const action = query.action ?? ((query.id ?? query.recordId) ? 'get' : 'add');
  await requireButton(db, auth, loaded, BUTTON_OF_ACTION[action]);
  const id = query.id ?? query.recordId;
  const row = id ? await repo.findRecord(db, auth.tenantId, boAlias, id) : undefined;
  if (id && !row) throw notFound('data.recordNotFound', { id });
  return {
    template: loaded.template,
    bo: loaded.bo,
    form: await formOf(db, auth, loaded.template.formKey),
    permissions: await buttonPermissions(db, auth, loaded.template),
    record: row ? toRecord(row) : null,
    draft: query.dataKey ? await draftOf(db, auth, query.dataKey) : null,
  };
}
