import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { translate, type MessageKey, type MessageParams } from '../i18n/messages.js';
import { issueField, issueReason, type ValidationIssue } from '../i18n/validation-reason.js';

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: MessageKey,
  params: MessageParams = {},
  code = status,
) {
  return reply.status(status).send({
    state: false,
    code,
    message: translate(request.lang, key, params),
    value: null,
    requestId: request.id,
  });
}

/** A schema failure as "field reason" in the caller's language: the message names the field. */
function describeValidation(error: FastifyError): MessageParams {
  const issue = (error.validation?.[0] ?? { keyword: '', instancePath: '', params: {} }) as ValidationIssue;
  const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
  return { field: issueField(where, issue), reason: issueReason(issue) };
}

/**
 * PostgreSQL's class 22 (data exception: a number out of range, a date it cannot hold, text it cannot
 * store): a value the caller sent that passed the schema but not the database. Nothing was changed.
 */
function isDataException(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('22');
}

/** The envelope of ARCHITECTURE §3 on every failure; a 5xx never shows its internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, error.status, error.key, error.params, error.code);
    }
    if (error.validation) {
      return sendError(request, reply, 400, 'error.invalidInput', describeValidation(error));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(request, reply, 413, 'error.bodyTooLarge');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(request, reply, 415, 'error.unsupportedMediaType', {
          type: String(request.headers['content-type'] ?? ''),
        });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendError(request, reply, 400, 'error.invalidJson');
    }
    if (isDataException(error)) {
      return sendError(request, reply, 400, 'error.invalidInput', {
        field: '',
        reason: translate(request.lang, 'reason.invalid'),
      });
    }
    if (
      error instanceof SyntaxError ||
      (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    ) {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      return sendError(
        request,
        reply,
        status,
        error instanceof SyntaxError ? 'error.invalidJson' : 'error.invalidInput',
        {
          field: '',
          reason: translate(request.lang, 'reason.invalid'),
        },
      );
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, 500, 'error.internal', { requestId: request.id });
  });
}
