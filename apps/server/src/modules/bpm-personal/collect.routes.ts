import { changed, defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import * as collections from './collect.service.js';

export const collectHandlers = ({ db }: Services) =>
  defineHandlers({
    myCollect: async ({ body }, { auth }) => collections.myCollect(db, auth, body),
    myCollectCount: async (_input, { auth }) => collections.myCollectCount(db, auth),
    collect: async ({ body }, { auth, audit }) => {
      audit.target = `${body.targetType}=${body.targetId}`;
      return changed(audit, await collections.collect(db, auth, body));
    },
    cancelCollect: async ({ body }, { auth, audit }) => {
      audit.target = `${body.targetType}=${body.targetId}`;
      return changed(audit, await collections.cancelCollect(db, auth, body));
    },
  });
