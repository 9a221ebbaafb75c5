import { describe, expect, it } from "vitest";
import { type OfxStatement, type OfxTransaction, parseOfx, toBankLines } from "../../../src/domain/ofx";
import { combineMemoAndName } from "../../../src/domain/ofx/bank-lines";
import { fnv1a64 } from "../../../src/domain/ofx/fingerprint";
import { fixture } from "./fixtures";

let nextLine = 1;
function transaction(fields: Partial<OfxTransaction>): OfxTransaction {
  return {
    line: nextLine++,
    type: "DEBIT",
    posted: { date: "2024-01-05", dateTime: "2024-01-05 00:00:00" },
    user: null,
    amount: -1000,
    fitId: null,
    checkNumber: null,
    refNumber: null,
    name: null,
    memo: null,
    payeeName: null,
    ...fields,
  };
}

function statement(transactions: OfxTransaction[], accountId = "12345-6"): OfxStatement {
  return {
    kind: "bank",
    line: 1,
    currency: "BRL",
    account: { bankId: "001", branchId: "1234-1", accountId, accountType: "CHECKING" },
    start: null,
    end: null,
    ledgerBalance: null,
    availableBalance: null,
    transactions,
  };
}

const keys = (s: OfxStatement) => toBankLines(s).lines.map((l) => l.dedupeKey);

describe("toBankLines: description, document, value", () => {
  it.each([
    ["memo only", "  PIX   RECEBIDO \n ", null, "PIX RECEBIDO"],
    ["name only", null, "Payee Name Only", "Payee Name Only"],
    ["neither", null, null, ""],
    [
      "both, memo first",
      "PIX RECEBIDO - OUTRA IF",
      "Recebimento Pix JOSE",
      "PIX RECEBIDO - OUTRA IF - Recebimento Pix JOSE",
    ],
    ["same text twice (HSBC)", "TAR PACOTE MENSAL  ", "TAR PACOTE MENSAL", "TAR PACOTE MENSAL"],
    [
      "memo quotes the name (Inter)",
      'Pix recebido: "Cp :97-TOKIO MARINE S A"',
      "Tokio Marine S A",
      'Pix recebido: "Cp :97-TOKIO MARINE S A"',
    ],
    ["name holds the memo", "SAQUE", "CXE 000026 SAQUE", "CXE 000026 SAQUE"],
    ["accents ignored when comparing", "DÉBITO AUTOMÁTICO", "debito automatico", "DÉBITO AUTOMÁTICO"],
  ])("%s", (_, memo, name, description) => {
    const [line] = toBankLines(statement([transaction({ memo, name })])).lines;
    expect(line!.description).toBe(description);
  });

  it("uses the PAYEE name when NAME is absent", () => {
    expect(combineMemoAndName("TED", "")).toBe("TED");
    const [line] = toBankLines(statement([transaction({ memo: "TED", payeeName: "Fornecedor" })])).lines;
    expect(line!.description).toBe("TED - Fornecedor");
  });

  it.each([
    ["850076", "391.100.701", "850076"],
    ["0", "Xzq", "Xzq"],
    ["0000000", null, null],
    [null, "077", "077"],
    [null, null, null],
  ])("CHECKNUM %j and REFNUM %j give document %j", (checkNumber, refNumber, document) => {
    const [line] = toBankLines(statement([transaction({ checkNumber, refNumber })])).lines;
    expect(line!.document).toBe(document);
  });

  it("keeps date, signed value, FITID and source line", () => {
    const t = transaction({
      amount: 123456,
      fitId: "F1",
      posted: { date: "2024-02-29", dateTime: "2024-02-29 10:00:00" },
    });
    expect(toBankLines(statement([t])).lines[0]).toEqual({
      line: t.line,
      date: "2024-02-29",
      value: 123456,
      description: "",
      document: null,
      fitId: "F1",
      dedupeKey: "fit:F1",
    });
  });
});

describe("toBankLines: dedupe keys", () => {
  it("keys each transaction by its FITID", () => {
    expect(keys(statement([transaction({ fitId: "A" }), transaction({ fitId: "B" })]))).toEqual([
      "fit:A",
      "fit:B",
    ]);
  });

  it("keeps a second transaction that repeats a FITID, keyed by fingerprint", () => {
    const result = keys(
      statement([
        transaction({ fitId: "00085191", amount: 6385 }),
        transaction({ fitId: "00085191", amount: 7939 }),
      ]),
    );
    expect(result[0]).toBe("fit:00085191");
    expect(result[1]).toMatch(/^fp:[0-9a-f]{16}$/);
  });

  it("keeps identical transactions that share a FITID (Banco do Brasil) as distinct lines", () => {
    const same = { fitId: "201606031433760", amount: -20000, memo: "Pagto cartão crédito" };
    const result = keys(statement([transaction(same), transaction(same), transaction(same)]));
    expect(result[0]).toBe("fit:201606031433760");
    expect(new Set(result).size).toBe(3);
  });

  it.each([null, "00000000", "0", ""])("fingerprints a transaction whose FITID is %j", (fitId) => {
    const result = keys(
      statement([transaction({ fitId, memo: "TED RECEBIDA" }), transaction({ fitId, memo: "TARIFA" })]),
    );
    expect(result.every((key) => key.startsWith("fp:"))).toBe(true);
    expect(new Set(result).size).toBe(2);
  });

  it("keeps two equal fees on the same day without FITID", () => {
    const fee = { memo: "TARIFA", amount: -350 };
    expect(new Set(keys(statement([transaction(fee), transaction(fee)]))).size).toBe(2);
  });

  it("gives the same keys when the same file is imported again", () => {
    const build = () =>
      statement([
        transaction({ fitId: "X", memo: "A" }),
        transaction({ fitId: "X", memo: "A" }),
        transaction({ memo: "B" }),
        transaction({ memo: "B" }),
      ]);
    expect(keys(build())).toEqual(keys(build()));
  });

  it("fingerprints account, date, amount, FITID, memo, name and occurrence", () => {
    const base = { memo: "TARIFA", name: "BANCO", amount: -350 };
    const [reference] = keys(statement([transaction(base)]));
    const variants = [
      keys(statement([transaction(base)], "99999-9"))[0],
      keys(
        statement([
          transaction({ ...base, posted: { date: "2024-01-06", dateTime: "2024-01-06 00:00:00" } }),
        ]),
      )[0],
      keys(statement([transaction({ ...base, amount: -351 })]))[0],
      keys(statement([transaction({ ...base, fitId: "0" })]))[0],
      keys(statement([transaction({ ...base, memo: "TARIFA PIX" })]))[0],
      keys(statement([transaction({ ...base, name: "OUTRO" })]))[0],
      keys(statement([transaction(base), transaction(base)]))[1],
    ];
    expect(new Set([reference, ...variants]).size).toBe(8);
    // whitespace padding is not content
    expect(keys(statement([transaction({ ...base, memo: "  TARIFA  " })]))[0]).toBe(reference);
  });

  it("computes FNV-1a 64", () => {
    expect(fnv1a64("")).toBe("cbf29ce484222325");
    expect(fnv1a64("a")).toBe("af63dc4c8601ec8c");
    expect(fnv1a64("foobar")).toBe("85944171f73967e8");
  });
});

describe("toBankLines: balance lines", () => {
  it.each(["SALDO ANTERIOR", "SALDO FINAL", "SALDO TOTAL DISPONÍVEL DIA", "Saldo do dia", "S A L D O"])(
    "skips %j",
    (memo) => {
      const t = transaction({ memo, amount: 72507556 });
      expect(toBankLines(statement([t]))).toEqual({
        lines: [],
        skipped: [
          {
            line: t.line,
            reason: `linha de saldo informativa (${memo}), não é um lançamento`,
            message: `Linha ${t.line}: linha de saldo informativa (${memo}), não é um lançamento`,
          },
        ],
      });
    },
  );

  it.each(["SALDO APLICACAO AUTOMATICA", "RESGATE SALDO", "SALDOS"])("keeps %j", (memo) => {
    expect(toBankLines(statement([transaction({ memo })])).lines).toHaveLength(1);
  });
});

describe("toBankLines on real files", () => {
  const timeZone = "America/Sao_Paulo";
  const linesOf = (path: string) =>
    parseOfx(fixture(path)!, { timeZone }).statements.map((s) => toBankLines(s));

  it("Banco do Brasil: the repeated FITID of two equal payments gives two lines", () => {
    const [{ lines }] = linesOf("ofx-reader/BancodoBrasil.ofx") as [ReturnType<typeof toBankLines>];
    expect(lines).toHaveLength(7);
    // The exact key is pinned: changing the fingerprint recipe would make lines already stored
    // look new on the next import of an overlapping period.
    expect(lines.slice(5).map((l) => [l.date, l.value, l.description, l.dedupeKey])).toEqual([
      ["2016-06-03", -20000, "Pagto cartão crédito", "fit:201606031433760"],
      ["2016-06-03", -20000, "Pagto cartão crédito", "fp:51dd20f286d277d2"],
    ]);
  });

  it("Santander: zero FITIDs and repeated document numbers all become distinct keys", () => {
    const [{ lines }] = linesOf("inovar-ofx-simple-parser/santander-02.ofx") as [
      ReturnType<typeof toBankLines>,
    ];
    expect(lines).toHaveLength(40);
    expect(new Set(lines.map((l) => l.dedupeKey)).size).toBe(40);
    expect(lines.filter((l) => l.dedupeKey.startsWith("fit:"))).toHaveLength(14);
  });

  it("Itaú: balance lines are skipped, movements kept", () => {
    const [{ lines, skipped }] = linesOf("inovar-ofx-simple-parser/itau-03.ofx") as [
      ReturnType<typeof toBankLines>,
    ];
    expect(lines).toHaveLength(12);
    expect(skipped.map((s) => s.message)).toEqual([
      "Linha 39: linha de saldo informativa (SALDO ANTERIOR), não é um lançamento",
      "Linha 143: linha de saldo informativa (SALDO TOTAL SKEVLWÍBWD DIA), não é um lançamento",
    ]);
  });

  it("every valid file gives unique keys per statement", () => {
    for (const path of [
      "fnando-ofx/bb.ofx",
      "ofx-reader/sicredi.ofx",
      "inovar-ofx-simple-parser/nubank-01.ofx",
    ]) {
      for (const { lines } of linesOf(path))
        expect(new Set(lines.map((l) => l.dedupeKey)).size).toBe(lines.length);
    }
  });
});
