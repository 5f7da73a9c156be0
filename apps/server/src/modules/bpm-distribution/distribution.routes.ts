import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import * as dishes from './dish.service.js';
import * as documents from './document.service.js';

/** Distribution (分发) and the document library. */
export const distributionHandlers = ({ db }: Services) =>
  defineHandlers({
    taskToDishOut: async ({ body }, { auth, audit }) => {
      audit.target = `instId=${body.instId}`;
      return dishes.dishOut(db, auth, body);
    },
    getDishOutDetail: async ({ query }, { auth }) => dishes.dishOutDetail(db, auth, query.id),
    getDishDetailByDishId: async ({ query }, { auth, lang }) =>
      dishes.dishDocument(db, auth, lang, query.dishId),
    remindDishOut: async ({ query }, { auth, audit, lang }) => {
      audit.target = `dishId=${query.dishId}`;
      return dishes.remindDishOut(db, auth, lang, query.dishId);
    },
    updateQsandRead: async ({ body }, { auth, audit }) => {
      audit.target = `dishId=${body.dishId}`;
      return dishes.signDish(db, auth, body.dishId);
    },
    getProDishList: async ({ body }, { auth }) => dishes.sentList(db, auth, body),
    getProDishReceviceList: async ({ body }, { auth }) => dishes.receivedList(db, auth, body),
    getDetailByBusinesskey: async ({ query }, { auth, lang }) =>
      documents.documentByKey(db, auth, lang, query.businessKey),
    taskToDecument: async ({ body }, { auth, audit }) => {
      audit.target = `instId=${body.instId}`;
      return documents.fileDocument(db, auth, body);
    },
    getDocumentList: async ({ body }, { auth }) => documents.documentList(db, auth, body),
  });
