import type { NotifyType } from '@eip/contracts/flow';
import type { Executor } from '../../../db/client.js';
import { scheduleJob, type MailedMessage } from '../../../jobs/queue.js';
import * as repo from '../runtime.repository.js';

/** How people hear of work when a node does not say: an inner message. */
const DEFAULT_NOTIFY_TYPES: readonly NotifyType[] = ['inner'];

/** Attempts of a notification mail: 5 s, 25 s, 2 min, 10 min and 50 min apart. */
const MAIL_ATTEMPTS = 6;

/**
 * Tells people of work at a node by the node's notify types: an inner message (the bell of the portal)
 * and, with `mail`, a mail to each one, sent by a job of its own (retried on failure, and after the
 * command commits, so the command never waits for a mail server). A node that notifies by mail only
 * still leaves an inner message where the mail cannot go (see the notify.mail job): nobody misses work.
 */
export async function notify(
  tx: Executor,
  tenantId: string,
  notifyTypes: readonly NotifyType[] | undefined,
  messages: MailedMessage[],
) {
  const types = notifyTypes ?? DEFAULT_NOTIFY_TYPES;
  if (types.includes('inner')) {
    await repo.insertMessages(
      tx,
      messages.map((message) => ({ tenantId, ...message })),
    );
  }
  if (!types.includes('mail')) return;
  for (const message of messages) {
    await scheduleJob(tx, {
      tenantId,
      kind: 'notify.mail',
      payload: { message, innerIfUnsent: !types.includes('inner') },
      runAt: new Date(),
      maxAttempts: MAIL_ATTEMPTS,
    });
  }
}
