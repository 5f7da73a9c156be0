import type { MailContact, MailLinkman, QueryFilter } from '@eip/contracts';
import { and, asc, count, eq, ilike, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { mailLinkmen, users } from '../../db/schema.js';

const COLUMNS: FilterColumns = {
  name: { sql: mailLinkmen.name, type: 'string' },
  mailAddress: { sql: mailLinkmen.mailAddress, type: 'string' },
  createTime: { sql: mailLinkmen.createdAt, type: 'date' },
};
/** How many people getMailAndUserData answers. */
export const CONTACTS_MAX = 50;

const toLinkman = (row: typeof mailLinkmen.$inferSelect): MailLinkman => ({
  id: row.id,
  name: row.name,
  mailAddress: row.mailAddress,
  createTime: row.createdAt.toISOString(),
});

const ownedBy = (tenantId: string, userId: string) =>
  and(eq(mailLinkmen.tenantId, tenantId), eq(mailLinkmen.userId, userId));

export async function queryLinkmen(db: Executor, tenantId: string, userId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, COLUMNS, {
    defaultSort: [asc(mailLinkmen.name), asc(mailLinkmen.id)],
  });
  const where = and(ownedBy(tenantId, userId), q.where);
  const rows = await db
    .select()
    .from(mailLinkmen)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toLinkman), () => db.select({ n: count() }).from(mailLinkmen).where(where));
}

export async function saveLinkman(
  db: Executor,
  key: { tenantId: string; userId: string; id: string; isNew: boolean },
  values: { name: string; mailAddress: string },
) {
  const [row] = key.isNew
    ? await db
        .insert(mailLinkmen)
        .values({ tenantId: key.tenantId, userId: key.userId, id: key.id, ...values })
        .returning()
    : await db
        .update(mailLinkmen)
        .set(values)
        .where(and(ownedBy(key.tenantId, key.userId), eq(mailLinkmen.id, key.id)))
        .returning();
  return row && toLinkman(row);
}

export async function removeLinkmen(db: Executor, tenantId: string, userId: string, ids: string[]) {
  const rows = await db
    .delete(mailLinkmen)
    .where(and(ownedBy(tenantId, userId), inArray(mailLinkmen.id, ids)))
    .returning({ id: mailLinkmen.id });
  return rows.length;
}

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The caller's contacts, then the tenant's active users with an e-mail, whose name or address contains `query`. */
export async function contactsMatching(db: Executor, tenantId: string, userId: string, query: string) {
  const like = escapeLike(query.trim());
  const linkmen = await db
    .select()
    .from(mailLinkmen)
    .where(
      and(ownedBy(tenantId, userId), or(ilike(mailLinkmen.name, like), ilike(mailLinkmen.mailAddress, like))),
    )
    .orderBy(asc(mailLinkmen.name))
    .limit(CONTACTS_MAX);
  const people = await db
    .select({ id: users.id, name: users.fullname, mailAddress: users.email })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.status, 1),
        isNotNull(users.email),
        ne(users.email, ''),
        or(ilike(users.fullname, like), ilike(users.email, like), ilike(users.account, like)),
      ),
    )
    .orderBy(asc(users.fullname))
    .limit(CONTACTS_MAX);
  const contacts: MailContact[] = [
    ...linkmen.map((l) => ({
      id: l.id,
      name: l.name,
      mailAddress: l.mailAddress,
      source: 'linkman' as const,
    })),
    ...people.map((p) => ({ id: p.id, name: p.name, mailAddress: p.mailAddress!, source: 'user' as const })),
  ];
  const seen = new Set<string>();
  return contacts
    .filter((c) => {
      const address = c.mailAddress.toLowerCase();
      if (seen.has(address)) return false;
      seen.add(address);
      return true;
    })
    .slice(0, CONTACTS_MAX);
}
