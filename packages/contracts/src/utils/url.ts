/** Fills the {name} placeholders of a url template from a context object (spec §8). */

export type UrlContext = Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * '/a/{id}/b?x={x}' with { id: 7, x: 'a b' } → '/a/7/b?x=a%20b'. Values are URL-encoded.
 * Throws an Error naming the first variable the context lacks (absent, null or undefined).
 */
export function fillUrl(template: string, context: UrlContext): string {
  return template.replace(/\{([^{}]+)\}/g, (_placeholder, name: string) => {
    const value = Object.hasOwn(context, name) ? context[name] : undefined;
    if (value === null || value === undefined) {
      throw new Error(`url variable "${name}" is missing from the context of "${template}"`);
    }
    return encodeURIComponent(String(value));
  });
}
