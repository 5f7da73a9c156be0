import type { Plugin } from 'vite';

/** The id of the element of index.html that lists the chunks the first page does not load. */
export const LATER_CHUNKS_ID = 'eip-later-chunks';

/**
 * Lists in index.html (a JSON script element) every JavaScript chunk that the entry does not import
 * statically: the app prefetches them once the user is about to sign in (src/app/preload.ts). The list is
 * built from the bundle, so pages added later are in it without naming them anywhere.
 */
export function prefetchList(): Plugin {
  return {
    name: 'eip-prefetch-list',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return;
        const initial = new Set<string>();
        const visit = (fileName: string) => {
          const output = bundle[fileName];
          if (initial.has(fileName) || output?.type !== 'chunk') return;
          initial.add(fileName);
          output.imports.forEach(visit);
        };
        visit(chunk.fileName);
        const later = Object.values(bundle)
          .filter((output) => output.type === 'chunk' && !initial.has(output.fileName))
          .map((output) => output.fileName)
          .sort();
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: LATER_CHUNKS_ID },
            children: JSON.stringify(later),
            injectTo: 'body',
          },
        ];
      },
    },
  };
}
