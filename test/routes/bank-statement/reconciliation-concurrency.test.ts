import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { conciliationLinks, entries, reconciliationAudit, titles, transfers } from "../../../drizzle/schema";
import { balanceUpTo } from "../../../src/db/ledger";
import { writeReconciliation } from "../../../src/db/reconciliation";
import { writeTransferDeletion } from "../../../src/db/transfers";
import { isConstraintError } from "../../../src/lib/errors";
import { client, errorBody, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import {
  bankLineState,
  createBankAccount,
  createBankLine,
  createEntry,
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

const LOSER_MESSAGES = [
  "Falha ao processar conciliação",
  "O valor total das contas (2000.00) é maior que o valor do lançamento bancário (1000.00). Não é possível conciliar.",
];

async function sumOfEntries(bankAccountId: number) {
  const row = await demoDb()
    .select({ total: sql<number>`coalesce(sum(CASE WHEN type_account = 0 THEN value ELSE -value END), 0)` })
    .from(entries)
    .where(eq(entries.bankAccountId, bankAccountId))
    .get();
  return Number(row!.total);
}

describe("concurrent reconciliations", () => {
  it("20 parallel reconciliations of one bank line: exactly one succeeds, the database stays consistent", async () => {
    const account = await createBankAccount();
    const line = await createBankLine({ bankAccountId: account, date: "2026-05-01", value: 100_000 });
    const titleIds = await Promise.all(Array.from({ length: 20 }, () => createTitle({ value: 100_000 })));

    const responses = await Promise.all(
      titleIds.map((title) =>
        api.post("/accounts/bank-statement", {
          IDBankStatementConciliation: line,
          IDBankAccount: account,
          Accounts: [{ IDAccountPayableReceivable: title }],
        }),
      ),
    );
    const winners = responses.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const loser of responses.filter((r) => r.status !== 200)) {
      expect(loser.status).toBe(400);
      expect(LOSER_MESSAGES).toContain(errorBody(loser).errorMessage);
    }
    // The requests read before any of them wrote: the losers were stopped by the database constraint.
    expect(responses.map((r) => errorBody(r).errorMessage)).toContain("Falha ao processar conciliação");
    const winnerTitle = winners[0]!.body[0]!.InternalAccounts[0]!.IDAccountPayableReceivable;

    expect(await bankLineState(line)).toEqual({ reconciledValue: 100_000, statusId: 3 });
    const links = await demoDb()
      .select()
      .from(conciliationLinks)
      .where(eq(conciliationLinks.bankLineId, line));
    expect(links).toHaveLength(1);
    const posted = await demoDb().select().from(entries).where(eq(entries.bankAccountId, account));
    expect(posted.map((e) => [e.id, e.titleId])).toEqual([[links[0]!.entryId, winnerTitle]]);
    const states = await demoDb()
      .select({ id: titles.id, openValue: titles.openValue, status: titles.status })
      .from(titles)
      .where(inArray(titles.id, titleIds));
    for (const state of states) {
      expect(state).toEqual(
        state.id === winnerTitle
          ? { id: state.id, openValue: 0, status: 3 }
          : { id: state.id, openValue: 100_000, status: 1 },
      );
    }
    const audits = await demoDb()
      .select()
      .from(reconciliationAudit)
      .where(eq(reconciliationAudit.bankLineId, line));
    expect(audits).toHaveLength(1);
    expect(await balanceUpTo(demoDb(), account, "2026-12-31")).toBe(await sumOfEntries(account));
  });

  it("20 parallel reconciliations of one title on 20 lines: the title is paid once", async () => {
    const account = await createBankAccount();
    const title = await createTitle({ typeAccount: 1, value: 5_000 });
    const lines = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createBankLine({
          bankAccountId: account,
          date: `2026-05-${String(i + 1).padStart(2, "0")}`,
          value: -5_000,
        }),
      ),
    );
    const responses = await Promise.all(
      lines.map((line) =>
        api.post("/accounts/bank-statement", {
          IDBankStatementConciliation: line,
          IDBankAccount: account,
          Accounts: [{ IDAccountPayableReceivable: title }],
        }),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const loser of responses.filter((r) => r.status !== 200)) {
      expect(loser.status).toBe(400);
      expect([
        "Falha ao processar conciliação",
        "Divergência na data dos pagamentos realizados e a data do lançamento bancário",
      ]).toContain(errorBody(loser).errorMessage);
    }
    expect(await titleState(title)).toEqual({ openValue: 0, status: 3 });
    const titleEntries = await demoDb().select().from(entries).where(eq(entries.titleId, title));
    expect(titleEntries).toHaveLength(1);
    const pending = await Promise.all(lines.map(bankLineState));
    expect(pending.filter((s) => s!.statusId === 3)).toHaveLength(1);
    expect(pending.filter((s) => s!.statusId === 1 && s!.reconciledValue === 0)).toHaveLength(19);
  });

  it("20 parallel reconciliations reusing one entry on 20 lines: the entry is linked once", async () => {
    const account = await createBankAccount();
    const title = await createTitle({ value: 7_000 });
    const entry = await payTitle(title, {
      bankAccountId: account,
      value: 7_000,
      date: "2026-06-01 10:00:00",
    });
    const lines = await Promise.all(
      Array.from({ length: 20 }, () =>
        createBankLine({ bankAccountId: account, date: "2026-06-01", value: 7_000 }),
      ),
    );
    const responses = await Promise.all(
      lines.map((line) =>
        api.post("/accounts/bank-statement", {
          IDBankStatementConciliation: line,
          IDBankAccount: account,
          Accounts: [{ IDAccountPayableReceivable: title }],
        }),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const loser of responses.filter((r) => r.status !== 200)) {
      expect(loser.status).toBe(400);
      expect(errorBody(loser).errorMessage).toMatch(
        /^(Falha ao processar conciliação|Título \d+ já está conciliado na conciliação bancária código: \d+)$/,
      );
    }
    const links = await demoDb().select().from(conciliationLinks).where(eq(conciliationLinks.entryId, entry));
    expect(links).toHaveLength(1);
    expect(await titleState(title)).toEqual({ openValue: 0, status: 3 });
  });
});

describe("guards of the atomic batches against changes made between read and write", () => {
  it("a reused entry deleted meanwhile makes the reconciliation batch fail without writing", async () => {
    const account = await createBankAccount();
    const line = await createBankLine({ bankAccountId: account, date: "2026-06-02", value: 1_000 });
    const gone = await createEntry({ bankAccountId: account, value: 1_000, date: "2026-06-02 10:00:00" });
    await demoDb().delete(entries).where(eq(entries.id, gone));
    const attempt = writeReconciliation(demoDb(), {
      companyId: 1,
      userId: 1,
      target: { kind: "bank", id: line },
      bankAccountId: account,
      date: "2026-06-02",
      postings: [],
      reuses: [{ entryId: gone }],
      total: 1_000,
    });
    await expect(attempt).rejects.toSatisfy(isConstraintError);
    expect(await bankLineState(line)).toEqual({ reconciledValue: 0, statusId: 1 });
    expect(
      await demoDb().select().from(conciliationLinks).where(eq(conciliationLinks.bankLineId, line)),
    ).toEqual([]);
  });

  it("a transfer leg reconciled meanwhile makes the transfer deletion fail without deleting", async () => {
    const from = await createBankAccount();
    const to = await createBankAccount();
    const created = await api.post("/accounts/bank-statement/transfer", {
      IDBankFrom: from,
      IDBankTo: to,
      Value: 10,
    });
    const line = await createBankLine({
      bankAccountId: from,
      date: created.body.Date.slice(0, 10),
      value: -1_000,
    });
    await linkEntry(created.body.Debit.IDBankStatement, { bankLineId: line });
    const outcome = await writeTransferDeletion(demoDb(), 1, created.body.IDBankStatementTransfer, [
      created.body.Debit.IDBankStatement,
      created.body.Credit.IDBankStatement,
    ]);
    expect(outcome).toEqual({ ok: false, stage: "reconciled" });
    const legs = await demoDb()
      .select()
      .from(entries)
      .where(eq(entries.transferId, created.body.IDBankStatementTransfer));
    expect(legs).toHaveLength(2);
    const reference = await demoDb()
      .select()
      .from(transfers)
      .where(eq(transfers.id, created.body.IDBankStatementTransfer));
    expect(reference[0]!.value).toBe(1_000);
  });

  it("parallel deletions of one transfer: one removes it, the others are told it is gone", async () => {
    const from = await createBankAccount();
    const to = await createBankAccount();
    const created = await api.post("/accounts/bank-statement/transfer", {
      IDBankFrom: from,
      IDBankTo: to,
      Value: 10,
    });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.delete(`/accounts/bank-statement/transfer/${created.body.Debit.IDBankStatement}`),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const loser of responses.filter((r) => r.status !== 200)) {
      expectRefusal(loser, "Lançamento não é uma transferência ou não foi encontrado");
    }
    expect(await balanceUpTo(demoDb(), from, "2099-12-31")).toBe(0);
  });
});
