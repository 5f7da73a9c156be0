import type { MessageKey, MessageParams } from './i18n/messages.js';

/**
 * A failure the user is told about: HTTP status, envelope code and a message key (translated by the
 * error handler into the caller's language). Everything else that is thrown becomes a 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly code: number = status,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams) => new AppError(400, key, params);
/** No token: HTTP 401, code 401 (spec §8). */
export const noToken = () => new AppError(401, 'auth.noToken', {}, 401);
/** Invalid or expired token: HTTP 401, code 402 (spec §8). */
export const invalidToken = () => new AppError(401, 'auth.invalidToken', {}, 402);
export const forbidden = (key: MessageKey = 'auth.forbidden', params?: MessageParams) =>
  new AppError(403, key, params);
export const notFound = (key: MessageKey, params?: MessageParams) => new AppError(404, key, params);
export const conflict = (key: MessageKey, params?: MessageParams) => new AppError(409, key, params);
