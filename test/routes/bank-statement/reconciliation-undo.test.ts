import { env } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { conciliationLinks, entries, reconciliationAudit, titles } from "../../../drizzle/schema";
import { balanceUpTo } from "../../../src/db/ledger";
import type { Answer } from "../../support/answers";
import { client, errorBody, signIn, tokenFor } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import {
  bankLineState,
  createAcquirerLine,
  createBankAccount,
  createBankLine,
  createTitle,
  demoDb,
  linkEntry,
  payTitle,
  titleState,
} from "../../support/statement-factories";

let api: ReturnType<typeof client>;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
});

const reconcile = async (body: unknown) => {
  const response = await api.post("/accounts/bank-statement", body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const undo = (line: number) => api.delete(`/accounts/bank-statement/conciliation/${line}`);
const undoAcquirer = (line: number) =>
  api.delete(`/accounts/receivable/acquirer-conciliation/${line}/conciliation`);

describe("DELETE /accounts/bank-statement/conciliation/{idbankstatementconciliation}", () => {
  it("unlinks everything, deletes posted entries, keeps reused ones, restores titles and resets the line", async () => {
    const account = await createBankAccount();
    const line = await createBankLine({ bankAccountId: account, date: "2026-07-01", value: 150_000 });
    const posted = await createTitle({ value: 100_000 });
    const reused = await createTitle({ value: 50_000 });
    const reusedEntry = await payTitle(reused, {
      bankAccountId: account,
      value: 50_000,
      date: "2026-07-01 09:00:00",
    });
    const before = await reconcile({
      IDBankStatementConciliation: line,
      IDBankAccount: account,
      Accounts: [{ IDAccountPayableReceivable: posted }, { IDAccountPayableReceivable: reused }],
    });
    const postedEntry = before[0]!.InternalAccounts.find((e) => e.PostedByLink === 1)!.IDBankStatement;
    expect(await balanceUpTo(demoDb(), account, "2026-07-01")).toBe(150_000);

    const response = await undo(line);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      IDBankStatementConciliation: line,
      IDTypeStatusConciliation: 1,
      ReconciledValue: 0,
      InternalAccounts: [],
      TotalInflow: 0,
      TotalOutflow: 0,
      Difference: 1500,
    });
    expect(response.body.UnlinkedEntries).toEqual([
      {
        IDBankStatement: postedEntry,
        IDAccountPayableReceivable: posted,
        IDTypeAccount: 0,
        Value: 1000,
        Date: "2026-07-01 00:00:00",
        PostedByLink: 1,
        Deleted: 1,
      },
      {
        IDBankStatement: reusedEntry,
        IDAccountPayableReceivable: reused,
        IDTypeAccount: 0,
        Value: 500,
        Date: "2026-07-01 09:00:00",
        PostedByLink: 0,
        Deleted: 0,
      },
    ]);

    expect(await bankLineState(line)).toEqual({ reconciledValue: 0, statusId: 1 });
    expect(
      await demoDb().select().from(conciliationLinks).where(eq(conciliationLinks.bankLineId, line)),
    ).toEqual([]);
    expect(await demoDb().select().from(entries).where(eq(entries.id, postedEntry))).toEqual([]);
    expect(
      await demoDb().select({ id: entries.id }).from(entries).where(eq(entries.id, reusedEntry)),
    ).toEqual([{ id: reusedEntry }]);
    expect(await titleState(posted)).toEqual({ openValue: 100_000, status: 1 });
    expect(await titleState(reused)).toEqual({ openValue: 0, status: 3 });
    expect(await balanceUpTo(demoDb(), account, "2026-07-01")).toBe(50_000);

    const audit = await demoDb()
      .select()
      .from(reconciliationAudit)
      .where(eq(reconciliationAudit.bankLineId, line))
      .orderBy(asc(reconciliationAudit.id));
    expect(audit.map((a) => [a.action, a.userId])).toEqual([
      ["reconcile", 1],
      ["undo", 1],
    ]);
    expect(JSON.parse(audit[1]!.details)).toEqual({
      PreviousReconciledValue: 150_000,
      PreviousIDTypeStatusConciliation: 3,
      Entries: [
        {
          IDBankStatement: postedEntry,
          IDAccountPayableReceivable: posted,
          IDTypeAccount: 0,
          Value: 100_000,
          PostedByLink: 1,
          Deleted: 1,
        },
        {
          IDBankStatement: reusedEntry,
          IDAccountPayableReceivable: reused,
          IDTypeAccount: 0,
          Value: 50_000,
          PostedByLink: 0,
          Deleted: 0,
        },
      ],
    });
  });

  it("keeps reconciled transfer legs, only unlinking them", async () => {
    const from = await createBankAccount();
    const to = await createBankAccount();
    const transfer = await api.post("/accounts/bank-statement/transfer", {
      IDBankFrom: from,
      IDBankTo: to,
      Value: 20,
      Date: "2026-07-02",
    });
    const line = await createBankLine({ bankAccountId: from, date: "2026-07-02", value: -2_000 });
    await reconcile({
      IDBankStatementConciliation: line,
      IDBankAccount: from,
      Transfers: [{ IDBankStatement: transfer.body.Debit.IDBankStatement }],
    });
    const response = await undo(line);
    expect(response.body.UnlinkedEntries).toEqual([
      expect.objectContaining({ IDBankStatement: transfer.body.Debit.IDBankStatement, Deleted: 0 }),
    ]);
    const legs = await demoDb()
      .select()
      .from(entries)
      .where(eq(entries.transferId, transfer.body.IDBankStatementTransfer));
    expect(legs).toHaveLength(2);
    expect(
      await api.delete(`/accounts/bank-statement/transfer/${transfer.body.Debit.IDBankStatement}`),
    ).toMatchObject({ status: 200 });
  });

  it("reconcile, undo and reconcile again leaves the same state as one reconciliation", async () => {
    /** Two identical worlds: one reconciled once, the other reconciled, undone and reconciled again. */
    const world = async () => {
      const account = await createBankAccount();
      const line = await createBankLine({ bankAccountId: account, date: "2026-07-03", value: -80_000 });
      const payable = await createTitle({ typeAccount: 1, value: 60_000 });
      const partial = await createTitle({ typeAccount: 1, value: 50_000 });
      await payTitle(partial, {
        bankAccountId: account,
        typeAccount: 1,
        value: 10_000,
        date: "2026-06-01 10:00:00",
      });
      const body = {
        IDBankStatementConciliation: line,
        IDBankAccount: account,
        Accounts: [
          { IDAccountPayableReceivable: payable },
          { IDAccountPayableReceivable: partial, Value: 200 },
        ],
      };
      return { account, line, titleIds: [payable, partial], body };
    };
    const snapshot = async (
      w: Awaited<ReturnType<typeof world>>,
      answer: Answer<"$post", "/accounts/bank-statement">,
    ) => {
      const db = demoDb();
      const accountEntries = await db
        .select({
          typeAccount: entries.typeAccount,
          value: entries.value,
          date: entries.date,
          origin: entries.origin,
          description: entries.description,
        })
        .from(entries)
        .where(eq(entries.bankAccountId, w.account))
        .orderBy(asc(entries.date), asc(entries.value));
      const links = await db
        .select({ postedByLink: conciliationLinks.postedByLink })
        .from(conciliationLinks)
        .where(eq(conciliationLinks.bankLineId, w.line));
      const titleStates = [];
      for (const id of w.titleIds) {
        const t = await db
          .select({ openValue: titles.openValue, status: titles.status })
          .from(titles)
          .where(eq(titles.id, id))
          .get();
        titleStates.push(t);
      }
      const normalised = answer.map((item) => ({
        ...item,
        IDBankStatementConciliation: "line",
        IDBankAccount: "account",
        Description: "",
        InternalAccounts: item.InternalAccounts.map((e) => ({
          ...e,
          IDBankStatement: "entry",
          IDBankAccount: "account",
          IDBankStatementConciliation: "line",
          IDAccountPayableReceivable: w.titleIds.indexOf(e.IDAccountPayableReceivable!),
          Description: "",
        })),
      }));
      return {
        line: await bankLineState(w.line),
        entries: accountEntries.map((e) => ({
          ...e,
          description: e.origin === "payment" ? "payment" : "posted",
        })),
        links,
        titleStates,
        balance: await balanceUpTo(db, w.account, "2026-12-31"),
        answer: normalised,
      };
    };

    const once = await world();
    const onceAnswer = await reconcile(once.body);
    const twice = await world();
    await reconcile(twice.body);
    expect((await undo(twice.line)).status).toBe(200);
    const twiceAnswer = await reconcile(twice.body);

    const expected = await snapshot(once, onceAnswer);
    expect(await snapshot(twice, twiceAnswer)).toEqual(expected);
    expect(expected.line).toEqual({ reconciledValue: 80_000, statusId: 3 });
    expect(expected.titleStates).toEqual([
      { openValue: 0, status: 3 },
      { openValue: 20_000, status: 2 },
    ]);
  });

  it("parallel undos of one line restore the titles once", async () => {
    const account = await createBankAccount();
    const title = await createTitle({ value: 100_000 });
    await payTitle(title, { bankAccountId: account, value: 60_000, date: "2026-06-01 10:00:00" });
    const line = await createBankLine({ bankAccountId: account, date: "2026-07-04", value: 20_000 });
    await reconcile({
      IDBankStatementConciliation: line,
      IDBankAccount: account,
      Accounts: [{ IDAccountPayableReceivable: title, Value: 200 }],
    });
    expect(await titleState(title)).toEqual({ openValue: 20_000, status: 2 });

    const responses = await Promise.all(Array.from({ length: 5 }, () => undo(line)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const loser of responses.filter((r) => r.status !== 200)) {
      expect(loser.status).toBe(400);
      expect([
        "Falha ao desfazer conciliação",
        "O lançamento bancário não possui conciliação para desfazer",
      ]).toContain(errorBody(loser).errorMessage);
    }
    expect(await titleState(title)).toEqual({ openValue: 40_000, status: 2 });
    const undos = await demoDb()
      .select()
      .from(reconciliationAudit)
      .where(and(eq(reconciliationAudit.bankLineId, line), eq(reconciliationAudit.action, "undo")));
    expect(undos).toHaveLength(1);
  });

  it("also removes a link whose entry no longer exists", async () => {
    const account = await createBankAccount();
    const line = await createBankLine({ bankAccountId: account, date: "2026-07-04", value: 1_000 });
    const title = await createTitle({ value: 1_000 });
    await reconcile({
      IDBankStatementConciliation: line,
      IDBankAccount: account,
      Accounts: [{ IDAccountPayableReceivable: title }],
    });
    await linkEntry(987_654, { bankLineId: line });
    const response = await undo(line);
    expect(response.status).toBe(200);
    expect(response.body.UnlinkedEntries).toHaveLength(1);
    expect(
      await demoDb().select().from(conciliationLinks).where(eq(conciliationLinks.bankLineId, line)),
    ).toEqual([]);
    expect(await titleState(title)).toEqual({ openValue: 1_000, status: 1 });
  });

  it("refuses a line that is missing or of another company", async () => {
    const foreignAccount = await createBankAccount({ companyId: 2 });
    const foreign = await createBankLine({
      companyId: 2,
      bankAccountId: foreignAccount,
      date: "2026-07-05",
      value: 100,
    });
    for (const id of [foreign, 999_999]) {
      expectRefusal(await undo(id), "Lançamento conciliação bancária não encontrado");
    }
  });

  it("refuses when the caller's company does not exist", async () => {
    const ghost = client("demo", await tokenFor({ userId: 1, companyId: 99, account: "demo" }));
    const response = await ghost.delete("/accounts/bank-statement/conciliation/1");
    expectRefusal(response, "Empresa não encontrada");
  });

  it("refuses a line with nothing to undo", async () => {
    const account = await createBankAccount();
    const line = await createBankLine({ bankAccountId: account, date: "2026-07-05", value: 100 });
    expectRefusal(await undo(line), "O lançamento bancário não possui conciliação para desfazer");
  });

  it("Falha ao desfazer conciliação: a refused batch changes nothing", async () => {
    const account = await createBankAccount();
    const line = await createBankLine({ bankAccountId: account, date: "2026-07-06", value: 1_000 });
    const title = await createTitle({ value: 1_000 });
    await reconcile({
      IDBankStatementConciliation: line,
      IDBankAccount: account,
      Accounts: [{ IDAccountPayableReceivable: title }],
    });
    await env.DB_DEMO.prepare(
      `CREATE TRIGGER fail_unlink BEFORE DELETE ON conciliation_links WHEN OLD.bank_line_id = ${line} BEGIN SELECT RAISE(ABORT, 'falha forçada'); END`,
    ).run();
    try {
      expectRefusal(await undo(line), "Falha ao desfazer conciliação");
    } finally {
      await env.DB_DEMO.prepare("DROP TRIGGER fail_unlink").run();
    }
    expect(await bankLineState(line)).toEqual({ reconciledValue: 1_000, statusId: 3 });
    expect(await titleState(title)).toEqual({ openValue: 0, status: 3 });
    expect(
      await demoDb().select().from(conciliationLinks).where(eq(conciliationLinks.bankLineId, line)),
    ).toHaveLength(1);
  });
});

describe("DELETE /accounts/receivable/acquirer-conciliation/{id}/conciliation", () => {
  it("undoes an acquirer reconciliation the same way", async () => {
    const account = await createBankAccount();
    const line = await createAcquirerLine({ date: "2026-07-07", netValue: 30_000, bankAccountId: account });
    const title = await createTitle({ value: 30_000 });
    await reconcile({
      IDAccountsPayableReceivableConciliation: line,
      IDBankAccount: account,
      Accounts: [{ IDAccountPayableReceivable: title }],
    });
    expect(await titleState(title)).toEqual({ openValue: 0, status: 3 });

    const response = await undoAcquirer(line);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      IDAccountsPayableReceivableConciliation: line,
      IDBankAccount: account,
      IDTypeStatusConciliation: 1,
      ReconciledValue: 0,
      InternalAccounts: [],
      UnlinkedEntries: [
        expect.objectContaining({ IDAccountPayableReceivable: title, Value: 300, Deleted: 1 }),
      ],
    });
    expect(await titleState(title)).toEqual({ openValue: 30_000, status: 1 });
    expect(await balanceUpTo(demoDb(), account, "2026-12-31")).toBe(0);
    const audit = await demoDb()
      .select()
      .from(reconciliationAudit)
      .where(eq(reconciliationAudit.acquirerLineId, line));
    expect(audit.map((a) => a.action)).toEqual(["reconcile", "undo"]);
  });

  it("refuses a missing line and a line with nothing to undo", async () => {
    expectRefusal(await undoAcquirer(999_999), "Lançamento de conciliação de adquirente não encontrado");
    const line = await createAcquirerLine({ date: "2026-07-08", netValue: 100 });
    expectRefusal(
      await undoAcquirer(line),
      "O lançamento de conciliação de adquirente não possui conciliação para desfazer",
    );
  });
});
