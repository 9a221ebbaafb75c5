import { describe, expect, it } from "vitest";
import { decodeOfxBytes } from "../../../src/domain/ofx/decode";
import { cp1252, utf8 } from "./build";

const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => Array.from(part)));

describe("decodeOfxBytes", () => {
  it.each([
    ["plain ASCII", utf8("<MEMO>PIX RECEBIDO"), "<MEMO>PIX RECEBIDO", "ascii"],
    ["UTF-8", utf8("COBRANÇA DÉBITO Café €uro —"), "COBRANÇA DÉBITO Café €uro —", "utf-8"],
    ["windows-1252", cp1252("COBRANÇA DÉBITO Café €uro —"), "COBRANÇA DÉBITO Café €uro —", "windows-1252"],
    ["UTF-8 with BOM", concat(Uint8Array.of(0xef, 0xbb, 0xbf), utf8("<OFX>ção")), "<OFX>ção", "utf-8"],
    [
      "CP1252 after a UTF-8 BOM",
      concat(Uint8Array.of(0xef, 0xbb, 0xbf), cp1252("ção")),
      "ção",
      "windows-1252",
    ],
    [
      "UTF-16LE with BOM",
      Uint8Array.of(0xff, 0xfe, 0x3c, 0, 0x4f, 0, 0x46, 0, 0x58, 0, 0x3e, 0, 0xe7, 0),
      "<OFX>ç",
      "utf-16le",
    ],
    [
      "UTF-16LE without BOM",
      Uint8Array.of(0x3c, 0, 0x4f, 0, 0x46, 0, 0x58, 0, 0x3e, 0, 0xe3, 0),
      "<OFX>ã",
      "utf-16le",
    ],
    // a file pasted together from both encodings: each part reads right
    ["mixed", concat(cp1252("CARTÃO "), utf8("CRÉDITO")), "CARTÃO CRÉDITO", "utf-8+windows-1252"],
    // Itaú: UTF-8 read as windows-1252 and saved again as UTF-8
    ["doubly encoded Í", Uint8Array.of(0x53, 0xc3, 0x83, 0xc2, 0x8d, 0x54), "SÍT", "utf-8 (double-encoded)"],
    ["doubly encoded ção", utf8("AÃ§Ã£o"), "Ação", "utf-8 (double-encoded)"],
    // the same pairs next to a genuine accent are left alone
    ["genuine text with Ã", utf8("CARTÃO AÃ§Ã£o"), "CARTÃO AÃ§Ã£o", "utf-8"],
  ])("%s", (_, bytes, text, encoding) => {
    expect(decodeOfxBytes(bytes)).toEqual({ text, encoding });
  });

  it("reads every byte 0x80-0xFF that is not UTF-8 as windows-1252", () => {
    const high = Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i);
    const { text, encoding } = decodeOfxBytes(high);
    expect(encoding).toBe("windows-1252");
    expect(text).toBe(new TextDecoder("windows-1252").decode(high));
  });
});
