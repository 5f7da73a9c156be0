import { Type, type Static } from '@sinclair/typebox';
import { oneOf, PageList, QueryFilter } from '../common.js';
import { FlowForm, FormData, Id, InstanceSummary, Nullable, OpinionRow, Permissions } from './bpm.js';
import type { RouteSchemas } from './route-schemas.js';

const Text = Type.String();
const Time = Nullable(Type.String({ description: 'ISO 8601; null: not yet' }));

/** The most people one distribution reaches (the members of its orgs and its people together). */
export const DISH_RECEIVERS_MAX = 2000;
export const DISH_OPINION_MAX = 2000;
/** How often a sender may remind the receivers of one distribution who have not signed for it (催办). */
export const DISH_REMIND_INTERVAL_MINUTES = 10;

export const DISH_TARGET_TYPES = ['org', 'user'] as const;
export type DishTargetType = (typeof DISH_TARGET_TYPES)[number];

/**
 * What the sender chose: an org (its members at the time of sending receive it, with `subOrgs` also the
 * members of the orgs below it) or a person.
 */
export const DishTarget = Type.Object({
  type: oneOf(DISH_TARGET_TYPES),
  id: Text,
  name: Text,
  subOrgs: Type.Optional(Type.Boolean({ description: 'an org: its sub-orgs were included (包含下级组织)' })),
});
export type DishTarget = Static<typeof DishTarget>;

export const DishOutBody = Type.Object(
  {
    instId: Id,
    taskId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'the task handled now' })),
    orgIds: Type.Optional(
      Type.Array(Id, { maxItems: 200, description: 'orgs of the tenant: their active members receive it' }),
    ),
    includeSubOrgs: Type.Optional(
      Type.Boolean({
        description:
          'true: the active members of the orgs below each of orgIds (the whole subtree) receive it too (包含下级组织); absent or false: only their direct members',
      }),
    ),
    userIds: Type.Optional(Type.Array(Id, { maxItems: 500, description: 'users of the tenant' })),
    opinion: Type.Optional(Type.String({ maxLength: DISH_OPINION_MAX, description: 'the sender’s note' })),
  },
  { additionalProperties: false },
);
export type DishOutBody = Static<typeof DishOutBody>;

/** A distribution as its sender lists it: how many received it and how many signed for it. */
export const DishOutRow = Type.Object({
  id: Text,
  instId: Text,
  subject: Text,
  procDefName: Text,
  senderId: Text,
  senderName: Text,
  opinion: Nullable(Text),
  createTime: Text,
  targets: Type.Array(DishTarget),
  total: Type.Integer({ description: 'receivers' }),
  signed: Type.Integer({ description: 'receivers who signed for it (签收)' }),
});
export type DishOutRow = Static<typeof DishOutRow>;

export const DishReceiver = Type.Object({
  userId: Text,
  name: Text,
  orgName: Nullable(
    Type.String({
      description:
        'the chosen org they received it through, followed by the sub-orgs down to their own (行政中心/人力资源部); null: chosen by name',
    }),
  ),
  signTime: Time,
  readTime: Time,
});
export type DishReceiver = Static<typeof DishReceiver>;

export const DishOutDetail = Type.Composite([
  DishOutRow,
  Type.Object({
    receivers: Type.Array(DishReceiver),
    remindTime: Nullable(
      Type.String({ description: 'ISO 8601: when the receivers were last reminded (催办)' }),
    ),
  }),
]);
export type DishOutDetail = Static<typeof DishOutDetail>;

/** A distribution as one receiver sees it: from whom, and when they signed for it and read it. */
export const ReceivedDish = Type.Object({
  id: Text,
  instId: Text,
  subject: Text,
  procDefName: Text,
  senderName: Text,
  opinion: Nullable(Text),
  createTime: Text,
  signTime: Time,
  readTime: Time,
});
export type ReceivedDish = Static<typeof ReceivedDish>;

/** A request read as a document: its form read-only, the data its reader may see, and its opinions. */
const DocumentView = {
  instance: InstanceSummary,
  form: Nullable(FlowForm),
  permissions: Permissions,
  data: FormData,
  opinions: Type.Array(OpinionRow),
};

/** A request filed into the document library (文档库). */
export const LibraryDocument = Type.Object({
  id: Text,
  businessKey: Type.String({ description: 'the id of the request it was filed from' }),
  instId: Text,
  subject: Text,
  procDefName: Text,
  filedById: Text,
  filedBy: Text,
  filedTime: Text,
});
export type LibraryDocument = Static<typeof LibraryDocument>;

const InstTask = Type.Object(
  {
    instId: Id,
    taskId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'the task handled now' })),
  },
  { additionalProperties: false },
);

const WHO_DISTRIBUTES =
  'a handler of the request (one who may handle one of its open tasks or handled one) while it runs, or once it ended approved (status end) also its initiator';

/** Schemas of distribution and the document library. */
export const bpmDistributionSchemas = {
  taskToDishOut: {
    summary: `Distributes (分发) a request to orgs and people of the tenant, resolved to users when sent (the sender excluded); each receiver gets an inner message. Who: ${WHO_DISTRIBUTES}; a suspended, withdrawn or terminated request cannot be. Unknown or another tenant’s ids answer 404, no receiver 400; nothing is written then`,
    body: DishOutBody,
    value: Type.Object({ id: Text, receivers: Type.Integer() }),
  },
  getDishOutDetail: {
    summary:
      'One of the caller’s distributions with every receiver: who signed for it and read it, who has not',
    query: Type.Object({ id: Id }),
    value: DishOutDetail,
  },
  getDishDetailByDishId: {
    summary:
      'A distributed request as a document, for its receivers (opening it records the read, once) and its sender',
    query: Type.Object({ dishId: Id }),
    value: Type.Object({ dish: ReceivedDish, ...DocumentView }),
  },
  remindDishOut: {
    summary: `Reminds (催办) the receivers of one of the caller’s distributions who have not signed for it yet: each gets an inner message linking to the document. Who: its sender, or an administrator of the tenant; a receiver 403, anyone else 404. At most once every ${DISH_REMIND_INTERVAL_MINUTES} minutes per distribution (sooner: 429); everyone signed: 409. Answers how many were reminded`,
    query: Type.Object({ dishId: Id }),
    value: Type.Object({
      reminded: Type.Integer({ description: 'receivers reminded' }),
      remindTime: Type.String({ description: 'ISO 8601' }),
    }),
  },
  updateQsandRead: {
    summary:
      'The caller signs for (签收) a distribution they received, and so has read it; a second time changes nothing. Not a receiver: 404',
    body: Type.Object({ dishId: Id }, { additionalProperties: false }),
    value: Type.Object({ signTime: Text, readTime: Text }),
  },
  getProDishList: {
    summary:
      'The caller’s distributions, newest first, paged and filtered (subject, procDefKey, procDefName, createTime), with how many signed',
    body: QueryFilter,
    value: PageList(DishOutRow),
  },
  getProDishReceviceList: {
    summary:
      'The distributions the caller received, newest first, paged and filtered (subject, procDefKey, procDefName, senderName, createTime, signTime: IS_NULL for those not signed for)',
    body: QueryFilter,
    value: PageList(ReceivedDish),
  },
  getDetailByBusinesskey: {
    summary:
      'A filed document of the library by its business key, read-only, for those who take part in its request or received it, and administrators',
    query: Type.Object({ businessKey: Id }),
    value: Type.Object({ document: LibraryDocument, ...DocumentView }),
  },
  taskToDecument: {
    summary: `Files a request into the document library (its data as it is now; filing again refreshes it). Who: ${WHO_DISTRIBUTES}`,
    body: InstTask,
    value: LibraryDocument,
  },
  getDocumentList: {
    summary:
      'The filed documents the caller may read, newest first, paged and filtered (subject, procDefKey, procDefName, filedBy, filedTime) — not in spec §7: the list of the documentLibraryForm page',
    body: QueryFilter,
    value: PageList(LibraryDocument),
  },
} as const satisfies Record<string, RouteSchemas>;
