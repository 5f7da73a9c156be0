import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { downloadFile, uploadFile } from './file.service.js';

export const fileHandlers = (services: Services) =>
  defineHandlers({
    uploadFile: async (_input, { auth, request }) => uploadFile(services, auth, await request.file()),
    downloadFile: async ({ query }, { auth }) => downloadFile(services, auth, query.fileId),
  });
