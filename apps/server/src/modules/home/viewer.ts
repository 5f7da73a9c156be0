import { PORTAL_DESIGN_METHOD, type ColumnAudience } from '@eip/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { currentPostOf } from '../uc/current-post.js';

/** Who looks at the portal: what decides the columns, layouts and apps they see. */
export interface Viewer {
  tenantId: string;
  userId: string;
  /** arranges the tenant's layouts and columns (portal:design, or an administrator) */
  designer: boolean;
  roleIds: Set<string>;
  /** the orgs the viewer belongs to and every org above them */
  orgIds: Set<string>;
  postIds: Set<string>;
  /** the post chosen in the session, else the main one (currentPostOf) */
  currentPostId: string | null;
  /** serves a leader as secretary */
  secretary: boolean;
}

interface ViewerFacts {
  designer: boolean;
  roleIds: string[] | null;
  memberships: { path: string; postId: string | null; isMaster: boolean }[] | null;
  secretary: boolean;
}

/** The facts of a viewer in one statement (every call of the home asks for them). */
export async function viewerOf(db: Executor, auth: AuthContext): Promise<Viewer> {
  const { tenantId, userId } = auth;
  const [facts] = await queryRows<ViewerFacts>(
    db,
    sql`with own_roles as (
          select role_id from uc_user_role where tenant_id = ${tenantId} and user_id = ${userId})
        select u.is_admin or exists (
                 select 1 from sys_method m
                 join sys_method_role mr on mr.tenant_id = m.tenant_id and mr.method_id = m.id
                 where m.tenant_id = ${tenantId} and m.alias = ${PORTAL_DESIGN_METHOD}
                   and mr.role_id in (select role_id from own_roles)) as "designer",
               array(select role_id from own_roles) as "roleIds",
               (select json_agg(json_build_object('path', o.path, 'postId', ou.post_id, 'isMaster', ou.is_master))
                  from uc_org_user ou join uc_org o on o.tenant_id = ou.tenant_id and o.id = ou.org_id
                  where ou.tenant_id = ${tenantId} and ou.user_id = ${userId}) as "memberships",
               exists (select 1 from bpm_secretary s
                  where s.tenant_id = ${tenantId} and s.secretary_id = ${userId}) as "secretary"
        from uc_user u where u.tenant_id = ${tenantId} and u.id = ${userId}`,
  );
  const memberships = facts?.memberships ?? [];
  const postIds = new Set(memberships.flatMap((m) => (m.postId === null ? [] : [m.postId])));
  return {
    tenantId,
    userId,
    designer: facts?.designer === true,
    roleIds: new Set(facts?.roleIds ?? []),
    orgIds: new Set(memberships.flatMap((m) => m.path.split('.').filter(Boolean))),
    postIds,
    currentPostId: currentPostOf(memberships, auth.postId),
    secretary: facts?.secretary === true,
  };
}

export function requireDesigner(viewer: Viewer) {
  if (!viewer.designer) throw forbidden('home.designersOnly');
}

/** Who a column or an app is for. */
export interface Audience {
  audience: ColumnAudience;
  roleIds: string[];
  orgIds: string[];
  postIds: string[];
}

/**
 * Whether the viewer is of the audience. Designers are asked the same on their own home; the catalogue and
 * the layouts they arrange show them every column.
 */
export function sees(viewer: Viewer, audience: Audience): boolean {
  if (audience.audience === 'all') return true;
  if (audience.audience === 'secretaries') return viewer.secretary;
  return (
    audience.roleIds.some((id) => viewer.roleIds.has(id)) ||
    audience.orgIds.some((id) => viewer.orgIds.has(id)) ||
    audience.postIds.some((id) => viewer.postIds.has(id))
  );
}
