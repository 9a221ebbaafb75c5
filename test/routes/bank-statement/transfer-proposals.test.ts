import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { conciliationLinks, entries, reconciliationAudit } from "../../../drizzle/schema";
import { client, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import { bankLineState, createBankAccount, createBankLine, demoDb } from "../../support/statement-factories";

let api: ReturnType<typeof client>;
let itau: number;
let bb: number;
let caixa: number;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
  itau = await createBankAccount({ bank: "Itaú", accountNumber: "1111-1" });
  bb = await createBankAccount({ bank: "Banco do Brasil", accountNumber: "2222-2" });
  caixa = await createBankAccount({ bank: "Caixa", accountNumber: "3333-3" });
});

const line = async (bankAccountId: number, date: string, value: number, description = "PIX") => {
  const response = await api.post("/accounts/bank-statement/conciliation", {
    IDBankAccount: bankAccountId,
    Date: date,
    Value: value,
    Description: description,
  });
  expect(response.status).toBe(200);
  return (response.body as { IDBankStatementConciliation: number }).IDBankStatementConciliation;
};

type Proposals = {
  Proposals: {
    Value: number;
    BusinessDays: number;
    From: { IDBankStatementConciliation: number };
    To: { IDBankStatementConciliation: number };
  }[];
  Ambiguous: { IDBankStatementConciliation: number[] }[];
};
const list = async (query: string) => {
  const response = await api.get(`/accounts/bank-statement/transfer-proposals?${query}`);
  expect(response.status).toBe(200);
  return response.body as Proposals;
};
const pairs = (body: Proposals) =>
  body.Proposals.map((p) => [p.From.IDBankStatementConciliation, p.To.IDBankStatementConciliation]);

describe("GET /accounts/bank-statement/transfer-proposals", () => {
  it("a Saturday Pix out of one account booked Monday on the other is proposed as one transfer", async () => {
    const out = await line(itau, "2026-10-03", -700, "PIX ENVIADO EMPRESA");
    const into = await line(bb, "2026-10-05", 700, "PIX RECEBIDO EMPRESA");
    const body = await list("DateFrom=2026-10-01&DateTo=2026-10-04");
    expect(pairs(body)).toEqual([[out, into]]);
    expect(body.Proposals[0]).toMatchObject({ Value: 700, BusinessDays: 1 });
    expect(pairs(await list(`DateFrom=2026-10-01&DateTo=2026-10-04&IDBankAccount=${bb}`))).toEqual([
      [out, into],
    ]);
    expect(pairs(await list(`DateFrom=2026-10-01&DateTo=2026-10-04&IDBankAccount=${caixa}`))).toEqual([]);
    // The debit's date decides the period.
    expect(pairs(await list("DateFrom=2026-10-04&DateTo=2026-10-10"))).toEqual([]);
  });

  it("two credits of the same amount for one debit are not proposed: listed as ambiguous", async () => {
    const out = await line(itau, "2026-09-10", -250);
    const a = await line(bb, "2026-09-10", 250);
    const b = await line(caixa, "2026-09-10", 250);
    const body = await list("DateFrom=2026-09-01&DateTo=2026-09-30");
    expect(body.Proposals).toEqual([]);
    expect(body.Ambiguous).toEqual([{ IDBankStatementConciliation: [out, a, b].sort((x, y) => x - y) }]);
  });

  it("two business days apart, or on the same account: nothing", async () => {
    await line(itau, "2026-08-04", -90);
    await line(bb, "2026-08-06", 90);
    await line(itau, "2026-08-11", -91);
    await line(itau, "2026-08-11", 91);
    expect(await list("DateFrom=2026-08-01&DateTo=2026-08-31")).toEqual({ Proposals: [], Ambiguous: [] });
  });

  it("another company's lines are never proposed", async () => {
    await createBankLine({ companyId: 2, bankAccountId: itau, date: "2026-07-07", value: -12300 });
    await line(bb, "2026-07-07", 123);
    expect((await list("DateFrom=2026-07-01&DateTo=2026-07-31")).Proposals).toEqual([]);
  });

  it("refuses a period in the wrong order or too long", async () => {
    expectRefusal(
      await api.get("/accounts/bank-statement/transfer-proposals?DateFrom=2026-05-02&DateTo=2026-05-01"),
      "DateFrom não pode ser posterior a DateTo",
    );
    expectRefusal(
      await api.get("/accounts/bank-statement/transfer-proposals?DateFrom=2026-01-01&DateTo=2026-05-01"),
      "O período (DateFrom a DateTo) aceita no máximo 92 dias",
    );
  });
});

describe("POST /accounts/bank-statement/transfer-proposals", () => {
  const accept = (from: number, to: number, extra: object = {}) =>
    api.post("/accounts/bank-statement/transfer-proposals", {
      IDBankStatementConciliationFrom: from,
      IDBankStatementConciliationTo: to,
      ...extra,
    });

  it("creates the transfer and reconciles each line with its leg, in one go", async () => {
    const out = await line(itau, "2026-06-06", -1500.5);
    const into = await line(bb, "2026-06-08", 1500.5);
    const response = await accept(out, into, { Description: "Aporte" });
    expect(response.status).toBe(200);
    const body = response.body as {
      IDBankStatementTransfer: number;
      Debit: { IDBankStatement: number; IDBankAccount: number; Value: number; Date: string };
      Credit: { IDBankStatement: number; IDBankAccount: number; Value: number };
    };
    expect(body).toMatchObject({
      IDBankFrom: itau,
      IDBankTo: bb,
      Value: 1500.5,
      Description: "Aporte",
      Debit: {
        IDBankAccount: itau,
        Value: 1500.5,
        Date: "2026-06-06 00:00:00",
        Description: "Aporte Banco do Brasil 2222-2",
      },
      Credit: { IDBankAccount: bb, Value: 1500.5, Description: "Aporte Itaú 1111-1" },
      IDBankStatementConciliationFrom: out,
      IDBankStatementConciliationTo: into,
    });
    expect(await bankLineState(out)).toEqual({ reconciledValue: 150050, statusId: 3 });
    expect(await bankLineState(into)).toEqual({ reconciledValue: 150050, statusId: 3 });
    const links = await demoDb()
      .select()
      .from(conciliationLinks)
      .where(eq(conciliationLinks.bankLineId, into));
    expect(links.map((l) => [l.entryId, l.postedByLink])).toEqual([[body.Credit.IDBankStatement, 0]]);
    const audit = await demoDb()
      .select()
      .from(reconciliationAudit)
      .where(eq(reconciliationAudit.bankLineId, out));
    expect(audit.map((a) => a.action)).toEqual(["reconcile"]);
    // No longer proposed; the line reads reconciled with its leg.
    expect(pairs(await list("DateFrom=2026-06-01&DateTo=2026-06-30"))).toEqual([]);
    const shown = await api.get(`/accounts/bank-statement/conciliation/${into}`);
    expect(shown.body).toMatchObject({ IDTypeStatusConciliation: 3 });

    // Undoing one line's reconciliation unlinks the leg; the transfer stands.
    const undo = await api.delete(`/accounts/bank-statement/conciliation/${into}`);
    expect(undo.status).toBe(200);
    const legs = await demoDb()
      .select()
      .from(entries)
      .where(eq(entries.transferId, body.IDBankStatementTransfer));
    expect(legs).toHaveLength(2);
  });

  it("a line already reconciled, a pair that does not fit, another company's line: refused, nothing written", async () => {
    const out = await line(itau, "2026-05-05", -40);
    const into = await line(bb, "2026-05-05", 40);
    const other = await line(caixa, "2026-05-05", 41);
    const before = await demoDb().select().from(entries);
    expectRefusal(
      await accept(out, other),
      `Os lançamentos ${out} e ${other} não formam uma transferência: é preciso um débito (IDBankStatementConciliationFrom) e um crédito do mesmo valor (IDBankStatementConciliationTo) em contas diferentes da empresa, com até 1 dia útil entre as datas`,
    );
    expectRefusal(
      await accept(into, out),
      `Os lançamentos ${into} e ${out} não formam uma transferência: é preciso um débito (IDBankStatementConciliationFrom) e um crédito do mesmo valor (IDBankStatementConciliationTo) em contas diferentes da empresa, com até 1 dia útil entre as datas`,
    );
    const foreign = await createBankLine({
      companyId: 2,
      bankAccountId: bb,
      date: "2026-05-05",
      value: 4000,
    });
    expectRefusal(await accept(out, foreign), "Lançamento conciliação bancária não encontrado");
    expect((await accept(out, into)).status).toBe(200);
    expectRefusal(
      await accept(out, into),
      `O lançamento bancário ${out} já está conciliado (ou em conciliação); só linhas pendentes formam uma transferência proposta`,
    );
    expect((await demoDb().select().from(entries)).length).toBe(before.length + 2);
  });

  it("a line the bank still reports pending, or withdrew, is refused: nothing written", async () => {
    const out = await line(itau, "2026-03-03", -58);
    const into = await createBankLine({
      bankAccountId: bb,
      date: "2026-03-03",
      value: 5800,
      origin: "OpenFinance",
      pending: 1,
    });
    const withdrawn = await createBankLine({
      bankAccountId: bb,
      date: "2026-03-03",
      value: 5800,
      origin: "OpenFinance",
      withdrawnAt: "2026-03-04 10:00:00",
    });
    const before = (await demoDb().select().from(entries)).length;
    expectRefusal(
      await accept(out, into),
      `O lançamento bancário ${into} ainda está pendente no banco (não efetivado); só forma uma transferência depois de efetivado`,
    );
    expectRefusal(
      await accept(out, withdrawn),
      `O lançamento bancário ${withdrawn} foi retirado pelo banco; não forma uma transferência`,
    );
    expect((await demoDb().select().from(entries)).length).toBe(before);
    expect(await bankLineState(out)).toEqual({ reconciledValue: 0, statusId: 1 });
  });

  it("two acceptances of the same proposal at once: one transfer", async () => {
    const out = await line(itau, "2026-04-07", -77);
    const into = await line(bb, "2026-04-07", 77);
    const before = (await demoDb().select().from(entries)).length;
    const answers = await Promise.all([accept(out, into), accept(out, into), accept(out, into)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(400);
    }
    expect((await demoDb().select().from(entries)).length).toBe(before + 2);
  });

  it("refuses a body without the lines", async () => {
    const response = await api.post("/accounts/bank-statement/transfer-proposals", {});
    expect(response.status).toBe(400);
  });
});
