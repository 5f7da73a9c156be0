/** Query keys of files: a file's preview description and the bytes the previewer shows. */
export const fileKeys = {
  preview: (fileId: string) => ['file', 'preview', fileId] as const,
  content: (fileId: string) => ['file', 'content', fileId] as const,
};
