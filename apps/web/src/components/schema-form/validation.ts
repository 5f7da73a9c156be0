import type { Language } from '@eip/contracts/codes';
import { HELPER_FORMATS, schemaIssueMessage } from '@eip/contracts/utils';
import type { ErrorTransformer, RJSFValidationError } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { currentLanguage } from '../../i18n';

/** The validator of every form: JSON Schema with the spec §5 helpers as formats (`"format": "phone"`). */
export const formValidator = customizeValidator({ customFormats: HELPER_FORMATS });

/** The field an error is about, by its title where it has one, else by the last part of its path. */
const fieldName = (error: RJSFValidationError) =>
  error.title || (error.property ?? '').split('.').filter(Boolean).at(-1) || '';

/**
 * The form's errors in the user's language, worded as the server words them ("字段 请假天数 必填"), in
 * place of the validator's English; an error repeated by the branches of a choice is shown once.
 */
export function localizeErrors(
  errors: readonly RJSFValidationError[],
  lang: Language,
): RJSFValidationError[] {
  const seen = new Set<string>();
  return errors.flatMap((error) => {
    const issue = { keyword: error.name ?? '', params: (error.params ?? {}) as Record<string, unknown> };
    const message = schemaIssueMessage(lang, issue, fieldName(error));
    const key = `${error.property ?? ''}\n${message}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ ...error, message, stack: message }];
  });
}

/** The errors of a form in the language in use when it validates. */
export const transformErrors: ErrorTransformer = (errors) => localizeErrors(errors, currentLanguage());
