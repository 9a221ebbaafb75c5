import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bankAccounts } from "../../drizzle/schema";
import { bankStatement, cardStatement, sgmlFile, stmttrn } from "../domain/ofx/build";
import {
  bankAccount,
  db,
  errorsOfJob,
  importOfx,
  linesOf,
  postOfx,
  type Session,
  session,
} from "../support/import-factories";
import { seedAccounts } from "../support/seed";
import { utf8, waitForJob } from "../support/upload-factories";

let s: Session;

beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

const ITAU = { bankId: "0341", acctId: "55123-4" };
const OTHER = { bankId: "0341", acctId: "99887-1" };

const pix = (fitId: string, amount = "10.00") =>
  stmttrn({ TRNTYPE: "CREDIT", DTPOSTED: "20240105", TRNAMT: amount, FITID: fitId, MEMO: `PIX ${fitId}` });

describe("OFX import: the file's account", () => {
  it("fails when the file is of another account, naming both accounts", async () => {
    const account = await bankAccount({
      bank: "Itaú",
      bankNumber: "341",
      agency: "1604",
      accountNumber: "55123-4",
    });
    const job = await importOfx(s.token, account, utf8(sgmlFile([bankStatement([pix("X1")], OTHER)])));
    expect(job).toMatchObject({
      Status: "Failed",
      FailureReason:
        "O arquivo OFX é da conta banco 0341, conta 99887-1, não da conta bancária escolhida " +
        "(Itaú (341), agência 1604, conta 55123-4)",
    });
    expect(await linesOf(account)).toEqual([]);
  });

  it("fails when the bank differs even if the number is the same", async () => {
    const account = await bankAccount({ bank: "Bradesco", bankNumber: "237", accountNumber: "55123-4" });
    const job = await importOfx(s.token, account, utf8(sgmlFile([bankStatement([pix("X1")], ITAU)])));
    expect(job.Status).toBe("Failed");
    expect(job.FailureReason).toContain("banco 0341, conta 55123-4");
    expect(job.FailureReason).toContain("(Bradesco (237), agência 1234, conta 55123-4)");
  });

  it("accepts the account written with the agência in front, without the check digit", async () => {
    const account = await bankAccount({ bankNumber: "341", agency: "1604", accountNumber: "81206-6" });
    const job = await importOfx(
      s.token,
      account,
      utf8(sgmlFile([bankStatement([pix("Y1")], { bankId: "0341", acctId: "1604812066" })])),
    );
    expect(job).toMatchObject({ Status: "Done", Result: { imported: 1 } });
  });

  it("imports only the statements of the chosen account and notes the others", async () => {
    const account = await bankAccount({ bankNumber: "341", accountNumber: "55123-4" });
    const file = sgmlFile([
      bankStatement([pix("O1"), pix("O2")], OTHER),
      bankStatement([pix("M1"), pix("M2"), pix("M3")], ITAU),
    ]);
    const job = await importOfx(s.token, account, utf8(file));
    expect(job).toMatchObject({ Status: "Done", Total: 3, Result: { imported: 3, duplicate: 0 } });
    expect((await linesOf(account)).map((line) => line.fitId)).toEqual(["M1", "M2", "M3"]);
    expect(job.Errors).toEqual([
      {
        Line: expect.any(Number),
        Message: "Extrato da conta banco 0341, conta 99887-1 ignorado: não é a conta bancária escolhida",
      },
    ]);
  });

  it("an account without a number imports a file of one account, and refuses a file of several", async () => {
    const account = await bankAccount({
      bank: "Caixa",
      bankNumber: "104",
      agency: null,
      accountNumber: null,
    });
    const one = await importOfx(
      s.token,
      account,
      utf8(sgmlFile([bankStatement([pix("N1")], OTHER), bankStatement([pix("N2")], OTHER)])),
    );
    expect(one).toMatchObject({ Status: "Done", Result: { imported: 2 } });

    const several = await importOfx(
      s.token,
      account,
      utf8(sgmlFile([bankStatement([pix("S1")], OTHER)], [cardStatement([pix("S2")], "4444-1111")])),
    );
    expect(several).toMatchObject({
      Status: "Failed",
      FailureReason:
        "O arquivo OFX tem extratos de 2 contas (banco 0341, conta 99887-1; conta 4444-1111); " +
        "cadastre o número da conta bancária escolhida (Caixa (104), sem número de conta) para importar só o extrato dela",
    });
    expect(await linesOf(account)).toHaveLength(2);
  });

  it("fails when the bank account was deactivated after the upload", async () => {
    const account = await bankAccount({ bankNumber: "341", accountNumber: "55123-4" });
    const response = await postOfx(
      s.token,
      account,
      utf8(sgmlFile([bankStatement([pix("D1", "1.00")], ITAU)])),
    );
    await db().update(bankAccounts).set({ status: 0 }).where(eq(bankAccounts.id, account));
    const job = await waitForJob(s.token, response.body.IDJob);
    expect(job).toMatchObject({ Status: "Failed", FailureReason: "Conta bancária não existe" });
  });
});

describe("OFX import: file problems", () => {
  it("a broken file fails with the parser's message, which names the line", async () => {
    const account = await bankAccount({ bankNumber: "341", accountNumber: "55123-4" });
    const bad = stmttrn({ TRNTYPE: "CREDIT", DTPOSTED: "20240105", TRNAMT: "abc", FITID: "B1", MEMO: "X" });
    const job = await importOfx(s.token, account, utf8(sgmlFile([bankStatement([bad], ITAU)])));
    expect(job).toMatchObject({ Status: "Failed", FailureReason: 'Linha 41: TRNAMT inválido: "abc"' });

    const truncated = sgmlFile([bankStatement([pix("T1")], ITAU)]).slice(0, -60);
    const cut = await importOfx(s.token, account, utf8(truncated));
    expect(cut.Status).toBe("Failed");
    expect(cut.FailureReason).toMatch(/^Linha \d+: arquivo OFX incompleto: terminou com <\w+> ainda aberto$/);
    expect(await linesOf(account)).toEqual([]);
  });

  it("parser warnings, balance lines and repeats go to Errors[]; the rest is imported", async () => {
    const account = await bankAccount({ bankNumber: "341", accountNumber: "55123-4" });
    const balance = stmttrn({
      TRNTYPE: "OTHER",
      DTPOSTED: "20240105",
      TRNAMT: "0.00",
      FITID: "S0",
      MEMO: "SALDO ANTERIOR",
    });
    const bad = stmttrn({ TRNTYPE: "CREDIT", DTPOSTED: "20240105", TRNAMT: "1,2,3", FITID: "W9", MEMO: "X" });
    // two statements of the same account overlapping by one movement
    const file = sgmlFile([
      bankStatement([balance, pix("W1"), bad, pix("W2")], ITAU),
      bankStatement([pix("W2"), pix("W3")], ITAU),
    ]);
    const job = await importOfx(s.token, account, utf8(file));
    expect(job).toMatchObject({
      Status: "Done",
      Total: 3,
      Result: { imported: 3, duplicate: 1, skipped: 1, autoReconciled: 0, pending: 3 },
    });
    expect(job.Errors.map((error) => error.Message)).toEqual([
      "Linha de saldo informativa (SALDO ANTERIOR), não é um lançamento",
      'TRNAMT inválido: "1,2,3"; lançamento ignorado',
      expect.stringMatching(/^Lançamento repetido no arquivo \(igual ao da linha \d+\); importado uma vez$/),
    ]);
    expect(job.Errors.every((error) => error.Line > 0)).toBe(true);
    expect(await errorsOfJob(job.IDJob)).toHaveLength(3);
    expect((await linesOf(account)).map((line) => line.fitId)).toEqual(["W1", "W2", "W3"]);
  });
});
