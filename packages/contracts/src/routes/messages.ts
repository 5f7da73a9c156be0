import { route } from './route.js';

/** Spec §7 "Mail and messages (portal)": inner messages. */
export const messageRoutes = {
  listMessages: route({
    method: 'POST',
    group: 'portal',
    path: 'innermsg/messageReceiver/v1/list',
    access: 'user',
  }),
  getMsgbadge: route({
    method: 'GET',
    group: 'portal',
    path: 'innermsg/messageReceiver/v1/getMsgbadge',
    access: 'user',
  }),
  getMessage: route({
    method: 'GET',
    group: 'portal',
    path: 'innermsg/messageReceiver/v1/get',
    access: 'user',
  }),
  /** Not in spec §7: users write messages to each other (issue 16). */
  sendMessage: route({
    method: 'POST',
    group: 'portal',
    path: 'innermsg/messageReceiver/v1/send',
    access: 'user',
    audit: 'message.send',
  }),
  markMessages: route({
    method: 'GET',
    group: 'portal',
    path: 'innermsg/messageReceiver/v1/mark',
    access: 'user',
  }),
  removeMessages: route({
    method: 'DELETE',
    group: 'portal',
    path: 'innermsg/messageReceiver/v1/remove',
    access: 'user',
    audit: 'message.remove',
  }),
  /** Not in spec §7: the live push of the bell and the todo counts (issue 16). */
  pushStream: route({
    method: 'GET',
    group: 'portal',
    path: 'push/v1/stream',
    access: 'user',
    kind: 'stream',
  }),
};
