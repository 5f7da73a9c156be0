import { route } from './route.js';

/**
 * Files (spec §7 "Portal content, files, misc"): upload, download, a file's metadata and extra properties,
 * the preview (its description and the bytes the online previewer shows), image download, and the printed
 * document of a request (wordPrint).
 */
export const fileRoutes = {
  uploadFile: route({
    method: 'POST',
    group: 'portal',
    path: 'system/file/upload',
    access: 'user',
    audit: 'file.upload',
    kind: 'upload',
  }),
  wordPrint: route({
    method: 'POST',
    group: 'portal',
    path: 'system/file/wordPrint',
    access: 'user',
    audit: 'print.word',
    kind: 'download',
  }),
  downloadFile: route({
    method: 'GET',
    group: 'portal',
    path: 'system/file/downloadFile',
    access: 'user',
    kind: 'download',
  }),
  getFileInfo: route({
    method: 'GET',
    group: 'portal',
    path: 'system/file/{id}',
    access: 'user',
  }),
  previewFile: route({
    method: 'GET',
    group: 'portal',
    path: 'file/preview',
    access: 'user',
  }),
  getPreviewContent: route({
    method: 'GET',
    group: 'portal',
    path: 'onlinePreviewController/getFileById_{id}',
    access: 'user',
    kind: 'download',
  }),
  updateFileExtraProp: route({
    method: 'POST',
    group: 'portal',
    path: 'system/file/updateFileExtraProp',
    access: 'user',
    audit: 'file.update',
  }),
  downloadImage: route({
    method: 'GET',
    group: 'portal',
    path: 'system/file/downloadImage',
    access: 'optional',
    kind: 'download',
  }),
};
