import type { FormValues } from '../../../components/schema-form/SchemaForm';

/**
 * The `data` of a `/matter/startProcess?defId&data` link: a JSON object that fills the start form. Answers
 * null for text that is not a JSON object, {} when there is none.
 */
export function parseStartData(text: string | null): FormValues | null {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as FormValues)
      : null;
  } catch {
    return null;
  }
}
