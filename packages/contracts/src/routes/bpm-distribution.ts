import { route } from './route.js';

/**
 * Distribution (分发) and the document library (spec §7 "Approval items, agents, secretaries,
 * definitions": moreOp, bpmBoAttrData and form/moreOp): a handler distributes a request to orgs and people,
 * the receivers sign for it (签收) and read it, the sender sees who has not; a request is filed into the
 * document library and read there.
 */
export const bpmDistributionRoutes = {
  taskToDishOut: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'moreOp/v1/taskToDishOut',
    access: 'user',
    audit: 'dish.out',
  }),
  getDishOutDetail: route({
    method: 'GET',
    group: 'bpm-runtime',
    path: 'moreOp/v1/getDishOutDetail',
    access: 'user',
  }),
  getDishDetailByDishId: route({
    method: 'GET',
    group: 'bpm-runtime',
    path: 'moreOp/v1/getDishDetailByDishId',
    access: 'user',
  }),
  remindDishOut: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'moreOp/v1/remindDishOut',
    access: 'user',
    audit: 'dish.remind',
  }),
  updateQsandRead: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'moreOp/v1/updateQsandRead',
    access: 'user',
    audit: 'dish.sign',
  }),
  getProDishList: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'bpmBoAttrData/v1/getProDishList',
    access: 'user',
  }),
  getProDishReceviceList: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'bpmBoAttrData/v1/getProDishReceviceList',
    access: 'user',
  }),
  getDetailByBusinesskey: route({
    method: 'GET',
    group: 'bpm-runtime',
    path: 'bpmBoAttrData/v1/getDetailByBusinesskey',
    access: 'user',
  }),
  taskToDecument: route({
    method: 'POST',
    group: 'form',
    path: 'form/moreOp/v1/taskToDecument',
    access: 'user',
    audit: 'document.file',
  }),
  getDocumentList: route({
    method: 'POST',
    group: 'form',
    path: 'form/moreOp/v1/getDocumentList',
    access: 'user',
  }),
};
