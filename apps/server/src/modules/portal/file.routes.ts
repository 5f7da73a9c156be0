import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { noToken } from '../../errors.js';
import { downloadImage, downloadSignedImage, previewContent, previewFile } from './file-preview.service.js';
import { downloadFile, fileInfo, updateExtraProps, uploadFile } from './file.service.js';

export const fileHandlers = (services: Services) =>
  defineHandlers({
    uploadFile: async ({ query }, { auth, request }) =>
      uploadFile(services, auth, query.purpose, await request.file()),
    downloadFile: async ({ query }, { auth }) => downloadFile(services, auth, query.fileId),
    getFileInfo: async ({ params }, { auth }) => fileInfo(services, auth, params.id),
    previewFile: async ({ query }, { auth }) => previewFile(services, auth, query.fileId),
    getPreviewContent: async ({ params }, { auth }) => previewContent(services, auth, params.id),
    updateFileExtraProp: async ({ body }, { auth }) => updateExtraProps(services, auth, body),
    downloadImage: async ({ query }, { auth }) => {
      if (auth) return downloadImage(services, auth, query.fileId, query.thumbnail);
      const { t, exp, sig } = query;
      if (!t || !exp || !sig) throw noToken();
      return downloadSignedImage(services, { ...query, t, exp, sig });
    },
  });
