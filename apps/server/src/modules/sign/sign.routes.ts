import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import * as seals from './seal.service.js';
import * as signatures from './signature.service.js';
import { verifySignatures } from './verify.service.js';

export const signHandlers = (services: Services) =>
  defineHandlers({
    getElectronicSeal: async ({ query }, { auth, ip }) =>
      signatures.getElectronicSeal(services, auth, query, ip),
    getSealByCurrentUserId: async (_input, { auth }) => seals.sealsOfCaller(services, auth),
    getMySignature: async (_input, { auth }) => signatures.mySignature(services, auth),
    saveMySignature: async ({ body }, { auth }) => signatures.saveMySignature(services, auth, body.fileId),
    removeMySignature: async (_input, { auth, audit }) => {
      audit.target = `userId=${auth.userId}`;
      return signatures.removeMySignature(services, auth);
    },
    setSignPassword: async ({ body }, { auth, ip, audit }) => {
      audit.target = `userId=${auth.userId}`;
      return signatures.setSignPassword(services, auth, body, ip);
    },
    listSeals: async (_input, { auth }) => seals.listSeals(services, auth),
    saveSeal: async ({ body }, { auth }) => seals.saveSeal(services, auth, body),
    removeSeal: async ({ query }, { auth }) => seals.removeSeal(services, auth, query.id),
    verifySignatures: async ({ query }, { auth }) =>
      verifySignatures(services, auth, query.instId, query.leaderId),
    getSealUses: async ({ query }, { auth }) => seals.sealUses(services, auth, query.sealId),
  });
