import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { conciliationLinks, entries, reconciliationAudit } from "../../../drizzle/schema";
import { client, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import {
  bankLineState,
  createAcquirerLine,
  createBankAccount,
  createBankLine,
  createTitle,
  demoDb,
  payTitle,
  titleState,
} from "../../support/statement-factories";

let api: ReturnType<typeof client>;
let A: number;
let B: number;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
  A = await createBankAccount();
  B = await createBankAccount();
});

const reconcile = async (body: unknown) => {
  const response = await api.post("/accounts/bank-statement", body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

const linksOf = (lineId: number) =>
  demoDb()
    .select()
    .from(conciliationLinks)
    .where(eq(conciliationLinks.bankLineId, lineId))
    .orderBy(conciliationLinks.id);

describe("POST /accounts/bank-statement with Accounts[] on a bank line", () => {
  it("posts an entry for the title, links it, settles the title and answers the reconciled line", async () => {
    const line = await createBankLine({
      bankAccountId: A,
      date: "2026-04-01",
      value: 100_000,
      description: "PIX CLIENTE",
    });
    const title = await createTitle({
      typeAccount: 0,
      value: 100_000,
      description: "Venda 77",
      document: "NF-77",
    });
    const body = await reconcile({
      IDBankStatementConciliation: line,
      IDBankAccount: A,
      Accounts: [{ IDAccountPayableReceivable: title }],
    });

    const [link] = await linksOf(line);
    expect(link).toMatchObject({ postedByLink: 1, acquirerLineId: null, createdBy: 1 });
    const entry = await demoDb().select().from(entries).where(eq(entries.id, link!.entryId)).get();
    expect(entry).toMatchObject({
      bankAccountId: A,
      typeAccount: 0,
      value: 100_000,
      date: "2026-04-01 00:00:00",
      description: "Venda 77",
      document: "NF-77",
      titleId: title,
      origin: "reconciliation",
    });
    expect(await titleState(title)).toEqual({ openValue: 0, status: 3 });
    expect(await bankLineState(line)).toEqual({ reconciledValue: 100_000, statusId: 3 });

    expect(body).toEqual([
      {
        IDBankStatementConciliation: line,
        IDBankAccount: A,
        Date: "2026-04-01",
        Value: 1000,
        Description: "PIX CLIENTE",
        Document: null,
        FitId: null,
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
        ReconciledValue: 1000,
        InternalAccounts: [
          {
            IDBankStatement: entry!.id,
            IDBankAccount: A,
            Date: "2026-04-01 00:00:00",
            Description: "Venda 77",
            Document: "NF-77",
            IDTypeAccount: 0,
            Value: 1000,
            IDAccountPayableReceivable: title,
            IDBankStatementTransfer: null,
            Origin: "reconciliation",
            IDBankStatementConciliation: line,
            IDAccountsPayableReceivableConciliation: null,
            IDTypeStatusConciliation: 3,
            PostedByLink: 1,
          },
        ],
        TotalInflow: 1000,
        TotalOutflow: 0,
        Difference: 0,
      },
    ]);

    const audit = await demoDb()
      .select()
      .from(reconciliationAudit)
      .where(eq(reconciliationAudit.bankLineId, line));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "reconcile", userId: 1, companyId: 1 });
    expect(JSON.parse(audit[0]!.details)).toEqual({
      IDBankAccount: A,
      Total: 100_000,
      ReconciledValue: 100_000,
      IDTypeStatusConciliation: 3,
      Entries: [
        {
          IDBankStatement: entry!.id,
          IDAccountPayableReceivable: title,
          IDTypeAccount: 0,
          Value: 100_000,
          PostedByLink: 1,
        },
      ],
    });
  });

  it("one line settles several titles: status 4 while partial, 3 when the line is complete", async () => {
    const line = await createBankLine({ bankAccountId: A, date: "2026-04-02", value: 100_000 });
    const first = await createTitle({ value: 40_000 });
    const second = await createTitle({ value: 80_000 });
    const partial = await reconcile({
      IDBankStatementConciliation: line,
      IDBankAccount: A,
      Accounts: [{ IDAccountPayableReceivable: first }],
    });
    expect(partial[0]).toMatchObject({ IDTypeStatusConciliation: 4, ReconciledValue: 400, Difference: 600 });
    const complete = await reconcile({
      IDBankStatementConciliation: line,
      IDBankAccount: A,
      Accounts: [{ IDAccountPayableReceivable: second, Value: 600 }],
    });
    expect(complete[0]).toMatchObject({
      IDTypeStatusConciliation: 3,
      ReconciledValue: 1000,
      TotalInflow: 1000,
      Difference: 0,
    });
    expect(complete[0]!.InternalAccounts.map((e) => [e.IDAccountPayableReceivable, e.Value])).toEqual([
      [first, 400],
      [second, 600],
    ]);
    expect(await titleState(first)).toEqual({ openValue: 0, status: 3 });
    expect(await titleState(second)).toEqual({ openValue: 20_000, status: 2 });
    const more = await api.post("/accounts/bank-statement", {
      IDBankStatementConciliation: line,
      IDBankAccount: A,
      Accounts: [{ IDAccountPayableReceivable: second, Value: 0.01 }],
    });
    expectRefusal(
      more,
      "O valor total das contas (1000.01) é maior que o valor do lançamento bancário (1000.00). Não é possível conciliar.",
    );
  });

  it("one title is settled by several lines, its open value following each part", async () => {
    const title = await createTitle({ typeAccount: 1, value: 90_000 });
    const first = await createBankLine({ bankAccountId: A, date: "2026-04-03", value: -30_000 });
    const second = await createBankLine({ bankAccountId: A, date: "2026-04-04", value: -60_000 });
    await reconcile({
      IDBankStatementConciliation: first,
      IDBankAccount: A,
      Accounts: [{ IDAccountPayableReceivable: title, Value: 300 }],
    });
    expect(await titleState(title)).toEqual({ openValue: 60_000, status: 2 });
    const body = await reconcile({
      IDBankStatementConciliation: second,
      IDBankAccount: A,
      Accounts: [{ IDAccountPayableReceivable: title }],
    });
    expect(body[0]).toMatchObject({ IDTypeStatusConciliation: 3, TotalOutflow: 600, Difference: 0 });
    expect(await titleState(title)).toEqual({ openValue: 0, status: 3 });
    expect(await bankLineState(first)).toEqual({ reconciledValue: 30_000, statusId: 3 });
  });

  it("reuses the title's unlinked entry on the line's date instead of posting a new one", async () => {
    const title = await createTitle({ value: 50_000 });
    const paid = await payTitle(title, { bankAccountId: A, value: 50_000, date: "2026-04-05 16:20:00" });
    const line = await createBankLine({ bankAccountId: A, date: "2026-04-05", value: 50_000 });
    const body = await reconcile({
      IDBankStatementConciliation: line,
      IDBankAccount: A,
      Accounts: [{ IDAccountPayableReceivable: title }],
    });
    expect(body[0]!.InternalAccounts).toEqual([
      expect.objectContaining({ IDBankStatement: paid, Origin: "payment", PostedByLink: 0, Value: 500 }),
    ]);
    expect(body[0]).toMatchObject({ IDTypeStatusConciliation: 3, Difference: 0 });
    expect(await titleState(title)).toEqual({ openValue: 0, status: 3 });
    const titleEntries = await demoDb().select().from(entries).where(eq(entries.titleId, title));
    expect(titleEntries).toHaveLength(1);
  });

  it("posts a new entry when the title's entry of that date is on another account", async () => {
    const title = await createTitle({ value: 50_000 });
    await payTitle(title, { bankAccountId: B, value: 20_000, date: "2026-04-06 10:00:00" });
    const line = await createBankLine({ bankAccountId: A, date: "2026-04-06", value: 30_000 });
    const body = await reconcile({
      IDBankStatementConciliation: line,
      IDBankAccount: A,
      Accounts: [{ IDAccountPayableReceivable: title }],
    });
    expect(body[0]!.InternalAccounts).toEqual([
      expect.objectContaining({ PostedByLink: 1, Value: 300, IDBankAccount: A }),
    ]);
    expect(await titleState(title)).toEqual({ openValue: 0, status: 3 });
  });

  it("compares absolute values: payables on a debit line and a net of receivable and payable", async () => {
    const debit = await createBankLine({ bankAccountId: A, date: "2026-04-07", value: -25_000 });
    const payable = await createTitle({ typeAccount: 1, value: 25_000 });
    const out = await reconcile({
      IDBankStatementConciliation: debit,
      IDBankAccount: A,
      Accounts: [{ IDAccountPayableReceivable: payable }],
    });
    expect(out[0]).toMatchObject({
      Value: -250,
      IDTypeStatusConciliation: 3,
      TotalInflow: 0,
      TotalOutflow: 250,
      Difference: 0,
    });
    expect(out[0]!.InternalAccounts[0]).toMatchObject({ IDTypeAccount: 1, Value: 250 });

    const net = await createBankLine({ bankAccountId: A, date: "2026-04-07", value: 90_000 });
    const sale = await createTitle({ typeAccount: 0, value: 100_000 });
    const fee = await createTitle({ typeAccount: 1, value: 10_000 });
    const body = await reconcile({
      IDBankStatementConciliation: net,
      IDBankAccount: A,
      Accounts: [{ IDAccountPayableReceivable: sale }, { IDAccountPayableReceivable: fee }],
    });
    expect(body[0]).toMatchObject({
      IDTypeStatusConciliation: 3,
      ReconciledValue: 900,
      TotalInflow: 1000,
      TotalOutflow: 100,
      Difference: 0,
    });
  });
});

describe("POST /accounts/bank-statement with Transfers[]", () => {
  it("attaches a posted transfer leg of the account without posting anything", async () => {
    const transfer = await api.post("/accounts/bank-statement/transfer", {
      IDBankFrom: A,
      IDBankTo: B,
      Value: 100,
      Date: "2026-04-08",
    });
    const line = await createBankLine({ bankAccountId: A, date: "2026-04-08", value: -10_000 });
    const body = await reconcile({
      IDBankStatementConciliation: line,
      IDBankAccount: A,
      Transfers: [{ IDBankStatement: transfer.body.Debit.IDBankStatement }],
    });
    expect(body[0]).toMatchObject({
      IDTypeStatusConciliation: 3,
      ReconciledValue: 100,
      TotalOutflow: 100,
      Difference: 0,
    });
    expect(body[0]!.InternalAccounts).toEqual([
      expect.objectContaining({
        IDBankStatement: transfer.body.Debit.IDBankStatement,
        IDBankStatementTransfer: transfer.body.IDBankStatementTransfer,
        Origin: "transfer",
        PostedByLink: 0,
      }),
    ]);
    const again = await api.post("/accounts/bank-statement", {
      IDBankStatementConciliation: await createBankLine({
        bankAccountId: A,
        date: "2026-04-08",
        value: -10_000,
      }),
      IDBankAccount: A,
      Transfers: [{ IDBankStatement: transfer.body.Debit.IDBankStatement }],
    });
    expectRefusal(
      again,
      `Transferência(s) não encontradas ou já conciliadas: ${transfer.body.Debit.IDBankStatement}`,
    );
  });
});

describe("POST /accounts/bank-statement on an acquirer line", () => {
  it("posts an entry per title on IDBankAccount, links them and sets status 3", async () => {
    const line = await createAcquirerLine({
      date: "2026-04-09",
      grossValue: 52_000,
      netValue: 50_000,
      acquirer: "Rede",
    });
    const first = await createTitle({ value: 30_000 });
    const second = await createTitle({ value: 20_000 });
    const body = await reconcile({
      IDAccountsPayableReceivableConciliation: line,
      IDBankAccount: A,
      Accounts: [{ IDAccountPayableReceivable: first }, { IDAccountPayableReceivable: second, Value: 100 }],
    });
    expect(body).toEqual([
      {
        IDAccountsPayableReceivableConciliation: line,
        IDBankAccount: null,
        Acquirer: "Rede",
        Date: "2026-04-09",
        GrossValue: 520,
        NetValue: 500,
        IDTypeStatusConciliation: 3,
        ReconciledValue: 400,
        InternalAccounts: [
          expect.objectContaining({
            IDAccountPayableReceivable: first,
            Value: 300,
            IDBankAccount: A,
            IDAccountsPayableReceivableConciliation: line,
            IDBankStatementConciliation: null,
            IDTypeStatusConciliation: 3,
            PostedByLink: 1,
          }),
          expect.objectContaining({
            IDAccountPayableReceivable: second,
            Value: 100,
            IDBankAccount: A,
            PostedByLink: 1,
          }),
        ],
        TotalInflow: 400,
        TotalOutflow: 0,
        Difference: 100,
      },
    ]);
    expect(await titleState(second)).toEqual({ openValue: 10_000, status: 2 });
    const links = await demoDb()
      .select()
      .from(conciliationLinks)
      .where(and(eq(conciliationLinks.acquirerLineId, line), eq(conciliationLinks.postedByLink, 1)));
    expect(links).toHaveLength(2);
  });
});
