/**
 * The date fields (format date) of a form's JSON Schema that have neither a value nor a default: a new
 * request starts them at today's date as the server counts it (getCurrentDate), not the browser's clock.
 */
export function emptyDateFields(schema: Record<string, unknown>, data: Record<string, unknown>): string[] {
  const properties = schema.properties;
  if (!properties || typeof properties !== 'object') return [];
  return Object.entries(properties as Record<string, Record<string, unknown>>)
    .filter(
      ([name, field]) =>
        field.type === 'string' &&
        field.format === 'date' &&
        field.default === undefined &&
        (data[name] === undefined || data[name] === null || data[name] === ''),
    )
    .map(([name]) => name);
}
