import { beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../../src/lib/dates";
import type { Answer } from "../../support/answers";
import { client, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import {
  createBankAccount,
  createBankLine,
  createEntry,
  createTitle,
  linkEntry,
} from "../../support/statement-factories";

let api: ReturnType<typeof client>;
let A: number;
let B: number;
let C: number;
let receivable: number;
let payable: number;
const ids: Record<string, number> = {};
let transfer: Answer<"$post", "/accounts/bank-statement/transfer">;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
  A = await createBankAccount({ bank: "Banco do Brasil", accountNumber: "12345-6" });
  B = await createBankAccount({ bank: "Itaú", accountNumber: "9876-5" });
  C = await createBankAccount({ companyId: 2, bank: "Caixa", accountNumber: "555-1" });
  receivable = await createTitle({ typeAccount: 0, value: 20_000, openValue: 0 });
  payable = await createTitle({ typeAccount: 1, value: 3_000, openValue: 0 });

  ids.before = await createEntry({
    bankAccountId: A,
    typeAccount: 0,
    value: 100_000,
    date: "2024-12-31 10:00:00",
    description: "Saldo anterior",
    origin: "adjustment",
  });
  ids.receipt = await createEntry({
    bankAccountId: A,
    typeAccount: 0,
    value: 20_000,
    date: "2025-01-10 09:00:00",
    description: "Recebimento cliente",
    document: "NF-1",
    titleId: receivable,
  });
  ids.onB = await createEntry({
    bankAccountId: B,
    typeAccount: 0,
    value: 50_000,
    date: "2025-01-11 08:00:00",
  });
  const response = await api.post("/accounts/bank-statement/transfer", {
    IDBankFrom: A,
    IDBankTo: B,
    Value: 100,
    Date: "2025-01-12",
  });
  expect(response.status).toBe(200);
  transfer = response.body;
  ids.payment = await createEntry({
    bankAccountId: A,
    typeAccount: 1,
    value: 3_000,
    date: "2025-01-15 11:00:00",
    description: "Pagamento fornecedor",
    titleId: payable,
  });
  ids.otherCompany = await createEntry({
    companyId: 2,
    bankAccountId: C,
    typeAccount: 0,
    value: 7_700,
    date: "2025-01-10 10:00:00",
  });

  ids.oldLine = await createBankLine({ bankAccountId: A, date: "2024-12-20", value: 1_000 });
  ids.reconciledLine = await createBankLine({
    bankAccountId: A,
    date: "2025-01-15",
    value: -3_000,
    description: "PAGTO FORNECEDOR",
    document: "DOC9",
    fitId: "F1",
    dedupeKey: "fit:F1",
    statusId: 3,
    reconciledValue: 3_000,
  });
  ids.pendingLine = await createBankLine({ bankAccountId: A, date: "2025-01-20", value: 9_999 });
  await linkEntry(ids.payment!, { bankLineId: ids.reconciledLine });
});

/** The statement answers one of three shapes, chosen by the query: the test names the one it reads. */
type Statement = Answer<"$get", "/accounts/bank-statement">;
type InternalStatement = Extract<Statement, { Entries: unknown }>;
type BankLines = Extract<Statement, { TotalInflow: number }[]>;
type InternalAccounts = Exclude<Statement, InternalStatement | BankLines>;

const get = <Shape extends Statement = Statement>(query: string) =>
  api.get<Shape>(`/accounts/bank-statement?${query}`);

describe("GET /accounts/bank-statement Source=1 (internal statement)", () => {
  it("answers one object: opening balance, running balance per entry and totals of one account", async () => {
    const response = await get<InternalStatement>(
      `Source=1&IDBankAccount=${A}&DateFrom=2025-01-01&DateTo=2025-01-31`,
    );
    expect(response.status).toBe(200);
    const debit = transfer.Debit;
    expect(response.body).toEqual({
      PreviousBalance: 1000,
      TotalReceipts: 200,
      TotalPayments: 130,
      FinalBalance: 1070,
      Page: 0,
      TotalEntries: 3,
      DateFrom: "2025-01-01",
      DateTo: "2025-01-31",
      Entries: [
        {
          IDBankStatement: ids.receipt,
          IDBankAccount: A,
          Date: "2025-01-10 09:00:00",
          Description: "Recebimento cliente",
          Document: "NF-1",
          IDTypeAccount: 0,
          Value: 200,
          Balance: 1200,
          IDAccountPayableReceivable: receivable,
          IDBankStatementTransfer: null,
          Origin: "payment",
          IDBankStatementConciliation: null,
          IDAccountsPayableReceivableConciliation: null,
          IDTypeStatusConciliation: null,
          PostedByLink: null,
        },
        {
          IDBankStatement: debit.IDBankStatement,
          IDBankAccount: A,
          Date: debit.Date,
          Description: "Transferência entre contas Itaú 9876-5",
          Document: null,
          IDTypeAccount: 1,
          Value: 100,
          Balance: 1100,
          IDAccountPayableReceivable: null,
          IDBankStatementTransfer: transfer.IDBankStatementTransfer,
          Origin: "transfer",
          IDBankStatementConciliation: null,
          IDAccountsPayableReceivableConciliation: null,
          IDTypeStatusConciliation: null,
          PostedByLink: null,
        },
        {
          IDBankStatement: ids.payment,
          IDBankAccount: A,
          Date: "2025-01-15 11:00:00",
          Description: "Pagamento fornecedor",
          Document: null,
          IDTypeAccount: 1,
          Value: 30,
          Balance: 1070,
          IDAccountPayableReceivable: payable,
          IDBankStatementTransfer: null,
          Origin: "payment",
          IDBankStatementConciliation: ids.reconciledLine,
          IDAccountsPayableReceivableConciliation: null,
          IDTypeStatusConciliation: 3,
          PostedByLink: 0,
        },
      ],
    });
    expect(debit.Date.startsWith("2025-01-12 ")).toBe(true);
  });

  it("covers every account of the company when IDBankAccount is absent", async () => {
    const response = await get<InternalStatement>("Source=1&DateFrom=2025-01-01&DateTo=2025-01-31");
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({
      PreviousBalance: 1000,
      TotalReceipts: 800,
      TotalPayments: 130,
      FinalBalance: 1670,
    });
    expect(body.Entries.map((e) => [e.IDBankStatement, e.Balance])).toEqual([
      [ids.receipt, 1200],
      [ids.onB, 1700],
      [transfer.Debit.IDBankStatement, 1600],
      [transfer.Credit.IDBankStatement, 1700],
      [ids.payment, 1670],
    ]);
  });

  it("lists the whole history from a zero opening balance without dates", async () => {
    const response = await get<InternalStatement>(`Source=1&IDBankAccount=${A}`);
    expect(response.body).toMatchObject({
      PreviousBalance: 0,
      FinalBalance: 1070,
      TotalEntries: 4,
      DateFrom: null,
    });
    expect(response.body.Entries[0]).toMatchObject({ IDBankStatement: ids.before, Balance: 1000 });
  });

  it("OnlyTransfer=1 lists only entries without a title", async () => {
    const response = await get<InternalStatement>(
      `Source=1&IDBankAccount=${A}&DateFrom=2025-01-01&DateTo=2025-01-31&OnlyTransfer=1`,
    );
    expect(response.body).toMatchObject({
      PreviousBalance: 1000,
      TotalReceipts: 0,
      TotalPayments: 100,
      FinalBalance: 900,
    });
    expect(response.body.Entries.map((e) => [e.IDBankStatement, e.Balance])).toEqual([
      [transfer.Debit.IDBankStatement, 900],
    ]);
  });

  it("IDTypeAccount and IDBankStatement narrow the listed entries", async () => {
    const inflows = await get<InternalStatement>(
      `Source=1&IDBankAccount=${A}&DateFrom=2025-01-01&DateTo=2025-01-31&IDTypeAccount=0`,
    );
    expect(inflows.body.Entries.map((e) => e.IDBankStatement)).toEqual([ids.receipt]);
    expect(inflows.body).toMatchObject({ TotalReceipts: 200, TotalPayments: 0, FinalBalance: 1200 });
    const one = await get<InternalStatement>(`Source=1&IDBankStatement=${ids.payment}`);
    expect(one.body.Entries.map((e) => e.IDBankStatement)).toEqual([ids.payment]);
  });

  it("Ignore is read without effect", async () => {
    const plain = await get<InternalStatement>(
      `Source=1&IDBankAccount=${A}&DateFrom=2025-01-01&DateTo=2025-01-31`,
    );
    const ignored = await get<InternalStatement>(
      `Source=1&IDBankAccount=${A}&DateFrom=2025-01-01&DateTo=2025-01-31&Ignore=7`,
    );
    expect(ignored.body).toEqual(plain.body);
  });

  it("DateTo defaults to today (company zone) when only DateFrom is sent", async () => {
    const D = await createBankAccount();
    await createEntry({ bankAccountId: D, value: 1_000, date: "2025-02-01 10:00:00" });
    const future = await createEntry({ bankAccountId: D, value: 500, date: "2099-01-01 10:00:00" });
    const bounded = await get<InternalStatement>(`Source=1&IDBankAccount=${D}&DateFrom=2025-01-01`);
    expect(bounded.body.DateTo).toBe(todayIn("America/Sao_Paulo"));
    expect(bounded.body.TotalEntries).toBe(1);
    const open = await get<InternalStatement>(`Source=1&IDBankAccount=${D}`);
    expect(open.body.DateTo).toBeNull();
    expect(open.body.Entries.map((e) => e.IDBankStatement)).toContain(future);
  });

  it("IDCompany lists another company of the caller's access list", async () => {
    const response = await get<InternalStatement>(
      `Source=1&IDCompany=2&DateFrom=2025-01-01&DateTo=2025-01-31`,
    );
    expect(response.status).toBe(200);
    expect(response.body.Entries.map((e) => e.IDBankStatement)).toEqual([ids.otherCompany]);
    expect(response.body.FinalBalance).toBe(77);
  });
});

describe("GET /accounts/bank-statement Source=2 (imported bank statement)", () => {
  it("answers the bank lines with their internal accounts, totals per type and difference", async () => {
    const response = await get<BankLines>(`Source=2&IDBankAccount=${A}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        IDBankStatementConciliation: ids.reconciledLine,
        IDBankAccount: A,
        Date: "2025-01-15",
        Value: -30,
        Description: "PAGTO FORNECEDOR",
        Document: "DOC9",
        FitId: "F1",
        IDTypeStatusConciliation: 3,
        IDBankStatementConciliationRule: null,
        EndToEndId: null,
        TxId: null,
        PayerDocument: null,
        PayerName: null,
        Origin: "OFX",
        Pending: false,
        WithdrawnAt: null,
        FeedTransactionId: null,
        ReconciledValue: 30,
        InternalAccounts: [
          {
            IDBankStatement: ids.payment,
            IDBankAccount: A,
            Date: "2025-01-15 11:00:00",
            Description: "Pagamento fornecedor",
            Document: null,
            IDTypeAccount: 1,
            Value: 30,
            IDAccountPayableReceivable: payable,
            IDBankStatementTransfer: null,
            Origin: "payment",
            IDBankStatementConciliation: ids.reconciledLine,
            IDAccountsPayableReceivableConciliation: null,
            IDTypeStatusConciliation: 3,
            PostedByLink: 0,
          },
        ],
        TotalInflow: 0,
        TotalOutflow: 30,
        Difference: 0,
      },
      {
        IDBankStatementConciliation: ids.pendingLine,
        IDBankAccount: A,
        Date: "2025-01-20",
        Value: 99.99,
        Description: expect.any(String),
        Document: null,
        FitId: null,
        IDTypeStatusConciliation: 1,
        IDBankStatementConciliationRule: null,
        EndToEndId: null,
        TxId: null,
        PayerDocument: null,
        PayerName: null,
        Origin: "OFX",
        Pending: false,
        WithdrawnAt: null,
        FeedTransactionId: null,
        ReconciledValue: 0,
        InternalAccounts: [],
        TotalInflow: 0,
        TotalOutflow: 0,
        Difference: 99.99,
      },
    ]);
  });

  it("starts at 2025-01-01 without DateFrom, earlier with it", async () => {
    const withOld = await get<BankLines>(`Source=2&IDBankAccount=${A}&DateFrom=2024-12-01`);
    expect(withOld.body.map((l) => l.IDBankStatementConciliation)).toEqual([
      ids.oldLine,
      ids.reconciledLine,
      ids.pendingLine,
    ]);
  });

  it("filters by status, type, group and linked entry", async () => {
    const pending = await get<BankLines>(`Source=2&IDBankAccount=${A}&IDTypeStatusConciliation=1`);
    expect(pending.body.map((l) => l.IDBankStatementConciliation)).toEqual([ids.pendingLine]);
    const debits = await get<BankLines>(`Source=2&IDBankAccount=${A}&IDTypeAccount=1`);
    expect(debits.body.map((l) => l.IDBankStatementConciliation)).toEqual([ids.reconciledLine]);
    const group = await get<BankLines>(`Source=2&IDBankStatementConciliation=${ids.pendingLine}`);
    expect(group.body.map((l) => l.IDBankStatementConciliation)).toEqual([ids.pendingLine]);
    const byEntry = await get<BankLines>(`Source=2&IDBankStatement=${ids.payment}`);
    expect(byEntry.body.map((l) => l.IDBankStatementConciliation)).toEqual([ids.reconciledLine]);
    const range = await get<BankLines>(`Source=2&IDBankAccount=${A}&DateFrom=2025-01-16&DateTo=2025-01-31`);
    expect(range.body.map((l) => l.IDBankStatementConciliation)).toEqual([ids.pendingLine]);
  });
});

describe("GET /accounts/bank-statement Source=1 with IDBankStatementConciliation", () => {
  it("answers only the internal accounts linked to that bank line", async () => {
    const response = await get<InternalAccounts>(
      `Source=1&IDBankStatementConciliation=${ids.reconciledLine}`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      expect.objectContaining({ IDBankStatement: ids.payment, Value: 30, IDTypeAccount: 1, PostedByLink: 0 }),
    ]);
    expect(response.body[0]).not.toHaveProperty("Balance");
    const none = await get<InternalAccounts>(`Source=1&IDBankStatementConciliation=${ids.pendingLine}`);
    expect(none.body).toEqual([]);
  });

  it("refuses a bank line of another company", async () => {
    const foreign = await createBankLine({ companyId: 2, bankAccountId: C, date: "2025-01-05", value: 100 });
    const response = await get<InternalAccounts>(`Source=1&IDBankStatementConciliation=${foreign}`);
    expectRefusal(response, "Lançamento conciliação bancária não encontrado");
  });
});

describe("GET /accounts/bank-statement parameter rules", () => {
  const refusals: [string, string, string][] = [
    [
      "Source missing",
      "IDBankAccount=1",
      "Source é obrigatório e deve ser 1 (extrato interno) ou 2 (extrato bancário importado)",
    ],
    [
      "Source 3",
      "Source=3",
      "Source é obrigatório e deve ser 1 (extrato interno) ou 2 (extrato bancário importado)",
    ],
    [
      "Source text",
      "Source=abc",
      "Source é obrigatório e deve ser 1 (extrato interno) ou 2 (extrato bancário importado)",
    ],
    [
      "status without Source=2",
      "Source=1&IDTypeStatusConciliation=1",
      "IDTypeStatusConciliation só pode ser usado com Source=2",
    ],
    [
      "OnlyTransfer without Source=1",
      "Source=2&OnlyTransfer=1",
      "OnlyTransfer só pode ser usado com Source=1",
    ],
    [
      "inverted dates",
      "Source=1&DateFrom=2025-02-01&DateTo=2025-01-01",
      "DateFrom não pode ser posterior a DateTo",
    ],
    [
      "status out of range",
      "Source=2&IDTypeStatusConciliation=5",
      "IDTypeStatusConciliation deve ser um de: 1, 2, 3, 4",
    ],
    ["IDTypeAccount out of range", "Source=1&IDTypeAccount=2", "IDTypeAccount deve ser um de: 0, 1"],
    ["OnlyTransfer other than 1", "Source=1&OnlyTransfer=0", "OnlyTransfer deve ser um de: 1"],
    [
      "invalid date",
      "Source=1&DateFrom=2025-02-30",
      "DateFrom deve ser uma data válida no formato AAAA-MM-DD",
    ],
    ["negative page", "Source=1&Page=-1", "Page deve ser um inteiro maior ou igual a zero"],
    ["company outside the access list", "Source=1&IDCompany=9", "Empresa não encontrada"],
  ];
  for (const [name, query, message] of refusals) {
    it(`refuses ${name}`, async () => {
      const response = await get(query);
      expectRefusal(response, message);
    });
  }

  it("refuses a bank account of another company, also when listing that other company", async () => {
    const foreign = await get<InternalStatement>(`Source=1&IDBankAccount=${C}`);
    expectRefusal(foreign, "Conta bancária não encontrada");
    const crossed = await get<BankLines>(`Source=2&IDCompany=2&IDBankAccount=${A}`);
    expectRefusal(crossed, "Conta bancária não encontrada");
  });

  it("refuses IDCompany of a company the user has no access to", async () => {
    const filial = client("demo", await signIn("demo", "filial@demo.local"));
    const response = await filial.get("/accounts/bank-statement?Source=1&IDCompany=1");
    expectRefusal(response, "Empresa não encontrada");
    const own = await filial.get("/accounts/bank-statement?Source=1&IDCompany=2");
    expect(own.status).toBe(200);
  });
});
