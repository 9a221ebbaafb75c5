/** A LIKE pattern and the escape character it was written with (`... LIKE pattern ESCAPE escape`). */
export type LikePattern = { pattern: string; escape: string };

const ESCAPE = "\\";

/**
 * LIKE pattern of a free-text search: `%` and `_` typed by the user match literally, and every
 * space becomes a `%` wildcard (SPEC: brand Search), so `nike air` finds `Nike Air Max`.
 */
export function searchPattern(search: string): LikePattern {
  const literal = search.replace(/[\\%_]/g, (char) => `${ESCAPE}${char}`);
  return { pattern: `%${literal.replace(/ /g, "%")}%`, escape: ESCAPE };
}
