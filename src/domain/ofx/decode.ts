/**
 * Bytes to text. The bytes decide, not the header: Brazilian banks declare `CHARSET:1252` and send
 * UTF-8, or declare `ENCODING:UTF-8` and send CP1252, so the declared charset is only reported.
 *
 * - a BOM (UTF-8, UTF-16) wins;
 * - valid UTF-8 is read as UTF-8 (CP1252 text practically never forms valid multi-byte sequences);
 * - otherwise each byte is read as windows-1252 (a superset of ISO-8859-1's printable characters,
 *   what every single-byte Brazilian export uses), except well-formed UTF-8 sequences, which are
 *   kept as UTF-8: a file pasted together from both encodings still reads right;
 * - a whole text that is UTF-8 encoded twice (`Ã\u008D` for `Í`) is repaired.
 */
export type DecodedText = { text: string; encoding: string };

// `byteOrderMark` handles a leading BOM; `ignoreBOM` keeps a U+FEFF met mid-file instead of dropping it.
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

export function decodeOfxBytes(bytes: Uint8Array): DecodedText {
  const bom = byteOrderMark(bytes);
  if (bom === "utf-8") return decodeUtf8OrMixed(bytes.subarray(3));
  if (bom) return { text: new TextDecoder(bom).decode(bytes.subarray(2)), encoding: bom };
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16 };
  if (isAscii(bytes)) return { text: lenientUtf8.decode(bytes), encoding: "ascii" };
  return decodeUtf8OrMixed(bytes);
}

function byteOrderMark(bytes: Uint8Array): "utf-8" | "utf-16le" | "utf-16be" | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return null;
}

/** `O\0F\0X\0` or `<\0O\0`: UTF-16 without a BOM (ASCII letters with a zero byte beside each). */
function utf16WithoutBom(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  if (bytes.length < 8) return null;
  const evenZero = bytes[0] === 0 && bytes[2] === 0 && bytes[4] === 0 && bytes[6] === 0;
  const oddZero = bytes[1] === 0 && bytes[3] === 0 && bytes[5] === 0 && bytes[7] === 0;
  if (oddZero && !evenZero && bytes[0]! < 0x80 && bytes[2]! < 0x80) return "utf-16le";
  if (evenZero && !oddZero && bytes[1]! < 0x80 && bytes[3]! < 0x80) return "utf-16be";
  return null;
}

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return false;
  return true;
}

function decodeUtf8OrMixed(bytes: Uint8Array): DecodedText {
  try {
    const text = strictUtf8.decode(bytes);
    const repaired = repairDoubleEncoding(text);
    return repaired === null
      ? { text, encoding: "utf-8" }
      : { text: repaired, encoding: "utf-8 (double-encoded)" };
  } catch {
    return decodeMixed(bytes);
  }
}

/** windows-1252 as WHATWG defines it: 0x80..0x9F hold € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ. */
const CP1252_HIGH = new TextDecoder("windows-1252").decode(
  Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i),
);

function decodeMixed(bytes: Uint8Array): DecodedText {
  if (!hasUtf8Sequence(bytes)) return { text: windows1252.decode(bytes), encoding: "windows-1252" };
  const parts: string[] = [];
  let runStart = 0;
  let sawUtf8 = false;
  let sawSingleByte = false;
  let i = 0;
  const flushAscii = (end: number) => {
    if (end > runStart) parts.push(lenientUtf8.decode(bytes.subarray(runStart, end)));
  };
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte < 0x80) {
      i++;
      continue;
    }
    const length = utf8SequenceLength(bytes, i);
    flushAscii(i);
    if (length > 0) {
      parts.push(lenientUtf8.decode(bytes.subarray(i, i + length)));
      sawUtf8 = true;
      i += length;
    } else {
      parts.push(CP1252_HIGH[byte - 0x80]!);
      sawSingleByte = true;
      i++;
    }
    runStart = i;
  }
  flushAscii(bytes.length);
  const encoding = sawUtf8 && sawSingleByte ? "utf-8+windows-1252" : "windows-1252";
  return { text: parts.join(""), encoding };
}

const windows1252 = new TextDecoder("windows-1252");

/** Whether any byte at or above 0x80 starts a well-formed UTF-8 sequence (else the text is plain windows-1252). */
function hasUtf8Sequence(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! < 0xc2) continue;
    // every sequence continues with a byte 0x80..0xBF: a single-byte letter before ASCII fails here
    const next = bytes[i + 1];
    if (next !== undefined && next >= 0x80 && next <= 0xbf && utf8SequenceLength(bytes, i) > 0) return true;
  }
  return false;
}

/** Length of the well-formed UTF-8 sequence starting at `i` (RFC 3629 table), 0 when there is none. */
function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i]!;
  const cont = (k: number, low = 0x80, high = 0xbf) => {
    const b = bytes[i + k];
    return b !== undefined && b >= low && b <= high;
  };
  if (b0 >= 0xc2 && b0 <= 0xdf) return cont(1) ? 2 : 0;
  if (b0 === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if ((b0 >= 0xe1 && b0 <= 0xec) || b0 === 0xee || b0 === 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (b0 === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (b0 === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (b0 >= 0xf1 && b0 <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (b0 === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

const MOJIBAKE =
  /[\u00c2-\u00f4][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013-\u203a\u20ac\u2122]/;

/**
 * Text that was UTF-8, read as windows-1252 and written again as UTF-8 shows pairs like `Ã©`.
 * When every non-ASCII character of the text maps back to a windows-1252 byte and those bytes
 * form valid UTF-8, the text is the double encoding of that UTF-8: return it repaired. A single
 * genuine accented character (`CARTÃO`) makes the bytes invalid UTF-8, so genuine text is never touched.
 */
function repairDoubleEncoding(text: string): string | null {
  if (!MOJIBAKE.test(text)) return null;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const byte = code < 0x80 ? code : CP1252_BYTE.get(code);
    if (byte === undefined) return null;
    bytes[i] = byte;
  }
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

const CP1252_BYTE = new Map<number, number>(
  Array.from(CP1252_HIGH, (char, i) => [char.charCodeAt(0), 0x80 + i] as [number, number]),
);
