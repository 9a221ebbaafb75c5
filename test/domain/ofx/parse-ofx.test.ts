import { describe, expect, it } from "vitest";
import { OfxParseError, type OfxParseResult, parseOfx } from "../../../src/domain/ofx";
import { bankStatement, cardStatement, cp1252, SGML_HEADER, sgmlFile, stmttrn, utf8 } from "./build";
import { fixture, fixturePaths } from "./fixtures";

const options = { timeZone: "America/Sao_Paulo" };
const parse = (bytes: Uint8Array) => parseOfx(bytes, options);
const parseText = (text: string) => parse(utf8(text));

function failure(bytes: Uint8Array): OfxParseError {
  try {
    parse(bytes);
  } catch (error) {
    if (error instanceof OfxParseError) return error;
    throw error;
  }
  throw new Error("parsed without error");
}

const oneTransaction = sgmlFile([bankStatement([stmttrn({ FITID: "1", MEMO: "PIX" })])]);
const body = oneTransaction.slice(SGML_HEADER.length);

const memos = (result: OfxParseResult) => result.statements.flatMap((s) => s.transactions.map((t) => t.memo));

describe("parseOfx: headers and layouts", () => {
  it.each([
    ["SGML header, LF", oneTransaction],
    ["SGML header, CRLF", oneTransaction.replaceAll("\n", "\r\n")],
    ["SGML header with bare CR lines", `${SGML_HEADER.replaceAll("\n", "\r")}${body}`],
    ["header on one line glued to <OFX>", `${SGML_HEADER.replaceAll("\n", "")}${body.replaceAll("\n", "")}`],
    ["blank lines and BOM first", `\uFEFF\n\n\n${oneTransaction}`],
    ["spaces after the colons", `${SGML_HEADER.replaceAll(":", ": ").replace("USASCII", "UTF - 8")}${body}`],
    ["no header at all", body],
    [
      "lower-case tags",
      oneTransaction.replace(/<(\/?)([A-Z]+)>/g, (_, slash, name) => `<${slash}${name.toLowerCase()}>`),
    ],
    [
      "OFX 2.x XML",
      `<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n${body.replace(/<(TRNTYPE|DTPOSTED|TRNAMT|FITID|MEMO)>(.*)\n/g, "<$1>$2</$1>\n")}`,
    ],
  ])("%s", (_, text) => {
    const result = parseText(text);
    expect(result.statements).toHaveLength(1);
    expect(result.statements[0]!.transactions).toMatchObject([{ fitId: "1", memo: "PIX", amount: -1000 }]);
  });

  it("reports syntax, version and the declared charset", () => {
    expect(parseText(oneTransaction)).toMatchObject({
      syntax: "sgml",
      version: "102",
      declaredCharset: "USASCII/1252",
    });
    const xml = `<?xml version="1.0" encoding="ISO-8859-1"?><?OFX OFXHEADER="200" VERSION="220"?>${body}`;
    expect(parseText(xml)).toMatchObject({ syntax: "xml", version: "220", declaredCharset: "ISO-8859-1" });
    expect(parseText(body)).toMatchObject({ syntax: "sgml", version: null, declaredCharset: null });
  });
});

describe("parseOfx: statements", () => {
  it("reads account, currency, period, balances and every transaction field", () => {
    const text = sgmlFile([
      bankStatement([
        stmttrn({
          TRNTYPE: "payment ",
          DTPOSTED: "20240105103000[-3:BRT]",
          DTUSER: "20240104",
          TRNAMT: "-1.234,56",
          FITID: " F1 ",
          CHECKNUM: "850076",
          REFNUM: "391.100.701",
          NAME: "Fornecedor &amp; Cia",
          MEMO: "PAGTO   BOLETO",
        }).replace("</STMTTRN>", "<PAYEE>\n<NAME>Fornecedor Ltda\n</PAYEE>\n</STMTTRN>"),
      ]),
    ]).replace(
      "<BALAMT>1000.00\n<DTASOF>20240131\n</LEDGERBAL>",
      "<BALAMT>1000.00\n<DTASOF>20240131120000[-3:BRT]\n</LEDGERBAL>\n<AVAILBAL>\n<BALAMT>-5,5\n<DTASOF>20240131\n</AVAILBAL>",
    );
    const [statement] = parseText(text).statements;
    expect(statement).toEqual({
      kind: "bank",
      line: 28,
      currency: "BRL",
      account: { bankId: "0341", branchId: null, accountId: "12345-6", accountType: "CHECKING" },
      start: { date: "2024-01-01", dateTime: "2024-01-01 00:00:00" },
      end: { date: "2024-01-31", dateTime: "2024-01-31 00:00:00" },
      ledgerBalance: { amount: 100000, asOf: { date: "2024-01-31", dateTime: "2024-01-31 12:00:00" } },
      availableBalance: { amount: -550, asOf: { date: "2024-01-31", dateTime: "2024-01-31 00:00:00" } },
      transactions: [
        {
          line: 38,
          type: "PAYMENT",
          posted: { date: "2024-01-05", dateTime: "2024-01-05 10:30:00" },
          user: { date: "2024-01-04", dateTime: "2024-01-04 00:00:00" },
          amount: -123456,
          fitId: "F1",
          checkNumber: "850076",
          refNumber: "391.100.701",
          name: "Fornecedor & Cia",
          memo: "PAGTO   BOLETO",
          payeeName: "Fornecedor Ltda",
        },
      ],
    });
  });

  it("returns several statements, bank and credit card, each with its account and transactions", () => {
    const result = parseText(
      sgmlFile(
        [
          bankStatement([stmttrn({ FITID: "a" })], { bankId: "0341", acctId: "11111-1" }),
          bankStatement([], { bankId: "0341", acctId: "22222-2" }),
        ],
        [
          cardStatement([
            stmttrn({ FITID: "c1", TRNAMT: "-89.90" }),
            stmttrn({ FITID: "c2", TRNAMT: "500" }),
          ]),
        ],
      ),
    );
    expect(
      result.statements.map((s) => [
        s.kind,
        s.account?.accountId,
        s.transactions.map((t) => [t.fitId, t.amount]),
      ]),
    ).toEqual([
      ["bank", "11111-1", [["a", -1000]]],
      ["bank", "22222-2", []],
      [
        "creditCard",
        "5555-XXXX",
        [
          ["c1", -8990],
          ["c2", 50000],
        ],
      ],
    ]);
    expect(result.statements[2]!.account).toEqual({
      bankId: null,
      branchId: null,
      accountId: "5555-XXXX",
      accountType: null,
    });
  });

  it("finds statements without wrappers and transactions without BANKTRANLIST", () => {
    const text = `${SGML_HEADER}<OFX>\n<STMTRS>\n<CURDEF>USD\n<BANKTRANLIST>\n${stmttrn({ FITID: "x" })}</BANKTRANLIST>\n</STMTRS>\n<CCSTMTRS>\n${stmttrn({ FITID: "y" })}</CCSTMTRS>\n</OFX>\n`;
    const result = parseText(text);
    expect(result.statements.map((s) => [s.kind, s.account, s.transactions.map((t) => t.fitId)])).toEqual([
      ["bank", null, ["x"]],
      ["creditCard", null, ["y"]],
    ]);
  });

  it("accepts a statement with an empty BANKTRANLIST or with balances only", () => {
    const result = parseText(
      sgmlFile([bankStatement([]), bankStatement([]).replace(/<BANKTRANLIST>[\s\S]*<\/BANKTRANLIST>\n/, "")]),
    );
    expect(result.statements.map((s) => [s.transactions.length, s.ledgerBalance?.amount])).toEqual([
      [0, 100000],
      [0, 100000],
    ]);
  });
});

describe("parseOfx: text encodings", () => {
  const accented = (header: string) =>
    sgmlFile([bankStatement([stmttrn({ MEMO: "COBRANÇA DÉB AUTORIZADO €5 — cartão" })])], [], header);
  const utf8Header = SGML_HEADER.replace("USASCII", "UTF-8").replace("1252", "NONE");

  it.each([
    ["CP1252 under a 1252 header", cp1252(accented(SGML_HEADER)), "windows-1252"],
    ["CP1252 under a UTF-8 header", cp1252(accented(utf8Header)), "windows-1252"],
    ["UTF-8 under a 1252 header", utf8(accented(SGML_HEADER)), "utf-8"],
    ["UTF-8 under a UTF-8 header", utf8(accented(utf8Header)), "utf-8"],
    [
      "UTF-8 under an XML ISO-8859-1 declaration",
      utf8(`<?xml version="1.0" encoding="ISO-8859-1"?>${accented("")}`),
      "utf-8",
    ],
  ])("%s", (_, bytes, encoding) => {
    const result = parse(bytes);
    expect(result.encoding).toBe(encoding);
    expect(memos(result)).toEqual(["COBRANÇA DÉB AUTORIZADO €5 — cartão"]);
  });
});

describe("parseOfx: problems that only skip a transaction", () => {
  it("leaves out a transaction without a readable amount or date, and says where", () => {
    const text = sgmlFile([
      bankStatement([
        stmttrn({ FITID: "ok1" }),
        stmttrn({ FITID: "bad-amount", TRNAMT: "abc" }),
        stmttrn({ FITID: "no-amount", TRNAMT: undefined }),
        stmttrn({ FITID: "bad-date", DTPOSTED: "20120231" }),
        stmttrn({ FITID: "no-date", DTPOSTED: "" }),
        stmttrn({ FITID: "ok2", DTUSER: "lixo" }),
      ]),
    ]);
    const result = parseText(text);
    expect(result.statements[0]!.transactions.map((t) => [t.fitId, t.user])).toEqual([
      ["ok1", null],
      ["ok2", null],
    ]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Linha 47: TRNAMT inválido: "abc"; lançamento ignorado',
      "Linha 50: lançamento sem TRNAMT; lançamento ignorado",
      'Linha 57: DTPOSTED inválido: "20120231"; lançamento ignorado',
      "Linha 61: lançamento sem DTPOSTED; lançamento ignorado",
    ]);
    expect(result.warnings[0]).toEqual({
      line: 47,
      reason: 'TRNAMT inválido: "abc"; lançamento ignorado',
      message: 'Linha 47: TRNAMT inválido: "abc"; lançamento ignorado',
    });
  });

  it("drops an unreadable balance, an empty statement and a statement the bank answered with an error", () => {
    const text = sgmlFile([
      bankStatement([stmttrn({ FITID: "1" })]).replace("<BALAMT>1000.00", "<BALAMT>mil"),
    ])
      .replace("<SIGNONMSGSRSV1>", "<STMTRS>\n</STMTRS>\n<SIGNONMSGSRSV1>")
      .replace(
        "</OFX>",
        "<BANKMSGSRSV1>\n<STMTTRNRS>\n<STATUS>\n<CODE>2000\n<SEVERITY>ERROR\n<MESSAGE>Erro geral\n</STATUS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>",
      );
    const result = parseText(text);
    expect(result.statements).toHaveLength(1);
    expect(result.statements[0]!.ledgerBalance).toBeNull();
    expect(result.warnings.map((w) => w.message)).toEqual([
      "Linha 12: extrato sem conta, lançamentos nem saldo; extrato ignorado",
      'Linha 48: BALAMT inválido: "mil"; saldo ignorado',
      "Linha 56: o banco respondeu com erro 2000: Erro geral; extrato ignorado",
    ]);
  });
});

describe("parseOfx: problems fatal to the file", () => {
  const cut = (text: string, end: string) => text.slice(0, text.indexOf(end));

  it.each([
    ["empty file", new Uint8Array(), null, "Arquivo OFX vazio"],
    ["only whitespace", utf8(" \r\n\t\n"), null, "Arquivo OFX vazio"],
    ["plain text", utf8("\nextrato de janeiro\n"), 2, "Linha 2: o arquivo não está no formato OFX"],
    [
      "binary garbage",
      Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 0, 0, 0xff, 0xfe, 0x01),
      1,
      "Linha 1: o arquivo não está no formato OFX",
    ],
    ["a PDF", utf8("%PDF-1.7\n%âãÏÓ\n1 0 obj"), 1, "Linha 1: o arquivo não está no formato OFX"],
    ["header without body", utf8(SGML_HEADER), null, "Arquivo OFX sem o bloco <OFX>"],
    [
      "truncated download",
      utf8(cut(oneTransaction, "<FITID>")),
      41,
      "Linha 41: arquivo OFX incompleto: terminou com <TRNAMT> ainda aberto",
    ],
    [
      "no statement",
      utf8(`${SGML_HEADER}<OFX>\n<SIGNONMSGSRSV1>\n</SIGNONMSGSRSV1>\n</OFX>`),
      11,
      "Linha 11: nenhum extrato bancário (STMTRS) ou de cartão (CCSTMTRS) no arquivo",
    ],
    [
      "sign-on refused",
      utf8(
        `${SGML_HEADER}<OFX>\n<SONRS>\n<STATUS>\n<CODE>15500\n<SEVERITY>ERROR\n</STATUS>\n</SONRS>\n</OFX>`,
      ),
      13,
      "Linha 13: o banco respondeu com erro 15500",
    ],
    [
      "every transaction unreadable",
      utf8(
        sgmlFile([bankStatement([stmttrn({ TRNAMT: "abc" }), stmttrn({ TRNAMT: "1,00", DTPOSTED: "0" })])]),
      ),
      41,
      'Linha 41: TRNAMT inválido: "abc"',
    ],
  ])("%s", (_, bytes, line, message) => {
    const error = failure(bytes);
    expect(error.message).toBe(message);
    expect(error.line).toBe(line);
  });

  it("refuses an unknown time zone up front", () => {
    expect(() => parseOfx(utf8(oneTransaction), { timeZone: "Brasil/Sao_Paulo" })).toThrow(RangeError);
  });
});

describe("parseOfx: robustness", () => {
  /** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
  function random(seed: number) {
    let state = seed;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it("answers every damaged variant of the fixtures with a result or an OfxParseError, never a crash", () => {
    const next = random(20261122);
    const sources = fixturePaths().map((path) => fixture(path)!);
    let tried = 0;
    for (const source of sources) {
      for (let round = 0; round < 25; round++) {
        const bytes = Uint8Array.from(source);
        const damage = Math.floor(next() * 4);
        if (damage === 0) {
          const at = Math.floor(next() * bytes.length);
          const damaged = bytes.subarray(0, at);
          expectNoCrash(damaged);
        } else {
          for (let k = 0; k < 1 + Math.floor(next() * 8); k++) {
            const at = Math.floor(next() * bytes.length);
            bytes[at] =
              damage === 1 ? Math.floor(next() * 256) : "<>/&[]"[Math.floor(next() * 6)]!.charCodeAt(0);
          }
          expectNoCrash(bytes);
        }
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(1500);
  });

  function expectNoCrash(bytes: Uint8Array) {
    try {
      parse(bytes);
    } catch (error) {
      expect(error).toBeInstanceOf(OfxParseError);
    }
  }
});
