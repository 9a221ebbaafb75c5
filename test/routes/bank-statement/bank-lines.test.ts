import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bankLines } from "../../../drizzle/schema";
import { client, signIn, tokenFor } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import {
  createAcquirerLine,
  createBankAccount,
  createTitle,
  demoDb,
} from "../../support/statement-factories";

let api: ReturnType<typeof client>;
let account: number;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
  account = await createBankAccount();
});

describe("POST /accounts/bank-statement/conciliation (manual bank line)", () => {
  it("creates a pending line with a manual dedupe key and answers it", async () => {
    const response = await api.post("/accounts/bank-statement/conciliation", {
      IDBankAccount: account,
      Date: "2026-08-01",
      Value: -321.09,
      Description: " TARIFA BANCARIA ",
      Document: "77",
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      IDBankStatementConciliation: expect.any(Number),
      IDBankAccount: account,
      Date: "2026-08-01",
      Value: -321.09,
      Description: "TARIFA BANCARIA",
      Document: "77",
      FitId: null,
      IDTypeStatusConciliation: 1,
      IDBankStatementConciliationRule: null,
      EndToEndId: null,
      TxId: null,
      PayerDocument: null,
      PayerName: null,
      Origin: "Manual",
      Pending: false,
      WithdrawnAt: null,
      FeedTransactionId: null,
      ReconciledValue: 0,
      InternalAccounts: [],
      TotalInflow: 0,
      TotalOutflow: 0,
      Difference: -321.09,
    });
    const row = await demoDb()
      .select()
      .from(bankLines)
      .where(eq(bankLines.id, response.body.IDBankStatementConciliation))
      .get();
    expect(row).toMatchObject({ value: -32_109, statusId: 1, createdBy: 1 });
    expect(row!.dedupeKey).toMatch(/^manual:[0-9a-f-]{36}$/);

    const read = await api.get(
      `/accounts/bank-statement/conciliation/${response.body.IDBankStatementConciliation}`,
    );
    expect(read).toMatchObject({ status: 200, body: response.body });
  });

  it("is reconciled like an imported line", async () => {
    const line = await api.post("/accounts/bank-statement/conciliation", {
      IDBankAccount: account,
      Date: "2026-08-02",
      Value: 50,
    });
    const title = await createTitle({ value: 5_000 });
    const response = await api.post("/accounts/bank-statement", {
      IDBankStatementConciliation: line.body.IDBankStatementConciliation,
      IDBankAccount: account,
      Accounts: [{ IDAccountPayableReceivable: title }],
    });
    expect(response.body[0]).toMatchObject({ IDTypeStatusConciliation: 3, Description: "", Difference: 0 });
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["without an account", { Date: "2026-08-01", Value: 10 }, "Conta bancária não selecionada"],
    [
      "with value zero",
      { IDBankAccount: 1, Date: "2026-08-01", Value: 0 },
      "Valor deve ser diferente de zero",
    ],
    ["without a date", { IDBankAccount: 1, Value: 10 }, "Date é obrigatório"],
    [
      "with three decimals",
      { IDBankAccount: 1, Date: "2026-08-01", Value: 1.234 },
      "Value aceita no máximo 2 casas decimais",
    ],
  ];
  for (const [name, body, message] of refusals) {
    it(`refuses a line ${name}`, async () => {
      expectRefusal(await api.post("/accounts/bank-statement/conciliation", body), message);
    });
  }

  it("refuses an account of another company or inactive", async () => {
    for (const id of [await createBankAccount({ companyId: 2 }), await createBankAccount({ status: 0 })]) {
      const response = await api.post("/accounts/bank-statement/conciliation", {
        IDBankAccount: id,
        Date: "2026-08-01",
        Value: 10,
      });
      expectRefusal(response, "Conta bancária não encontrada");
    }
  });

  it("refuses when the caller's company does not exist", async () => {
    const ghost = client("demo", await tokenFor({ userId: 1, companyId: 99, account: "demo" }));
    const response = await ghost.post("/accounts/bank-statement/conciliation", {
      IDBankAccount: account,
      Date: "2026-08-01",
      Value: 10,
    });
    expectRefusal(response, "Empresa não encontrada");
  });

  it("GET answers a missing or foreign line as not found", async () => {
    const filial = client("demo", await signIn("demo", "filial@demo.local"));
    const own = await api.post("/accounts/bank-statement/conciliation", {
      IDBankAccount: account,
      Date: "2026-08-03",
      Value: 1,
    });
    for (const response of [
      await filial.get(`/accounts/bank-statement/conciliation/${own.body.IDBankStatementConciliation}`),
      await api.get("/accounts/bank-statement/conciliation/999999"),
    ]) {
      expectRefusal(response, "Lançamento conciliação bancária não encontrado");
    }
  });
});

describe("/accounts/receivable/acquirer-conciliation", () => {
  it("creates a pending acquirer line and lists it with filters", async () => {
    const created = await api.post("/accounts/receivable/acquirer-conciliation", {
      Acquirer: "Stone",
      Date: "2026-08-10",
      GrossValue: 1000,
      NetValue: 968.5,
      IDBankAccount: account,
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      IDAccountsPayableReceivableConciliation: expect.any(Number),
      IDBankAccount: account,
      Acquirer: "Stone",
      Date: "2026-08-10",
      GrossValue: 1000,
      NetValue: 968.5,
      IDTypeStatusConciliation: 1,
      ReconciledValue: 0,
      InternalAccounts: [],
      TotalInflow: 0,
      TotalOutflow: 0,
      Difference: 968.5,
    });
    const other = await createAcquirerLine({ date: "2026-08-20", netValue: 100 });
    await createAcquirerLine({ companyId: 2, date: "2026-08-10", netValue: 100 });

    const all = await api.get("/accounts/receivable/acquirer-conciliation");
    expect(all.body.map((l) => l.IDAccountsPayableReceivableConciliation)).toEqual([
      created.body.IDAccountsPayableReceivableConciliation,
      other,
    ]);
    const byDate = await api.get(
      "/accounts/receivable/acquirer-conciliation?DateFrom=2026-08-15&DateTo=2026-08-31",
    );
    expect(byDate.body.map((l) => l.IDAccountsPayableReceivableConciliation)).toEqual([other]);
    const byAccount = await api.get(`/accounts/receivable/acquirer-conciliation?IDBankAccount=${account}`);
    expect(byAccount.body).toEqual([created.body]);
  });

  it("lists reconciled lines with their entries and filters by status", async () => {
    const line = await createAcquirerLine({ date: "2026-08-25", netValue: 2_000 });
    const title = await createTitle({ value: 2_000 });
    await api.post("/accounts/bank-statement", {
      IDAccountsPayableReceivableConciliation: line,
      IDBankAccount: account,
      Accounts: [{ IDAccountPayableReceivable: title }],
    });
    const reconciled = await api.get("/accounts/receivable/acquirer-conciliation?IDTypeStatusConciliation=3");
    expect(reconciled.body).toEqual([
      expect.objectContaining({
        IDAccountsPayableReceivableConciliation: line,
        IDTypeStatusConciliation: 3,
        InternalAccounts: [expect.objectContaining({ IDAccountPayableReceivable: title, Value: 20 })],
        Difference: 0,
      }),
    ]);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    [
      "net above gross",
      { Acquirer: "Cielo", Date: "2026-08-01", GrossValue: 10, NetValue: 11 },
      "NetValue não pode ser maior que GrossValue",
    ],
    [
      "without acquirer",
      { Acquirer: "", Date: "2026-08-01", GrossValue: 10, NetValue: 9 },
      "Acquirer é obrigatório",
    ],
    [
      "with zero net value",
      { Acquirer: "Cielo", Date: "2026-08-01", GrossValue: 10, NetValue: 0 },
      "NetValue deve ser maior que zero",
    ],
    [
      "with an unknown account",
      { Acquirer: "Cielo", Date: "2026-08-01", GrossValue: 10, NetValue: 9, IDBankAccount: 999_999 },
      "Conta bancária não encontrada",
    ],
  ];
  for (const [name, body, message] of refusals) {
    it(`refuses a line ${name}`, async () => {
      expectRefusal(await api.post("/accounts/receivable/acquirer-conciliation", body), message);
    });
  }

  it("refuses a list filtered by another company's account or inverted dates", async () => {
    const foreign = await createBankAccount({ companyId: 2 });
    expectRefusal(
      await api.get(`/accounts/receivable/acquirer-conciliation?IDBankAccount=${foreign}`),
      "Conta bancária não encontrada",
    );
    expectRefusal(
      await api.get("/accounts/receivable/acquirer-conciliation?DateFrom=2026-09-01&DateTo=2026-08-01"),
      "DateFrom não pode ser posterior a DateTo",
    );
  });
});
