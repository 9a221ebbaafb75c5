import { describe, expect, it } from "vitest";
import { type CsvRecord, detectDelimiter, isBlankRecord, parseCsv } from "../../src/lib/csv";

const parse = (text: string, delimiter: ";" | "," = ";") => [...parseCsv(text, delimiter)];

describe("detectDelimiter", () => {
  it.each([
    ["code;name;price\n1,5;2", ";"],
    ["code,name,price\n1;2", ","],
    ['"a;b",c,d\n', ","],
    ['"a,b,c";d;e', ";"],
    ["code", ";"],
    ["", ";"],
  ])("%j -> %s", (text, expected) => {
    expect(detectDelimiter(text)).toBe(expected);
  });
});

describe("parseCsv", () => {
  it.each<[string, string, ";" | ",", CsvRecord[]]>([
    [
      "simple LF",
      "a;b\nc;d\n",
      ";",
      [
        { line: 1, fields: ["a", "b"] },
        { line: 2, fields: ["c", "d"] },
      ],
    ],
    [
      "CRLF, no final newline",
      "a,b\r\nc,d",
      ",",
      [
        { line: 1, fields: ["a", "b"] },
        { line: 2, fields: ["c", "d"] },
      ],
    ],
    [
      "lone CR",
      "a;b\rc;d",
      ";",
      [
        { line: 1, fields: ["a", "b"] },
        { line: 2, fields: ["c", "d"] },
      ],
    ],
    [
      "empty fields",
      ";;\n;x;",
      ";",
      [
        { line: 1, fields: ["", "", ""] },
        { line: 2, fields: ["", "x", ""] },
      ],
    ],
    [
      "quoted delimiter and doubled quotes",
      '"a;b";"say ""hi"""\n',
      ";",
      [{ line: 1, fields: ["a;b", 'say "hi"'] }],
    ],
    [
      "quoted newline keeps line numbers",
      'x;"one\ntwo"\ny;z\n',
      ";",
      [
        { line: 1, fields: ["x", "one\ntwo"] },
        { line: 3, fields: ["y", "z"] },
      ],
    ],
    [
      "quoted CRLF",
      '"a\r\nb";c\r\nd;e',
      ";",
      [
        { line: 1, fields: ["a\r\nb", "c"] },
        { line: 3, fields: ["d", "e"] },
      ],
    ],
    [
      "blank lines are records of one empty field",
      "a\n\nb\n",
      ";",
      [
        { line: 1, fields: ["a"] },
        { line: 2, fields: [""] },
        { line: 3, fields: ["b"] },
      ],
    ],
    ["text after a closing quote is kept", '"ab"c;d', ";", [{ line: 1, fields: ["abc", "d"] }]],
    ["quote inside an unquoted field is literal", 'ab"c;d', ";", [{ line: 1, fields: ['ab"c', "d"] }]],
    ["empty quoted field", '"";x', ";", [{ line: 1, fields: ["", "x"] }]],
    [
      "unterminated quote runs to the end",
      'a;"open\nb;c',
      ";",
      [{ line: 1, fields: ["a", "open\nb;c"], unterminatedQuote: true }],
    ],
    ["empty text", "", ";", []],
  ])("%s", (_name, text, delimiter, expected) => {
    expect(parse(text, delimiter)).toEqual(expected);
  });

  it("streams records one at a time", () => {
    const records = parseCsv("a\nb\nc\n", ";");
    expect(records.next().value).toEqual({ line: 1, fields: ["a"] });
    expect(records.next().value).toEqual({ line: 2, fields: ["b"] });
  });

  it("isBlankRecord spots lines with nothing", () => {
    expect(isBlankRecord({ line: 1, fields: [""] })).toBe(true);
    expect(isBlankRecord({ line: 1, fields: ["  "] })).toBe(true);
    expect(isBlankRecord({ line: 1, fields: ["", ""] })).toBe(false);
    expect(isBlankRecord({ line: 1, fields: ["x"] })).toBe(false);
  });
});
