import { describe, expect, it } from "vitest";
import { decodeText } from "../../src/lib/text-decoding";

describe("decodeText", () => {
  it.each<[string, number[], string, string]>([
    ["UTF-8", [0x4d, 0x61, 0xc3, 0xa7, 0xc3, 0xa3], "Maçã", "utf-8"],
    ["UTF-8 with BOM", [0xef, 0xbb, 0xbf, 0x41], "A", "utf-8"],
    ["Latin-1 accents", [0x4d, 0x61, 0xe7, 0xe3], "Maçã", "windows-1252"],
    ["Windows-1252 dash and quotes", [0x96, 0x20, 0x93, 0x78, 0x94], "– “x”", "windows-1252"],
    ["plain ASCII", [0x61, 0x3b, 0x62], "a;b", "utf-8"],
  ])("%s", (_name, bytes, text, encoding) => {
    expect(decodeText(Uint8Array.from(bytes))).toEqual({ text, encoding });
  });
});
