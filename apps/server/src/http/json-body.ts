import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** No form, filter or layout of the portal nests deeper than this; a body that does is refused with a 400. */
export const MAX_JSON_DEPTH = 64;

/** Whether JSON text nests arrays and objects deeper than `limit`, read in one pass without parsing it. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  return false;
}

/**
 * JSON bodies are parsed by Fastify's own parser (which refuses __proto__ and constructor keys) after a depth
 * check: a body nested thousands deep would otherwise reach the validators and answer 500.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError(400, 'error.jsonTooDeep', { limit: MAX_JSON_DEPTH }), undefined);
      return;
    }
    parse(request, text, done);
  });
}
