import { route } from './route.js';

/** Files (spec §7 "Portal content, files, misc"): upload, and download of what one may see. */
export const fileRoutes = {
  uploadFile: route({
    method: 'POST',
    group: 'portal',
    path: 'system/file/upload',
    access: 'user',
    audit: 'file.upload',
    kind: 'upload',
  }),
  downloadFile: route({
    method: 'GET',
    group: 'portal',
    path: 'system/file/downloadFile',
    access: 'user',
    kind: 'download',
  }),
};
