import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { entries, transfers } from "../../../drizzle/schema";
import { balanceUpTo, newUid } from "../../../src/db/ledger";
import { todayIn } from "../../../src/lib/dates";
import { client, signIn, tokenFor } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import {
  createBankAccount,
  createBankLine,
  createEntry,
  demoDb,
  linkEntry,
} from "../../support/statement-factories";

let api: ReturnType<typeof client>;
let origin: number;
let destination: number;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
  origin = await createBankAccount({ bank: "Banco do Brasil", accountNumber: "12345-6" });
  destination = await createBankAccount({ bank: "Itaú", accountNumber: "9876-5" });
});

const post = (body: unknown) => api.post("/accounts/bank-statement/transfer", body);
const remove = (id: number) => api.delete(`/accounts/bank-statement/transfer/${id}`);

/** A trigger that makes matching writes fail inside the database, for the whole test. */
async function withFailingTrigger(name: string, definition: string, run: () => Promise<void>) {
  await env.DB_DEMO.prepare(
    `CREATE TRIGGER ${name} ${definition} BEGIN SELECT RAISE(ABORT, 'falha forçada'); END`,
  ).run();
  try {
    await run();
  } finally {
    await env.DB_DEMO.prepare(`DROP TRIGGER ${name}`).run();
  }
}

async function countRows() {
  const db = demoDb();
  const [e] = await db.select({ n: sql<number>`count(*)` }).from(entries);
  const [t] = await db.select({ n: sql<number>`count(*)` }).from(transfers);
  return { entries: e!.n, transfers: t!.n };
}

describe("POST /accounts/bank-statement/transfer", () => {
  it("creates the reference, an outflow on the origin and an inflow on the destination", async () => {
    const response = await post({
      IDBankFrom: origin,
      IDBankTo: destination,
      Value: 1500.5,
      Date: "2026-02-10",
    });
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({
      IDBankFrom: origin,
      IDBankTo: destination,
      Value: 1500.5,
      Description: "Transferência entre contas",
      Debit: {
        IDBankAccount: origin,
        IDTypeAccount: 1,
        Value: 1500.5,
        Description: "Transferência entre contas Itaú 9876-5",
        IDBankStatementTransfer: body.IDBankStatementTransfer,
      },
      Credit: {
        IDBankAccount: destination,
        IDTypeAccount: 0,
        Value: 1500.5,
        Description: "Transferência entre contas Banco do Brasil 12345-6",
        IDBankStatementTransfer: body.IDBankStatementTransfer,
      },
    });
    expect(body.Date).toMatch(/^2026-02-10 \d{2}:\d{2}:\d{2}$/);
    expect(body.Credit.Date).toBe(body.Date);

    const legs = await demoDb()
      .select()
      .from(entries)
      .where(eq(entries.transferId, body.IDBankStatementTransfer));
    expect(legs.map((l) => [l.id, l.origin, l.typeAccount, l.value])).toEqual(
      expect.arrayContaining([
        [body.Debit.IDBankStatement, "transfer", 1, 150_050],
        [body.Credit.IDBankStatement, "transfer", 0, 150_050],
      ]),
    );
    expect(await balanceUpTo(demoDb(), origin, "2026-02-10")).toBe(-150_050);
    expect(await balanceUpTo(demoDb(), destination, "2026-02-10")).toBe(150_050);
  });

  it("uses the given description, today's date by default, and only the bank when the account has no number", async () => {
    const internal = await createBankAccount({
      bank: "Caixa interno",
      bankNumber: "000",
      accountNumber: null,
    });
    const response = await post({
      IDBankFrom: internal,
      IDBankTo: origin,
      Value: 10,
      Description: "  Reforço de caixa ",
    });
    expect(response.status).toBe(200);
    expect(response.body.Description).toBe("Reforço de caixa");
    expect(response.body.Debit.Description).toBe("Reforço de caixa Banco do Brasil 12345-6");
    expect(response.body.Credit.Description).toBe("Reforço de caixa Caixa interno");
    expect(response.body.Date.slice(0, 10)).toBe(todayIn("America/Sao_Paulo"));
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["without origin", { IDBankTo: 2, Value: 10 }, "Conta bancária de origem não informada"],
    ["with origin 0", { IDBankFrom: 0, IDBankTo: 2, Value: 10 }, "Conta bancária de origem não informada"],
    ["without destination", { IDBankFrom: 1, Value: 10 }, "Conta bancária de destino não informada"],
    [
      "with the same account",
      { IDBankFrom: 1, IDBankTo: 1, Value: 10 },
      "A conta de origem e destino não podem ser a mesma",
    ],
    ["without value", { IDBankFrom: 1, IDBankTo: 2 }, "Valor deve ser maior que zero"],
    ["with value 0", { IDBankFrom: 1, IDBankTo: 2, Value: 0 }, "Valor deve ser maior que zero"],
    ["with a negative value", { IDBankFrom: 1, IDBankTo: 2, Value: -5 }, "Valor deve ser maior que zero"],
    [
      "with three decimals",
      { IDBankFrom: 1, IDBankTo: 2, Value: 1.005 },
      "Value aceita no máximo 2 casas decimais",
    ],
    [
      "with an invalid date",
      { IDBankFrom: 1, IDBankTo: 2, Value: 1, Date: "2026-13-01" },
      "Date deve ser uma data válida no formato AAAA-MM-DD",
    ],
  ];
  for (const [name, body, message] of refusals) {
    it(`refuses a transfer ${name}`, async () => {
      expectRefusal(await post(body), message);
    });
  }

  it("refuses when the caller's company does not exist", async () => {
    const ghost = client("demo", await tokenFor({ userId: 1, companyId: 99, account: "demo" }));
    const response = await ghost.post("/accounts/bank-statement/transfer", {
      IDBankFrom: origin,
      IDBankTo: destination,
      Value: 1,
    });
    expectRefusal(response, "Empresa não encontrada");
  });

  it("refuses accounts that do not exist or belong to another company", async () => {
    const foreign = await createBankAccount({ companyId: 2 });
    const message = "Uma ou ambas as contas bancárias não foram encontradas ou não pertencem a esta empresa";
    expectRefusal(await post({ IDBankFrom: foreign, IDBankTo: destination, Value: 1 }), message);
    expectRefusal(await post({ IDBankFrom: origin, IDBankTo: 999_999, Value: 1 }), message);
  });

  it("refuses an inactive origin or destination", async () => {
    const inactive = await createBankAccount({ status: 0 });
    expectRefusal(
      await post({ IDBankFrom: inactive, IDBankTo: destination, Value: 1 }),
      "Conta bancária de origem não encontrada",
    );
    expectRefusal(
      await post({ IDBankFrom: origin, IDBankTo: inactive, Value: 1 }),
      "Conta bancária de destino não encontrada",
    );
  });

  const failures: [string, string, number, string][] = [
    [
      "the debit leg",
      "BEFORE INSERT ON bank_statements WHEN NEW.type_account = 1 AND NEW.value = 12345",
      123.45,
      "Falha ao inserir transação de débito",
    ],
    [
      "the credit leg",
      "BEFORE INSERT ON bank_statements WHEN NEW.type_account = 0 AND NEW.value = 23456",
      234.56,
      "Falha ao inserir transação de crédito",
    ],
    [
      "the transfer reference",
      "BEFORE INSERT ON bank_statement_transfers WHEN NEW.value = 34567",
      345.67,
      "Falha ao processar transferência",
    ],
  ];
  for (const [name, trigger, value, message] of failures) {
    it(`answers "${message}" and writes nothing when the database refuses ${name}`, async () => {
      const before = await countRows();
      await withFailingTrigger("fail_transfer_write", trigger, async () => {
        const response = await post({ IDBankFrom: origin, IDBankTo: destination, Value: value });
        expectRefusal(response, message);
      });
      expect(await countRows()).toEqual(before);
    });
  }
});

describe("DELETE /accounts/bank-statement/transfer/{idbankstatement}", () => {
  const newTransfer = async (value = 100) => {
    const response = await post({
      IDBankFrom: origin,
      IDBankTo: destination,
      Value: value,
      Date: "2026-03-01",
    });
    expect(response.status).toBe(200);
    return response.body;
  };

  it("removes the reference and both legs from either leg and answers their summary", async () => {
    const before = await balanceUpTo(demoDb(), origin, "2026-03-01");
    const created = await newTransfer(250);
    const response = await remove(created.Credit.IDBankStatement);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      IDBankStatementTransfer: created.IDBankStatementTransfer,
      IDBankFrom: origin,
      IDBankTo: destination,
      Value: 250,
      Description: "Transferência entre contas",
      DeletedEntries: [created.Debit, created.Credit],
    });
    const left = await demoDb()
      .select()
      .from(entries)
      .where(eq(entries.transferId, created.IDBankStatementTransfer));
    expect(left).toEqual([]);
    const reference = await demoDb()
      .select()
      .from(transfers)
      .where(eq(transfers.id, created.IDBankStatementTransfer));
    expect(reference).toEqual([]);
    expect(await balanceUpTo(demoDb(), origin, "2026-03-01")).toBe(before);
    expectRefusal(
      await remove(created.Debit.IDBankStatement),
      "Lançamento não é uma transferência ou não foi encontrado",
    );
  });

  it("refuses when the caller's company does not exist", async () => {
    const created = await newTransfer();
    const ghost = client("demo", await tokenFor({ userId: 1, companyId: 99, account: "demo" }));
    const response = await ghost.delete(`/accounts/bank-statement/transfer/${created.Debit.IDBankStatement}`);
    expectRefusal(response, "Empresa não encontrada");
  });

  it("refuses an entry that is not a transfer, is missing or belongs to another company", async () => {
    const message = "Lançamento não é uma transferência ou não foi encontrado";
    const payment = await createEntry({ bankAccountId: origin, value: 100, date: "2026-03-01 10:00:00" });
    expectRefusal(await remove(payment), message);
    expectRefusal(await remove(999_999), message);
    const filial = client("demo", await signIn("demo", "filial@demo.local"));
    const created = await newTransfer();
    const response = await filial.delete(
      `/accounts/bank-statement/transfer/${created.Debit.IDBankStatement}`,
    );
    expectRefusal(response, message);
  });

  it("refuses a pair whose other leg is not of the company", async () => {
    const db = demoDb();
    const uid = newUid();
    await db.insert(transfers).values({
      companyId: 1,
      uid,
      fromBankAccountId: origin,
      toBankAccountId: destination,
      value: 100,
      description: "x",
    });
    const ref = await db.select().from(transfers).where(eq(transfers.uid, uid)).get();
    const leg = await createEntry({
      bankAccountId: origin,
      typeAccount: 1,
      value: 100,
      date: "2026-03-01 10:00:00",
      transferId: ref!.id,
      origin: "transfer",
    });
    await createEntry({
      companyId: 2,
      bankAccountId: destination,
      typeAccount: 0,
      value: 100,
      date: "2026-03-01 10:00:00",
      transferId: ref!.id,
      origin: "transfer",
    });
    expectRefusal(await remove(leg), "Uma ou ambas as transações não pertencem a esta empresa");
  });

  it("refuses to delete a transfer whose leg is reconciled", async () => {
    const created = await newTransfer();
    const line = await createBankLine({ bankAccountId: origin, date: "2026-03-01", value: -10_000 });
    await linkEntry(created.Debit.IDBankStatement, { bankLineId: line });
    expectRefusal(
      await remove(created.Credit.IDBankStatement),
      "Transferência conciliada não pode ser excluída; desfaça a conciliação do lançamento antes",
    );
  });

  const failures: [string, string, number, string][] = [
    [
      "the legs",
      "BEFORE DELETE ON bank_statements WHEN OLD.value = 45678",
      456.78,
      "Falha ao excluir as transações",
    ],
    [
      "the reference",
      "BEFORE DELETE ON bank_statement_transfers WHEN OLD.value = 56789",
      567.89,
      "Falha ao excluir transferência",
    ],
  ];
  for (const [name, trigger, value, message] of failures) {
    it(`answers "${message}" and removes nothing when the database refuses to delete ${name}`, async () => {
      const created = await newTransfer(value);
      await withFailingTrigger("fail_transfer_delete", trigger, async () => {
        expectRefusal(await remove(created.Debit.IDBankStatement), message);
      });
      const legs = await demoDb()
        .select()
        .from(entries)
        .where(eq(entries.transferId, created.IDBankStatementTransfer));
      expect(legs).toHaveLength(2);
      expect(await remove(created.Debit.IDBankStatement)).toMatchObject({ status: 200 });
    });
  }

  it("refuses an id that is not an int32", async () => {
    const response = await remove(3_000_000_000);
    expectRefusal(response, "idbankstatement excede o limite int32");
  });
});
