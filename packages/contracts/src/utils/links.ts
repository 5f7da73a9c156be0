/**
 * Addresses of portal pages that the server also hands out (home columns, messages): one definition for
 * both, so a link the server makes opens the page the web app has.
 */

/** The approval form of a task waiting for the user (a secretary's names the leader). */
export const taskFormPath = (instId: string, taskId: string, leaderId?: string) =>
  `/matter/approvalForm?${new URLSearchParams({ instId, taskId, ...(leaderId ? { leaderId } : {}) })}`;

/**
 * The read-only approval form of an instance (spec §2: isReadonly=true&type=done for done items); a
 * circulated one names its notice, which opening marks read.
 */
export const readonlyFormPath = (
  instId: string,
  type: 'done' | 'request' | 'delegated' | 'notice' | 'collect',
  noticeId?: string,
) =>
  `/matter/approvalForm?${new URLSearchParams({ instId, isReadonly: 'true', type, ...(noticeId ? { noticeId } : {}) })}`;

/** The start form of a flow (spec §2: /matter/startProcess?defId). */
export const startFlowPath = (defId: string) => `/matter/startProcess?${new URLSearchParams({ defId })}`;
