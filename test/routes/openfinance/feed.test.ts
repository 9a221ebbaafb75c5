import { beforeAll, describe, expect, it } from "vitest";
import { OPENFINANCE_MESSAGES } from "../../../src/domain/openfinance/messages";
import { RECONCILIATION_MESSAGES } from "../../../src/domain/reconciliation/messages";
import { client, tokenFor } from "../../support/api";
import {
  bankAccount,
  errorsOfJob,
  linesOf,
  RULES_PATH,
  rule,
  title,
  titleRow,
} from "../../support/import-factories";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import { waitForJob } from "../../support/upload-factories";
import { daysAgo, feedRow, feedSetup, type Session, session, statement, syncNow, tx } from "./support";

/**
 * The bank feed over HTTP against the Pluggy double: the integration, the feed of an account, the
 * sync job writing statement lines (Origin OpenFinance), pending lines and their posting, bad input.
 */

let s: Session;
beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

describe("the integration and the feed", () => {
  it("configures an OPENFINANCE integration: credentials never answered, the webhook secret once", async () => {
    const setup = await feedSetup(s, { feed: false });
    expect(setup.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const read = await s.api.get(`/company/integration/${setup.integrationId}/openfinance`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      Provider: "Pluggy",
      HasCredentials: true,
      BaseUrl: setup.pluggy.baseUrl,
    });
    const text = JSON.stringify(read.body);
    expect(text).not.toContain(setup.secret);
    expect(text).not.toContain("sec-Vb8Nk3Hp6Jd1Fy5");
    const list = await s.api.get("/company/integration");
    expect(JSON.stringify(list.body)).not.toContain("sec-Vb8Nk3Hp6Jd1Fy5");
  });

  it("refuses the settings on an integration of another kind, and a feed on another company's account or integration", async () => {
    const other = await s.api.post<{ IDCompanyIntegration: number }[]>("/company/integration", {
      Description: "TEF",
      Kind: "TEF",
    });
    const tef = other.body[0]!.IDCompanyIntegration;
    expectRefusal(
      await s.api.put(`/company/integration/${tef}/openfinance`, { BaseUrl: "http://127.0.0.1:1/x" }),
      OPENFINANCE_MESSAGES.notOpenFinanceIntegration,
    );
    const setup = await feedSetup(s, { feed: false });
    const stranger = client("demo", await tokenFor({ userId: 1, companyId: 2, account: "demo" }));
    // company 2 cannot point company 1's account, nor use company 1's integration
    expectRefusal(
      await stranger.put(`/accounts/bank-account/${setup.bankAccountId}/feed`, {
        IDCompanyIntegration: setup.integrationId,
        ItemId: setup.item,
        AccountId: setup.accountId,
      }),
      "Conta bancária não existe",
    );
    expectRefusal(
      await s.api.put(`/accounts/bank-account/${setup.bankAccountId}/feed`, {
        IDCompanyIntegration: tef,
        ItemId: setup.item,
        AccountId: setup.accountId,
      }),
      OPENFINANCE_MESSAGES.notOpenFinanceIntegration,
    );
    // one bank account per aggregator account
    await s.api.put(`/accounts/bank-account/${setup.bankAccountId}/feed`, {
      IDCompanyIntegration: setup.integrationId,
      ItemId: setup.item,
      AccountId: setup.accountId,
    });
    const second = await bankAccount();
    expectRefusal(
      await s.api.put(`/accounts/bank-account/${second}/feed`, {
        IDCompanyIntegration: setup.integrationId,
        ItemId: setup.item,
        AccountId: setup.accountId,
      }),
      OPENFINANCE_MESSAGES.feedAccountTaken(setup.bankAccountId),
    );
    expect(await feedRow(second)).toBeUndefined();
  });
});

describe("feed lines", () => {
  it("writes movements as statement lines with Origin OpenFinance; a second sync writes nothing twice", async () => {
    const setup = await feedSetup(s);
    await setup.pluggy.addTransactions([
      tx(setup, { amount: 150.25, day: daysAgo(3), description: "PIX RECEBIDO CLIENTE" }),
      tx(setup, { amount: -12.9, day: daysAgo(2), description: "TARIFA PACOTE" }),
    ]);
    const job = await syncNow(s, setup);
    expect(job).toMatchObject({ Type: "OpenFinanceSync", Status: "Done", FailureReason: null });
    expect(job.Result).toMatchObject({ read: 2, imported: 2, posted: 0, skipped: 0 });
    const lines = await statement(s, setup.bankAccountId);
    expect(lines.map((l) => [l.Date, l.Value, l.Origin, l.Pending])).toEqual([
      [daysAgo(3), 150.25, "OpenFinance", false],
      [daysAgo(2), -12.9, "OpenFinance", false],
    ]);
    const again = await syncNow(s, setup);
    expect(again.Result).toMatchObject({ read: 2, imported: 0, unchanged: 2 });
    expect(await linesOf(setup.bankAccountId)).toHaveLength(2);
    const feed = await s.api.get<{ State: string; LastSyncAt: string | null; SyncedThrough: string }>(
      `/accounts/bank-account/${setup.bankAccountId}/feed`,
    );
    expect(feed.body).toMatchObject({ State: "ok", SyncedThrough: daysAgo(0) });
    expect(feed.body.LastSyncAt).not.toBeNull();
  });

  it("a pending line shows pending, counts in the forecast, is never reconciled until it posts, then posts on the same line and the rules run", async () => {
    const setup = await feedSetup(s);
    const cents = 23_400 + setup.n;
    const value = cents / 100;
    await title({ value: cents, dueDate: daysAgo(1) });
    await rule(s, {
      IDBankAccount: setup.bankAccountId,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "PIX RECEBIDO LOJA",
    });
    const pending = tx(setup, {
      amount: value,
      day: daysAgo(2),
      status: "PENDING",
      description: "PIX RECEBIDO LOJA",
    });
    await setup.pluggy.addTransactions([pending]);
    const first = await syncNow(s, setup);
    expect(first.Result).toMatchObject({ imported: 1, autoReconciled: 0 });
    const [line] = await statement(s, setup.bankAccountId);
    expect(line).toMatchObject({
      Pending: true,
      Origin: "OpenFinance",
      IDTypeStatusConciliation: 1,
      FeedTransactionId: pending.id,
    });

    // the forecast counts it; the balance does not
    const accounts =
      await s.api.get<{ IDBankAccount: number; Balance: number; BalanceForecast: number }[]>(
        "/accounts/bank-account",
      );
    const account = accounts.body.find((a) => a.IDBankAccount === setup.bankAccountId)!;
    // the title has no forecast account: the difference is the pending line alone
    expect(account.BalanceForecast - account.Balance).toBeCloseTo(value, 2);
    const feed = await s.api.get(`/accounts/bank-account/${setup.bankAccountId}/feed`);
    expect(feed.body).toMatchObject({ PendingLines: 1, PendingValue: value });

    // by hand: a clear 400
    const titleId = await title({ value: cents, dueDate: daysAgo(1) });
    expectRefusal(
      await s.api.post("/accounts/bank-statement", {
        IDBankAccount: setup.bankAccountId,
        IDBankStatementConciliation: line!.IDBankStatementConciliation,
        Accounts: [{ IDAccountPayableReceivable: titleId }],
      }),
      RECONCILIATION_MESSAGES.lineStillPendingAtBank,
    );
    // nor by the rules applied later (their job done before the line posts)
    const apply = await s.api.post<{ IDJob: number }>(`${RULES_PATH}/apply`, {
      IDBankAccount: setup.bankAccountId,
    });
    expect(apply.status).toBe(200);
    expect((await waitForJob(s.token, apply.body.IDJob, 30_000)).Status).toBe("Done");
    expect((await statement(s, setup.bankAccountId))[0]).toMatchObject({
      Pending: true,
      IDTypeStatusConciliation: 1,
    });

    // it posts a day later and 10 cents less: the same line, posted, its amount and date updated, rules run
    // (rounded to the cent: 234.01 - 0.1 is 233.91000000000003 in floating point, which the feed
    // rightly refuses as an amount with more than two decimals)
    const postedValue = Math.round((value - 0.1) * 100) / 100;
    await setup.pluggy.post(pending.id, { date: `${daysAgo(1)}T03:00:00.000Z`, amount: postedValue });
    const second = await syncNow(s, setup);
    expect(second.Status, JSON.stringify(second)).toBe("Done");
    expect(second.Result).toMatchObject({ imported: 0, posted: 1 });
    const lines = await statement(s, setup.bankAccountId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      IDBankStatementConciliation: line!.IDBankStatementConciliation,
      Pending: false,
      Date: daysAgo(1),
      Value: postedValue,
    });
    const stored = (await linesOf(setup.bankAccountId))[0]!;
    expect(stored.ruleId).not.toBeNull();
  });

  it("a posted line that matches a rule is reconciled by the sync, exactly like an OFX line", async () => {
    const setup = await feedSetup(s);
    const cents = 31_000 + setup.n;
    const titleId = await title({ value: cents, dueDate: daysAgo(2) });
    await rule(s, {
      IDBankAccount: setup.bankAccountId,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "PIX VENDA",
    });
    await setup.pluggy.addTransactions([
      tx(setup, { amount: cents / 100, day: daysAgo(2), description: "PIX VENDA" }),
    ]);
    const job = await syncNow(s, setup);
    expect(job.Result).toMatchObject({ imported: 1, autoReconciled: 1 });
    expect((await statement(s, setup.bankAccountId))[0]).toMatchObject({ IDTypeStatusConciliation: 2 });
    expect(await titleRow(titleId)).toMatchObject({ openValue: 0, status: 3 });
  });

  it("skips another currency, more than two decimals and a future date with a reason on the job", async () => {
    const setup = await feedSetup(s);
    const good = tx(setup, { amount: 10, day: daysAgo(1) });
    const dollar = tx(setup, { amount: 20, day: daysAgo(1), currencyCode: "USD" });
    const fraction = tx(setup, { amount: 1.005, day: daysAgo(1) });
    const future = tx(setup, { amount: 30, day: daysAgo(-3) });
    await setup.pluggy.addTransactions([good, dollar, fraction, future]);
    const job = await syncNow(s, setup);
    expect(job.Status).toBe("Done");
    expect(job.Result).toMatchObject({ imported: 1, skipped: 3 });
    const messages = (await errorsOfJob(job.IDJob)).map((e) => e.message).join("\n");
    expect(messages).toContain(dollar.id);
    expect(messages).toContain("USD");
    expect(messages).toContain(fraction.id);
    expect(messages).toContain(OPENFINANCE_MESSAGES.futureDate(future.id, daysAgo(-3)));
    expect((await linesOf(setup.bankAccountId)).map((l) => l.feedTransactionId)).toEqual([good.id]);
  });
});
