/** Text of an uploaded file: UTF-8 when the bytes are valid UTF-8, otherwise Windows-1252 (Latin-1). */
export type DecodedText = { text: string; encoding: "utf-8" | "windows-1252" };

/**
 * Brazilian spreadsheets saved as "CSV" by Excel come in Windows-1252; newer tools write UTF-8.
 * A Latin-1 file with accents is almost never valid UTF-8, so strict UTF-8 first is a safe test.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}
