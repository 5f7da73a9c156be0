import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import * as follows from './task-follow.service.js';

export const taskFollowHandlers = ({ db }: Services) =>
  defineHandlers({
    saveTaskFollow: async ({ body }, { auth, audit }) => {
      audit.target = `instId=${body.instId}`;
      return follows.saveFollow(db, auth, body);
    },
    getFollowedNode: async ({ query }, { auth }) => follows.followedNodes(db, auth, query.instId),
  });
