import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import * as prints from './print.service.js';

export const printHandlers = ({ db }: Services) =>
  defineHandlers({
    printLog: async ({ body }, { auth, audit }) => {
      audit.target = `instId=${body.instId}`;
      return prints.printLog(db, auth, body.instId, body.leaderId);
    },
    getPrintRecordsByInstId: async ({ query }, { auth }) => prints.printRecordsOf(db, auth, query.instId),
    queryPrintRecords: async ({ body }, { auth }) => prints.queryPrintRecords(db, auth, body),
    getWatermark: async ({ query }, { auth }) => prints.watermark(db, auth, query.instId, query.leaderId),
  });
