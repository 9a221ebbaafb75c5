/**
 * Rows as JSON list texts for set-based statements: a statement reads its rows from ONE JSON
 * parameter (`json_each`), so thousands of rows are a few statements within D1's 100 bound
 * parameters, each list kept under D1's 100 KB a statement.
 */

/** The largest JSON list (UTF-8 bytes) one statement carries: under D1's 100 KB, with room to spare. */
export const MAX_JSON_BYTES = 90_000;

/** Any character outside ASCII (code 128 and above). */
const NON_ASCII = /[\u0080-\uffff]/;

/** UTF-8 length of a string (JSON.stringify leaves non-ASCII characters as they are). */
export function utf8Length(text: string): number {
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4; // a surrogate pair: one 4-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Rows stringified together (one `JSON.stringify` per group is about twice as fast as one per row). */
const ROWS_PER_GROUP = 128;

/**
 * `rows` as JSON list texts of at most `maxBytes` (UTF-8) each, in order, each list filled with
 * as many rows as fit (a row larger than `maxBytes` is a list of its own). Rows are stringified
 * in groups; a group that does not fit where the list stands is halved until its rows do, one by
 * one at the end, so the lists are the ones row-by-row filling makes.
 */
export function jsonLists(rows: readonly unknown[], maxBytes = MAX_JSON_BYTES): string[] {
  const lists: string[] = [];
  let current = "";
  let bytes = 2;
  const close = () => {
    if (current === "") return;
    lists.push(`[${current}]`);
    current = "";
    bytes = 2;
  };
  const add = (from: number, to: number) => {
    const inner = JSON.stringify(rows.slice(from, to)).slice(1, -1);
    const length = utf8Length(inner);
    const comma = current === "" ? 0 : 1;
    if (bytes + comma + length <= maxBytes) {
      current = comma ? `${current},${inner}` : inner;
      bytes += comma + length;
      return;
    }
    if (to - from > 1) {
      const middle = from + Math.ceil((to - from) / 2);
      add(from, middle);
      add(middle, to);
      return;
    }
    close();
    current = inner;
    bytes += length;
  };
  for (let from = 0; from < rows.length; from += ROWS_PER_GROUP)
    add(from, Math.min(rows.length, from + ROWS_PER_GROUP));
  close();
  return lists;
}
