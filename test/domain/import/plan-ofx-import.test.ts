import { describe, expect, it } from "vitest";
import type { RegisteredAccount } from "../../../src/domain/import/account-labels";
import { planOfxImport } from "../../../src/domain/import/plan-ofx-import";
import { readOfxImport } from "../../../src/domain/import/read-ofx-import";
import { parseOfx } from "../../../src/domain/ofx";
import { bankStatement, cardStatement, sgmlFile, stmttrn, utf8 } from "../ofx/build";

const ZONE = "America/Sao_Paulo";
const ITAU = { bankId: "0341", acctId: "55123-4" };
const OTHER = { bankId: "0341", acctId: "99887-1" };
const registered = (fields: Partial<RegisteredAccount> = {}): RegisteredAccount => ({
  bank: "Itaú",
  bankNumber: "341",
  agency: "1604",
  accountNumber: "55123-4",
  ...fields,
});

const pix = (fitId: string, amount = "10.00", memo = `PIX ${fitId}`) =>
  stmttrn({ TRNTYPE: "CREDIT", DTPOSTED: "20240105", TRNAMT: amount, FITID: fitId, MEMO: memo });

const plan = (file: string, account = registered()) =>
  planOfxImport(parseOfx(utf8(file), { timeZone: ZONE }), account);

const fitIdsOf = (outcome: ReturnType<typeof plan>) =>
  outcome.ok ? outcome.plan.lines.map((line) => line.fitId) : outcome.reason;

describe("planOfxImport: which statements", () => {
  it.each([
    ["the account's own statement", [[ITAU, ["A"]]], registered(), ["A"]],
    [
      "only the statements of the account",
      [
        [OTHER, ["B"]],
        [ITAU, ["A", "C"]],
      ],
      registered(),
      ["A", "C"],
    ],
    [
      "several statements of the account",
      [
        [ITAU, ["A"]],
        [ITAU, ["B"]],
      ],
      registered(),
      ["A", "B"],
    ],
    [
      "number written with the agência in front",
      [[{ bankId: "341", acctId: "1604551234" }, ["A"]]],
      registered(),
      ["A"],
    ],
    [
      "no registered number: a file of one account",
      [
        [OTHER, ["A"]],
        [OTHER, ["B"]],
      ],
      registered({ accountNumber: null }),
      ["A", "B"],
    ],
    ["a number of zeros is no number", [[OTHER, ["A"]]], registered({ accountNumber: "000" }), ["A"]],
  ] as const)("imports %s", (_, statements, account, expected) => {
    const file = sgmlFile(
      statements.map(([acct, fitIds]) =>
        bankStatement(
          fitIds.map((f) => pix(f)),
          acct,
        ),
      ),
    );
    expect(fitIdsOf(plan(file, account))).toEqual(expected);
  });

  it.each([
    [
      "a file of another account",
      sgmlFile([bankStatement([pix("A")], OTHER)]),
      registered(),
      "O arquivo OFX é da conta banco 0341, conta 99887-1, não da conta bancária escolhida (Itaú (341), agência 1604, conta 55123-4)",
    ],
    [
      "a file of another bank",
      sgmlFile([bankStatement([pix("A")], { bankId: "237", acctId: "55123-4" })]),
      registered(),
      "O arquivo OFX é da conta banco 237, conta 55123-4, não da conta bancária escolhida (Itaú (341), agência 1604, conta 55123-4)",
    ],
    [
      "no registered number and several accounts",
      sgmlFile([bankStatement([pix("A")], ITAU)], [cardStatement([pix("B")], "4444")]),
      registered({ accountNumber: null, agency: null }),
      "O arquivo OFX tem extratos de 2 contas (banco 0341, conta 55123-4; conta 4444); cadastre o número da conta bancária escolhida (Itaú (341), sem número de conta) para importar só o extrato dela",
    ],
  ])("refuses %s, naming the accounts", (_, file, account, reason) => {
    expect(plan(file, account)).toEqual({ ok: false, reason });
  });
});

describe("planOfxImport: lines and notes", () => {
  it("keeps each dedupe key once, counting repeats, balance lines and parser warnings as notes", () => {
    const balance = stmttrn({ TRNTYPE: "OTHER", TRNAMT: "0", FITID: "S", MEMO: "SALDO ANTERIOR" });
    const bad = stmttrn({ TRNTYPE: "CREDIT", TRNAMT: "x", FITID: "W", MEMO: "X" });
    const file = sgmlFile([
      bankStatement([balance, pix("A"), bad, pix("B")], ITAU),
      bankStatement([pix("B"), pix("C")], ITAU),
      bankStatement([pix("Z")], OTHER),
    ]);
    const outcome = plan(file);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.plan.lines.map((line) => line.fitId)).toEqual(["A", "B", "C"]);
    expect(outcome.plan).toMatchObject({ skipped: 1, repeated: 1 });
    expect(outcome.plan.notes.map((note) => note.message)).toEqual([
      "Linha de saldo informativa (SALDO ANTERIOR), não é um lançamento",
      'TRNAMT inválido: "x"; lançamento ignorado',
      expect.stringMatching(/^Lançamento repetido no arquivo \(igual ao da linha \d+\); importado uma vez$/),
      "Extrato da conta banco 0341, conta 99887-1 ignorado: não é a conta bancária escolhida",
    ]);
    const lines = outcome.plan.notes.map((note) => note.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(lines.every((line) => line > 0)).toBe(true);
  });

  it("keeps two equal payments that share a FITID", () => {
    const outcome = plan(
      sgmlFile([bankStatement([pix("X", "-200.00", "PAGTO"), pix("X", "-200.00", "PAGTO")], ITAU)]),
    );
    expect(outcome.ok && outcome.plan.lines.length).toBe(2);
    expect(outcome.ok && outcome.plan.repeated).toBe(0);
  });
});

describe("readOfxImport", () => {
  it("turns a parse error into the reason with the line", () => {
    expect(readOfxImport(utf8("not an ofx"), ZONE, registered())).toEqual({
      ok: false,
      reason: "Linha 1: o arquivo não está no formato OFX",
    });
  });
});
