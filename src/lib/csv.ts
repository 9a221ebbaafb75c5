/**
 * A small RFC 4180 reader for the import templates: `;` or `,` separated, fields optionally
 * quoted with `"` (a quote inside a quoted field is doubled), records ended by CRLF, LF or CR.
 * Lenient where spreadsheets are sloppy: text after a closing quote is kept, a quote inside an
 * unquoted field is literal, and an unterminated quote is reported on its record.
 */

export type CsvDelimiter = ";" | ",";

export type CsvRecord = {
  /** 1-based line of the file where the record starts (the header is line 1). */
  line: number;
  fields: string[];
  /** The record opened a quote that the file never closed (it ran to the end of the file). */
  unterminatedQuote?: true;
};

const QUOTE = 34;
const CR = 13;
const LF = 10;

/** The delimiter of a file: whichever of `;` and `,` appears more often outside quotes in its first line. */
export function detectDelimiter(text: string): CsvDelimiter {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char === ";") semicolons++;
    else if (!quoted && char === ",") commas++;
  }
  return commas > semicolons ? "," : ";";
}

/** True for a record with a single empty field: a blank line, skipped by readers. */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.length === 1 && record.fields[0]!.trim() === "";
}

/** Yields the records of `text` one by one, so a large file is never held as one array of rows. */
export function* parseCsv(text: string, delimiter: CsvDelimiter): Generator<CsvRecord> {
  for (const { record } of parseCsvFrom(text, delimiter, 1)) yield record;
}

/**
 * The records of `text`, a piece of a file whose first line is `firstLine`, each with `end` (the
 * index in `text` right after the record and its line break) and `nextLine` (the line where the
 * next record starts): what a reader needs to resume the file after any record.
 */
export function* parseCsvFrom(
  text: string,
  delimiter: CsvDelimiter,
  firstLine: number,
): Generator<{ record: CsvRecord; end: number; nextLine: number }> {
  const separator = delimiter.charCodeAt(0);
  const length = text.length;
  let position = 0;
  let line = firstLine;
  while (position < length) {
    const startLine = line;
    const fields: string[] = [];
    let unterminated = false;
    let endOfRecord = false;
    while (!endOfRecord) {
      let value = "";
      if (text.charCodeAt(position) === QUOTE) {
        position++;
        let closed = false;
        while (position < length) {
          const next = text.indexOf('"', position);
          if (next === -1) {
            value += text.slice(position);
            line += countLineBreaks(text, position, length);
            position = length;
            break;
          }
          value += text.slice(position, next);
          line += countLineBreaks(text, position, next);
          if (text.charCodeAt(next + 1) === QUOTE) {
            value += '"';
            position = next + 2;
          } else {
            position = next + 1;
            closed = true;
            break;
          }
        }
        if (!closed) unterminated = true;
      }
      // Unquoted text, or whatever follows a closing quote up to the next delimiter or line end.
      const start = position;
      while (position < length) {
        const code = text.charCodeAt(position);
        if (code === separator || code === LF || code === CR) break;
        position++;
      }
      value += text.slice(start, position);
      fields.push(value);
      if (position >= length) {
        endOfRecord = true;
      } else if (text.charCodeAt(position) === separator) {
        position++;
        if (position >= length) fields.push("");
        if (position >= length) endOfRecord = true;
      } else {
        position += text.charCodeAt(position) === CR && text.charCodeAt(position + 1) === LF ? 2 : 1;
        line++;
        endOfRecord = true;
      }
    }
    const record: CsvRecord = unterminated
      ? { line: startLine, fields, unterminatedQuote: true }
      : { line: startLine, fields };
    yield { record, end: position, nextLine: line };
  }
}

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === LF) count++;
    else if (code === CR && text.charCodeAt(i + 1) !== LF) count++;
  }
  return count;
}
