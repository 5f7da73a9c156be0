import type { FastifyError, FastifyRequest } from 'fastify';
import { redactUrl } from '../security/url-credentials.js';

/** A log line's longest text: an error that quotes a whole statement with its parameters is cut here. */
export const MAX_LOGGED_TEXT = 2000;

export const capText = (text = '') =>
  text.length > MAX_LOGGED_TEXT ? `${text.slice(0, MAX_LOGGED_TEXT)}… (${text.length} characters)` : text;

interface LoggedError {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
}

/**
 * How requests and errors are written to the log: no credential from an address, and no text longer than
 * MAX_LOGGED_TEXT (a failed statement's error quotes the statement and all its parameters).
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: capText(redactUrl(request.url)),
    host: request.host,
    remoteAddress: request.ip,
  }),
  err: (error: FastifyError & LoggedError) => {
    const cause = error.cause as LoggedError | undefined;
    return {
      type: error.name,
      message: capText(error.message),
      stack: capText(error.stack),
      ...(error.code !== undefined ? { code: error.code } : {}),
      ...(cause ? { cause: { type: cause.name, message: capText(cause.message), code: cause.code } } : {}),
    };
  },
};
