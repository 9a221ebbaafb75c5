import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { drawableText } from "../../../src/domain/orders/exchange-receipt";

let drawable: Set<number>;

beforeAll(async () => {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  drawable = new Set(font.getCharacterSet());
});

describe("drawableText (WinAnsi of the standard fonts)", () => {
  it.each([
    ["Ação à vista, pé-de-moleque", "Ação à vista, pé-de-moleque"],
    ["e\u0301 a\u0303o", "é ão"],
    ["ﬁ Ａ ő Ł ł", "fi A o ? ?"],
    ["€ — “aspas” …", "€ — “aspas” …"],
    ["a\u0000b\u0007c\td\ne\u0085f\u009fg\u007fh", "a b c d e f g h"],
    ["🚀 👍🏽 👨‍👩‍👧", "? ?? ???"],
    ["中文 日本語 한국어", "?? ??? ???"],
    ["\u200fעברית\u200e العربية", "????? ???????"],
    ["\ud800 lone", "? lone"],
    ["\u0301solto", "solto"],
  ])("%j -> %j", (text, drawn) => {
    expect(drawableText(text, drawable)).toBe(drawn);
  });

  it("answers only what the font encodes, for every code point", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.HelveticaBold);
    let all = "";
    for (let cp = 0; cp <= 0x2ffff; cp += cp < 0x3000 ? 1 : 97) all += String.fromCodePoint(cp);
    const text = drawableText(all, drawable);
    expect(() => font.widthOfTextAtSize(text, 11)).not.toThrow();
    expect(() => font.encodeText(text)).not.toThrow();
  });
});
