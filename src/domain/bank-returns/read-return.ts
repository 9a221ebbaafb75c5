import { type DecodedText, decodeText } from "../../lib/text-decoding";
import { BANK_RETURN_MESSAGES as M } from "./messages";
import { readCnab240 } from "./read-cnab240";
import { readCnab400 } from "./read-cnab400";
import { ReturnFileError } from "./records";
import type { BankReturn, BankReturnFailure } from "./types";

/**
 * Reads a bank's cobrança return file (retorno CNAB 240 or 400) into one record per title event.
 *
 * The layout is recognised from the file itself: the length of its first line (240 or 400) and
 * that line being a return header, whose bank number picks the bank's table (layouts/). Bytes are
 * UTF-8 when valid, otherwise Windows-1252 (which covers ISO-8859-1's letters); lines end in CRLF or
 * LF, a final line end and a DOS end-of-file mark (Ctrl-Z) are fine.
 *
 * A line that cannot be read (wrong length, a non-numeric value, an impossible date, an unknown
 * occurrence code, a segment T without its U) is an error of that line: the other records are read.
 * The whole file fails (`ok: false`, nothing of it to apply) when it is empty, not a return, of an
 * unsupported bank, truncated (no file trailer at the end), or when a trailer's record counts or
 * totals disagree with the file.
 *
 * Checking the file's bank against the account's is the caller's: `bankCode` is in the answer.
 */
export function readBankReturn(bytes: Uint8Array): BankReturn | BankReturnFailure {
  const { lines, encoding } = decodedLines(bytes);
  if (lines.length === 0) return { ok: false, line: null, message: M.empty };
  const first = lines[0]!;
  try {
    if (first.length === 240) return { ...readCnab240(lines), encoding };
    if (first.length === 400) return { ...readCnab400(lines), encoding };
    return { ok: false, line: 1, message: M.unknownLayout(first.length) };
  } catch (error) {
    if (error instanceof ReturnFileError) return { ok: false, line: error.line, message: error.message };
    throw error;
  }
}

/**
 * The file's lines, decoded as UTF-8 when its bytes are valid UTF-8, else as Windows-1252. A
 * Windows-1252 file whose few accents happen to form valid UTF-8 (`Ãº` is the bytes of `ú`) would
 * lose a character per pair: when only the Windows-1252 reading gives every line the layout's
 * width, that reading is the file's.
 */
function decodedLines(bytes: Uint8Array): { lines: string[]; encoding: DecodedText["encoding"] } {
  const decoded = decodeText(bytes);
  const lines = splitLines(decoded.text);
  if (decoded.encoding !== "utf-8" || fixedWidth(lines)) return { lines, encoding: decoded.encoding };
  const single = splitLines(new TextDecoder("windows-1252").decode(bytes));
  return fixedWidth(single)
    ? { lines: single, encoding: "windows-1252" }
    : { lines, encoding: decoded.encoding };
}

/** Every line as wide as a CNAB 240 or 400 line, the same for all. */
function fixedWidth(lines: string[]): boolean {
  const width = lines[0]?.length;
  return (width === 240 || width === 400) && lines.every((line) => line.length === width);
}

/** The DOS end-of-file mark some banks' systems still append. */
const CTRL_Z = 0x1a;

/** Lines without their ends (CRLF, LF or a lone CR); blank lines and a Ctrl-Z at the end dropped. */
function splitLines(text: string): string[] {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === CTRL_Z) end--;
  const lines = text.slice(0, end).split(/\r\n|\n|\r/);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === "") lines.pop();
  return lines;
}
