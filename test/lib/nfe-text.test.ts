import { describe, expect, it } from "vitest";
import { codePointName, nfeTextIssue } from "../../src/lib/nfe-text";

describe("nfeTextIssue: the characters of the NF-e's TString (U+0020 to U+00FF)", () => {
  it("accepts Latin-1 text: accents, ordinals, ampersand, angle brackets", () => {
    expect(nfeTextIssue("Praça da Sé, nº 5 - 3ª & <Cia> ÿ")).toBeUndefined();
  });

  it.each(["a\nb", "a\tb", "a\rb", "\u0000", "a\u007Fb", "a\u0085b", "a\u009Fb"])(
    "refuses the control in %j",
    (text) => {
      expect(nfeTextIssue(text)).toEqual({ kind: "control" });
    },
  );

  it.each([
    ["Rua — A", 0x2014],
    ["“x”", 0x201c],
    ["€ 5", 0x20ac],
    ["🎉", 0x1f389],
    ["a\u202Eb", 0x202e],
    ["Ā", 0x100],
  ])("refuses the character beyond U+00FF in %j", (text, codePoint) => {
    expect(nfeTextIssue(text)).toEqual({ kind: "character", codePoint });
  });

  it("names a code point as U+XXXX", () => {
    expect(codePointName(0x2014)).toBe("U+2014");
    expect(codePointName(0x1f389)).toBe("U+1F389");
    expect(codePointName(0xa)).toBe("U+000A");
  });
});
