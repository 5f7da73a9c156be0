import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PDFJS_ASSETS } from '../../../build/pdfjsPaths';

GlobalWorkerOptions.workerSrc = workerUrl;

/** pdf.js's character maps and standard fonts, copied into the build (build/pdfjsAssets.ts). */
const assets = `${import.meta.env.BASE_URL}${PDFJS_ASSETS}/`;

/** A PDF open for showing: how many pages it has, each page drawn on demand, and its release. */
export interface OpenPdf {
  pages: number;
  /** Draws a page (1-based) on the canvas, `width` CSS pixels wide, sharp on the device's pixel ratio. */
  draw(page: number, canvas: HTMLCanvasElement, width: number): Promise<void>;
  close(): Promise<void>;
}

/** Opens a PDF's bytes with pdf.js (in its worker; no script in the PDF runs). */
export async function openPdf(data: ArrayBuffer): Promise<OpenPdf> {
  const document: PDFDocumentProxy = await getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    enableXfa: false,
    cMapUrl: `${assets}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${assets}standard_fonts/`,
  }).promise;
  return {
    pages: document.numPages,
    async draw(number, canvas, width) {
      const page = await document.getPage(number);
      const base = page.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (width / base.width) * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
      await page.render({ canvas, viewport }).promise;
    },
    close: () => document.destroy(),
  };
}
