import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { PDFJS_ASSETS } from './pdfjsPaths.ts';

const FOLDERS = ['cmaps', 'standard_fonts'] as const;

/**
 * Copies pdf.js's character maps and standard font data into the build (`pdfjs/cmaps/`,
 * `pdfjs/standard_fonts/`): a PDF whose Chinese text uses a font it does not embed (STSong-Light with
 * UniGB-UCS2-H, common in documents made on Chinese systems) needs them to show its text at all. They load
 * only when such a PDF is previewed.
 */
export function pdfjsAssets(): Plugin {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    name: 'eip-pdfjs-assets',
    apply: 'build',
    generateBundle() {
      for (const folder of FOLDERS) {
        for (const file of readdirSync(path.join(root, folder))) {
          this.emitFile({
            type: 'asset',
            fileName: `${PDFJS_ASSETS}/${folder}/${file}`,
            source: readFileSync(path.join(root, folder, file)),
          });
        }
      }
    },
  };
}
