import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { readerOf } from '../bpm/shared-request.js';
import * as prints from './print.service.js';
import { globalPrintTemplate, wordPrint } from './word-print.service.js';

export const printHandlers = (services: Services) => {
  const { db } = services;
  return defineHandlers({
    printLog: async ({ body }, { auth, audit }) => {
      audit.target = `instId=${body.instId}`;
      return prints.printLog(db, auth, body.instId, body.leaderId);
    },
    getPrintRecordsByInstId: async ({ query }, { auth }) => prints.printRecordsOf(db, auth, query.instId),
    queryPrintRecords: async ({ body }, { auth }) => prints.queryPrintRecords(db, auth, body),
    getWatermark: async ({ query }, { auth }) => {
      const { reader, leaderId } = await readerOf(db, auth, query);
      return prints.watermark(db, reader, query.instId, leaderId);
    },
    getGlobalPrintTemplate: async ({ query }, { auth, lang }) =>
      globalPrintTemplate(services, auth, lang, query),
    wordPrint: async ({ body }, { auth, lang, audit }) => {
      audit.target = `instId=${body.instId} format=${body.format}`;
      return wordPrint(services, auth, lang, body);
    },
  });
};
