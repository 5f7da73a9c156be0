import {
  DISH_RECEIVERS_MAX,
  DISH_REMIND_INTERVAL_MINUTES,
  type DishOutBody,
  type DishTarget,
  type QueryFilter,
} from '@eip/contracts';
import type { Language } from '@eip/contracts/codes';
import type { Db, Executor } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import type { AuthContext } from '../../security/tokens.js';
import { isAdmin } from '../bpm-personal/access.js';
import { insertMessages } from '../bpm/runtime.repository.js';
import { findUserById, findUsersByIds } from '../uc/user.repository.js';
import { documentView, instanceOf, requireDistributable } from './access.js';
import * as dishes from './dish.repository.js';

const ACTIVE = 1;

/** The ids of `wanted` that `found` lacks, for the message telling which ones are unknown. */
const missing = (wanted: string[], found: { id: string }[]) =>
  wanted.filter((id) => !found.some((row) => row.id === id)).join(', ');

interface Receiver {
  receiverId: string;
  receiverName: string;
  orgName: string | null;
}

interface DishMessage {
  dishId: string;
  subject: string;
  content: string;
  /** notice: a new distribution; urgent: a reminder to sign for it */
  type: 'notice' | 'urgent';
  senderId: string;
}

/** Sends each receiver an inner message linking to where they read and sign for the distribution. */
function messageReceivers(
  tx: Executor,
  tenantId: string,
  receivers: readonly Pick<Receiver, 'receiverId'>[],
  { dishId, ...message }: DishMessage,
) {
  return insertMessages(
    tx,
    receivers.map((r) => ({
      tenantId,
      receiverId: r.receiverId,
      link: `/matter/distributeDocument?dishId=${dishId}`,
      ...message,
    })),
  );
}

/**
 * What the body chooses and who that makes: the people named, then the active members of the orgs — with
 * `includeSubOrgs` also those of the orgs below them — each once, under the first chosen org they belong
 * to (and the sub-orgs down to their own); the sender left out. Unknown or another tenant's ids answer 404,
 * a person not in normal status 400.
 */
async function receiversOf(db: Executor, auth: AuthContext, body: DishOutBody) {
  const userIds = [...new Set(body.userIds ?? [])];
  const orgIds = [...new Set(body.orgIds ?? [])];
  const people = await findUsersByIds(db, auth.tenantId, userIds);
  if (people.length < userIds.length) throw notFound('dish.userNotFound', { ids: missing(userIds, people) });
  const inactive = people.find((p) => p.status !== ACTIVE);
  if (inactive) throw badRequest('dish.userInactive', { name: inactive.fullname });
  const orgs = await dishes.orgsByIds(db, auth.tenantId, orgIds);
  if (orgs.length < orgIds.length) throw notFound('dish.orgNotFound', { ids: missing(orgIds, orgs) });
  const byId = new Map<string, Receiver>();
  for (const p of people) byId.set(p.id, { receiverId: p.id, receiverName: p.fullname, orgName: null });
  const subOrgs = body.includeSubOrgs === true;
  const members = await dishes.orgMembers(db, auth.tenantId, orgIds, subOrgs);
  const chosen = orgIds.map((id) => orgs.find((o) => o.id === id)!);
  for (const org of chosen) {
    for (const m of members.filter((member) => member.orgId === org.id)) {
      // the org path below the chosen org: '' for its own members, '/人力资源部' for a sub-org's
      const orgName = org.name + m.orgPathName.slice(org.pathName.length);
      if (!byId.has(m.userId)) byId.set(m.userId, { receiverId: m.userId, receiverName: m.name, orgName });
    }
  }
  byId.delete(auth.userId);
  const targets: DishTarget[] = [
    ...chosen.map(({ id, name }) => ({ type: 'org' as const, id, name, ...(subOrgs ? { subOrgs } : {}) })),
    ...people.map((p) => ({ type: 'user' as const, id: p.id, name: p.fullname })),
  ];
  return { targets, receivers: [...byId.values()] };
}

/**
 * taskToDishOut: distributes a request to orgs and people; each receiver gets an inner message linking
 * to the distribution. All in one transaction: nothing is written when anything is refused.
 */
export async function dishOut(db: Db, auth: AuthContext, body: DishOutBody) {
  return db.transaction(async (tx) => {
    const instance = await requireDistributable(tx, auth, body.instId, body.taskId);
    const { targets, receivers } = await receiversOf(tx, auth, body);
    if (receivers.length === 0) throw badRequest('dish.noReceivers');
    if (receivers.length > DISH_RECEIVERS_MAX) {
      throw badRequest('dish.tooManyReceivers', { count: receivers.length, max: DISH_RECEIVERS_MAX });
    }
    const sender = await findUserById(tx, auth.tenantId, auth.userId);
    if (!sender) throw notFound('uc.userNotFound', { account: auth.account });
    const opinion = body.opinion?.trim() || null;
    const id = await dishes.insertDishOut(
      tx,
      {
        tenantId: auth.tenantId,
        instanceId: instance.id,
        taskId: body.taskId ?? null,
        subject: instance.subject,
        defKey: instance.defKey,
        defName: instance.defName,
        senderId: sender.id,
        senderName: sender.fullname,
        opinion,
        targets,
      },
      receivers,
    );
    await messageReceivers(tx, auth.tenantId, receivers, {
      dishId: id,
      subject: instance.subject,
      content: opinion ?? instance.subject,
      type: 'notice',
      senderId: sender.id,
    });
    return { id, receivers: receivers.length };
  });
}

/** A distribution the caller sent; anyone else's: 404. */
async function ownDishOut(db: Executor, auth: AuthContext, id: string) {
  const dish = await dishes.findDishOut(db, auth.tenantId, id);
  if (!dish || dish.senderId !== auth.userId) throw notFound('dish.notFound', { id });
  return dish;
}

/** getDishOutDetail: the sender's distribution with every receiver, signed first. */
export async function dishOutDetail(db: Db, auth: AuthContext, id: string) {
  const dish = await ownDishOut(db, auth, id);
  const receivers = await dishes.receiversOf(db, auth.tenantId, dish.id);
  return {
    ...dishes.toDishOutRow(dish, receivers.length, receivers.filter((r) => r.signedAt).length),
    receivers: receivers.map(dishes.toReceiver),
    remindTime: dish.remindedAt?.toISOString() ?? null,
  };
}

const REMIND_INTERVAL_MS = DISH_REMIND_INTERVAL_MINUTES * 60_000;

/**
 * remindDishOut (催办): the sender — or an administrator of the tenant — reminds the receivers who have not
 * signed for the distribution; each gets an inner message (and so the live push) linking to the document.
 * A receiver is refused (403), anyone else learns nothing (404); everyone signed 409; again within the
 * interval 429, with the minutes left. Nothing is written when refused.
 */
export async function remindDishOut(db: Db, auth: AuthContext, lang: Language, dishId: string) {
  return db.transaction(async (tx) => {
    const dish = await dishes.findDishOut(tx, auth.tenantId, dishId);
    if (!dish) throw notFound('dish.notFound', { id: dishId });
    if (dish.senderId !== auth.userId && !(await isAdmin(tx, auth))) {
      if (await dishes.findReceipt(tx, auth.tenantId, dish.id, auth.userId))
        throw forbidden('dish.notSender');
      throw notFound('dish.notFound', { id: dishId });
    }
    const unsigned = (await dishes.receiversOf(tx, auth.tenantId, dish.id)).filter((r) => !r.signedAt);
    if (unsigned.length === 0) throw conflict('dish.allSigned');
    const remindedAt = await dishes.recordReminder(tx, auth.tenantId, dish.id, DISH_REMIND_INTERVAL_MINUTES);
    if (!remindedAt) {
      const since = dish.remindedAt ? Date.now() - dish.remindedAt.getTime() : 0;
      const minutes = Math.max(1, Math.ceil((REMIND_INTERVAL_MS - since) / 60_000));
      throw new AppError(429, 'dish.remindTooSoon', { interval: DISH_REMIND_INTERVAL_MINUTES, minutes });
    }
    const content = translate(lang, 'dish.remindContent', { sender: dish.senderName, subject: dish.subject });
    await messageReceivers(tx, auth.tenantId, unsigned, {
      dishId: dish.id,
      subject: dish.subject,
      content,
      type: 'urgent',
      senderId: auth.userId,
    });
    return { reminded: unsigned.length, remindTime: remindedAt.toISOString() };
  });
}

/**
 * getDishDetailByDishId: the distributed request as a document, for a receiver (their first opening is
 * recorded as read) or the sender; anyone else: 404.
 */
export async function dishDocument(db: Db, auth: AuthContext, lang: Language, dishId: string) {
  const dish = await dishes.findDishOut(db, auth.tenantId, dishId);
  const receipt = dish && (await dishes.findReceipt(db, auth.tenantId, dish.id, auth.userId));
  if (!dish || (!receipt && dish.senderId !== auth.userId)) throw notFound('dish.notFound', { id: dishId });
  const instance = await instanceOf(db, auth.tenantId, dish.instanceId);
  const read = receipt && (await dishes.markReceipt(db, auth.tenantId, dish.id, auth.userId, false));
  return {
    dish: dishes.toReceivedDish(dish, read),
    ...(await documentView(db, lang, instance, instance.data as Record<string, unknown>)),
  };
}

/** updateQsandRead: the receiver signs for the distribution (and so has read it); again: nothing changes. */
export async function signDish(db: Db, auth: AuthContext, dishId: string) {
  const signed = await dishes.markReceipt(db, auth.tenantId, dishId, auth.userId, true);
  if (!signed) throw notFound('dish.notFound', { id: dishId });
  return { signTime: signed.signedAt!.toISOString(), readTime: signed.readAt!.toISOString() };
}

export const sentList = (db: Db, auth: AuthContext, filter: QueryFilter) =>
  dishes.queryDishOuts(db, auth.tenantId, auth.userId, filter);

export const receivedList = (db: Db, auth: AuthContext, filter: QueryFilter) =>
  dishes.queryReceived(db, auth.tenantId, auth.userId, filter);
