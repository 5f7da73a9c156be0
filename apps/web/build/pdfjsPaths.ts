/** Where the build puts pdf.js's character maps and standard fonts, under the app's base (pdfjsAssets.ts). */
export const PDFJS_ASSETS = 'pdfjs';
