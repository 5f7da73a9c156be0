/** "a,b, c" → ['a','b','c']: the ids of a `?ids=` query, without blanks or repeats. */
export const splitIds = (ids: string): string[] => [
  ...new Set(
    ids
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  ),
];
