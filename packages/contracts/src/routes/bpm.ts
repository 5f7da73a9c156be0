import { route } from './route.js';

/** Flow definitions, the secretary flag and the message badge (spec §7). */
export const bpmRoutes = {
  deployDefinition: route({
    method: 'POST',
    group: 'bpm-model',
    path: 'flow/def/v1/deploy',
    access: 'user',
    audit: 'flow.deploy',
  }),
  listDefinitions: route({
    method: 'POST',
    group: 'bpm-model',
    path: 'flow/def/v1/listJson',
    access: 'user',
  }),
  getSecretaryByUserId: route({
    method: 'GET',
    group: 'bpm-runtime',
    path: 'runtime/bpmSecretaryManage/v1/getSecretaryByUserId',
    access: 'user',
  }),
};
