/** The approval form of a task waiting for the user. */
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
