import { route } from './route.js';

/**
 * Electronic signatures and seals (spec §7 "Auth and user": uc/electronicSeal): the seal calls of the
 * signature field, a person's own signature and signing password (个人设置 → 我的签章), and the seals an
 * administrator manages (印章管理).
 */
export const signRoutes = {
  getElectronicSeal: route({
    method: 'GET',
    group: 'uc',
    path: 'uc/electronicSeal/v1/getElectronicSeal',
    access: 'user',
    audit: 'sign.getElectronicSeal',
  }),
  getSealByCurrentUserId: route({
    method: 'GET',
    group: 'uc',
    path: 'uc/electronicSeal/v1/getSealByCurrentUserId',
    access: 'user',
  }),
  getMySignature: route({
    method: 'GET',
    group: 'uc',
    path: 'uc/electronicSeal/v1/getMySignature',
    access: 'user',
  }),
  saveMySignature: route({
    method: 'POST',
    group: 'uc',
    path: 'uc/electronicSeal/v1/saveMySignature',
    access: 'user',
    audit: 'sign.saveSignature',
  }),
  removeMySignature: route({
    method: 'POST',
    group: 'uc',
    path: 'uc/electronicSeal/v1/removeMySignature',
    access: 'user',
    audit: 'sign.removeSignature',
  }),
  setSignPassword: route({
    method: 'POST',
    group: 'uc',
    path: 'uc/electronicSeal/v1/setSignPassword',
    access: 'user',
    audit: 'sign.setPassword',
  }),
  listSeals: route({
    method: 'GET',
    group: 'uc',
    path: 'uc/electronicSeal/v1/list',
    access: 'user',
  }),
  saveSeal: route({
    method: 'POST',
    group: 'uc',
    path: 'uc/electronicSeal/v1/save',
    access: 'user',
    audit: 'sign.saveSeal',
  }),
  removeSeal: route({
    method: 'POST',
    group: 'uc',
    path: 'uc/electronicSeal/v1/remove',
    access: 'user',
    audit: 'sign.removeSeal',
  }),
  verifySignatures: route({
    method: 'GET',
    group: 'uc',
    path: 'uc/electronicSeal/v1/verifySignatures',
    access: 'user',
  }),
  getSealUses: route({
    method: 'GET',
    group: 'uc',
    path: 'uc/electronicSeal/v1/getSealUses',
    access: 'user',
  }),
};
