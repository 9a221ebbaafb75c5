import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  bankLines,
  conciliationLinks,
  conciliationRules,
  entries,
  jobs,
  reconciliationAudit,
  titles,
  transfers,
} from "../../../drizzle/schema";
import { client, signIn } from "../../support/api";
import {
  bankAccount,
  db,
  importOfx,
  linesOf,
  ofx,
  RULES_PATH,
  rule,
  type Session,
  session,
  title,
} from "../../support/import-factories";
import { expectRefusal } from "../../support/refusal";
import { ruleFactories } from "../../support/rule-factories";
import { seedAccounts } from "../../support/seed";

const PREVIEW_PATH = `${RULES_PATH}/preview`;
let s: Session;
let worlds = 0;

beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

/** Pending lines of an account (imported before any rule), titles and a posted transfer to choose from. */
async function world() {
  const k = ++worlds;
  const cents = (reais: number) => reais * 100 + k;
  const text = (reais: number) => (cents(reais) / 100).toFixed(2);
  const accountNumber = `${80000 + k}-0`;
  const account = await bankAccount({ bankNumber: "341", accountNumber });
  const reserve = await bankAccount({ bank: "Banco Reserva" });
  const titlesOf = {
    single: await title({ value: cents(210), dueDate: "2024-03-04" }),
    twinA: await title({ value: cents(55), dueDate: "2024-03-05" }),
    twinB: await title({ value: cents(55), dueDate: "2024-03-06" }),
  };
  const transfer = await s.api.post("/accounts/bank-statement/transfer", {
    IDBankFrom: account,
    IDBankTo: reserve,
    Value: cents(300) / 100,
    Date: "2024-03-07",
  });
  await importOfx(
    s.token,
    account,
    ofx(
      [
        { fitId: "V1", date: "20240305", amount: text(210), memo: "PIX RECEBIDO LOJA" },
        { fitId: "V2", date: "20240305", amount: text(55), memo: "PIX RECEBIDO GEMEO" },
        { fitId: "V3", date: "20240306", amount: text(33), memo: "PIX RECEBIDO SEM TITULO" },
        { fitId: "V4", date: "20240306", amount: text(210), memo: "PIX RECEBIDO CARTAO LOJA" },
        { fitId: "V5", date: "20240307", amount: `-${text(300)}`, memo: "TED ENVIADA" },
        { fitId: "V6", date: "20240308", amount: `-${text(400)}`, memo: "TED ENVIADA" },
      ],
      { bankId: "341", acctId: accountNumber },
    ),
  );
  const lines = Object.fromEntries((await linesOf(account)).map((line) => [line.fitId, line.id]));
  return {
    account,
    reserve,
    titles: titlesOf,
    lines,
    cents,
    leg: transfer.body.Debit.IDBankStatement as number,
  };
}

/** Row counts of every table a real run would write. */
async function writtenRows() {
  const tables = {
    bankLines,
    conciliationLinks,
    conciliationRules,
    entries,
    jobs,
    reconciliationAudit,
    titles,
    transfers,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    counts[name] = (await db().select({ n: count() }).from(table))[0]!.n;
  }
  const lineState = (await db().select().from(bankLines)).map((l) => [
    l.id,
    l.statusId,
    l.ruleId,
    l.reconciledValue,
  ]);
  const openValues = (await db().select().from(titles)).map((t) => [t.id, t.openValue, t.status]);
  return { counts, lineState, openValues };
}

describe("POST conciliation-rule/preview", () => {
  it("answers the lines a type 1 draft would take and what it would do with each, writing nothing", async () => {
    const w = await world();
    const before = await writtenRows();
    const response = await s.api.post(PREVIEW_PATH, {
      IDBankAccount: w.account,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "pix recebido",
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        IDBankStatementConciliation: w.lines.V1,
        Date: "2024-03-05",
        Value: w.cents(210) / 100,
        Description: "PIX RECEBIDO LOJA",
        Outcome: "title",
        IDAccountPayableReceivable: w.titles.single,
        IDBankStatement: null,
        IDBankAccountTo: null,
      },
      expect.objectContaining({ IDBankStatementConciliation: w.lines.V2, Outcome: "ambiguous" }),
      expect.objectContaining({ IDBankStatementConciliation: w.lines.V3, Outcome: "no-candidate" }),
      // the title went to the earlier line, as in a real run
      expect.objectContaining({
        IDBankStatementConciliation: w.lines.V4,
        Outcome: "no-candidate",
        IDAccountPayableReceivable: null,
      }),
    ]);
    expect(await writtenRows()).toEqual(before);
  });

  it("a type 2 draft links the transfer already posted and would post the missing one", async () => {
    const w = await world();
    const response = await s.api.post(PREVIEW_PATH, {
      IDBankAccount: w.account,
      IDTypeRule: 2,
      IDTypeAccount: 1,
      Description: "TED",
      IDBankAccountTo: w.reserve,
    });
    expect(response.body).toEqual([
      expect.objectContaining({
        IDBankStatementConciliation: w.lines.V5,
        Value: -w.cents(300) / 100,
        Outcome: "transfer",
        IDBankStatement: w.leg,
        IDBankAccountTo: w.reserve,
      }),
      expect.objectContaining({
        IDBankStatementConciliation: w.lines.V6,
        Outcome: "new-transfer",
        IDBankStatement: null,
        IDBankAccountTo: w.reserve,
      }),
    ]);
  });

  it("the account's rules compete with the draft as if it had been added", async () => {
    const w = await world();
    // a more specific stored rule keeps V4; a stored rule of the same length keeps V3 (older wins)
    await rule(s, {
      IDBankAccount: w.account,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "PIX RECEBIDO CARTAO",
    });
    await rule(s, { IDBankAccount: w.account, IDTypeRule: 1, IDTypeAccount: 0, Description: "SEM TITULO" });
    const response = await s.api.post(PREVIEW_PATH, {
      IDBankAccount: w.account,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "LOJA",
    });
    expect(
      response.body.map((item: { IDBankStatementConciliation: number }) => item.IDBankStatementConciliation),
    ).toEqual([w.lines.V1]);
    const tie = await s.api.post(PREVIEW_PATH, {
      IDBankAccount: w.account,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "RECEBIDO S",
    });
    expect(tie.body).toEqual([]);
    // a draft that filters the titles by supplier finds none for V1
    const make = ruleFactories("demo");
    const supplier = await make.supplier(1);
    const filtered = await s.api.post(PREVIEW_PATH, {
      IDBankAccount: w.account,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "LOJA",
      IDSupplier: supplier,
    });
    expect(filtered.body).toEqual([
      expect.objectContaining({ IDBankStatementConciliation: w.lines.V1, Outcome: "no-candidate" }),
    ]);
  });

  it("Limit cuts the answer in processing order", async () => {
    const w = await world();
    const response = await s.api.post(PREVIEW_PATH, {
      IDBankAccount: w.account,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "PIX",
      Limit: 2,
    });
    expect(
      response.body.map((item: { IDBankStatementConciliation: number }) => item.IDBankStatementConciliation),
    ).toEqual([w.lines.V1, w.lines.V2]);
    for (const Limit of [0, 5001, 1.5, "3"]) {
      const refused = await s.api.post(PREVIEW_PATH, {
        IDBankAccount: w.account,
        IDTypeRule: 1,
        IDTypeAccount: 0,
        Limit,
      });
      expectRefusal(refused, "Limit deve ser um número inteiro de 1 a 5000");
    }
  });

  it("validates the draft with the messages of rule creation", async () => {
    const w = await world();
    const make = ruleFactories("demo");
    const foreign = await make.bankAccount(2);
    await rule(s, { IDBankAccount: w.account, IDTypeRule: 1, IDTypeAccount: 0, Description: "JÁ EXISTE" });
    const draft = { IDBankAccount: w.account, IDTypeRule: 1, IDTypeAccount: 0 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...draft, IDBankAccount: undefined }, "Conta bancária obrigatória"],
      [{ ...draft, IDBankAccount: 999_999 }, "Conta bancária não existe"],
      [{ ...draft, IDBankAccount: foreign }, "Conta bancária não existe"],
      [
        { ...draft, Description: "ja existe" },
        "Já existe uma regra com a mesma descrição para essa conta bancária",
      ],
      [{ ...draft, IDTypeRule: undefined }, "Tipo regra obrigatório"],
      [{ ...draft, IDTypeRule: 3 }, "Tipo regra não existe"],
      [
        { ...draft, IDTypeAccount: undefined },
        "Tipo transação obrigatório (IDTypeAccount: 0 crédito, 1 débito)",
      ],
      [
        { ...draft, IDTypeRule: 2, IDTypeAccount: 1 },
        "Conta bancária destino obrigatória em regra do tipo transferência",
      ],
      [{ ...draft, IDTypeRule: 2, IDBankAccountTo: 999_999 }, "Conta bancária destino não existe"],
      [
        { ...draft, IDTypeRule: 2, IDBankAccountTo: w.account },
        "Conta bancária destino e origem não podem ser igual",
      ],
      [{ ...draft, IDSupplier: 999_999 }, "Fornecedor não existe"],
      [{ ...draft, IDConsumer: 999_999 }, "Cliente não existe"],
      [{ ...draft, IDTypePayment: 999_999 }, "Tipo pagamento não existe"],
      [{ ...draft, IDTypeDocument: 999_999 }, "Tipo documento não existe"],
    ];
    for (const [body, message] of cases) {
      expectRefusal(await s.api.post(PREVIEW_PATH, body), message, message);
    }
    const filial = client("demo", await signIn("demo", "filial@demo.local"));
    expectRefusal(await filial.post(PREVIEW_PATH, draft), "Conta bancária não existe");
  });
});
