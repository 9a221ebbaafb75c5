import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { invariantViolations } from "../support/invariants";
import { useSeed } from "../support/replay";
import { seedAccounts } from "../support/seed";
import {
  type Api,
  adminApi,
  bankAccount,
  bankLine,
  expectCleanAnswers,
  pay,
  shuffled,
  title,
  transfer,
} from "./world";

/**
 * Parallel transfers, payments, reconciliations, undos and deletes on the same rows. Whatever wins
 * each race, every answer is a 200 or a clean 400, and the invariant checker (which recomputes
 * balances, open values, reconciled values and links from scratch) finds nothing after each scenario.
 */

useSeed();

let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await adminApi();
});

const consistent = async () => expect(await invariantViolations(env.DB_DEMO)).toEqual([]);

describe("concurrent writes on shared rows keep the books consistent", () => {
  it("transfers in every direction between three accounts, racing double deletes of earlier ones", async () => {
    const accounts = [await bankAccount(api), await bankAccount(api), await bankAccount(api)];
    const earlier = [];
    for (let i = 0; i < 8; i++)
      earlier.push(await transfer(api, accounts[i % 3]!, accounts[(i + 1) % 3]!, 10 + i));
    const requests = [
      ...Array.from(
        { length: 24 },
        (_, i) => () =>
          api.post("/accounts/bank-statement/transfer", {
            IDBankFrom: accounts[i % 3],
            IDBankTo: accounts[(i + 1 + (i % 2)) % 3],
            Value: (i + 1) * 1.01,
          }),
      ),
      // each earlier transfer deleted twice at once, once from each leg
      ...earlier.flatMap((t) => [
        () => api.delete(`/accounts/bank-statement/transfer/${t.debit}`),
        () => api.delete(`/accounts/bank-statement/transfer/${t.credit}`),
      ]),
    ];
    const responses = await Promise.all(shuffled(requests).map((send) => send()));
    expectCleanAnswers(responses);
    const deletes = responses.filter(
      (r) => (r.body as { DeletedEntries?: unknown } | null)?.DeletedEntries !== undefined,
    );
    expect(deletes).toHaveLength(earlier.length);
    await consistent();
  });

  it("payments racing on one title with deletes of its payments and a delete of the title", async () => {
    const account = await bankAccount(api);
    const titleId = await title(api, "payable", 100);
    const paid = [
      await pay(api, "payable", titleId, account, 10),
      await pay(api, "payable", titleId, account, 10),
    ];
    const requests = [
      ...Array.from(
        { length: 12 },
        () => () =>
          api.post(`/accounts/payable/${titleId}/payment`, {
            IDBankAccount: account,
            Value: 9.99,
            Date: "2026-04-01",
          }),
      ),
      ...paid.flatMap((id) => [
        () => api.delete(`/accounts/payable/${titleId}/payment/${id}`),
        () => api.delete(`/accounts/payable/${titleId}/payment/${id}`),
      ]),
      () => api.delete(`/accounts/payable/${titleId}`),
    ];
    const responses = await Promise.all(shuffled(requests).map((send) => send()));
    expectCleanAnswers(responses);
    await consistent();
  });

  it("reconciliations of one bank line racing with undos, payments and deletes of the same titles", async () => {
    const account = await bankAccount(api);
    const line = await bankLine(api, account, 100);
    const small = await Promise.all(Array.from({ length: 8 }, () => title(api, "receivable", 20)));
    const paidTitle = await title(api, "receivable", 30);
    const payment = await pay(api, "receivable", paidTitle, account, 30);
    const reconcile = (titleId: number) => () =>
      api.post("/accounts/bank-statement", {
        IDBankStatementConciliation: line,
        IDBankAccount: account,
        Accounts: [{ IDAccountPayableReceivable: titleId }],
      });
    const requests = [
      ...small.map(reconcile),
      reconcile(paidTitle),
      () => api.delete(`/accounts/receivable/${paidTitle}/payment/${payment}`),
      () => api.delete(`/accounts/bank-statement/conciliation/${line}`),
      () => api.delete(`/accounts/bank-statement/conciliation/${line}`),
      ...small.slice(0, 3).map(
        (id) => () =>
          api.post(`/accounts/receivable/${id}/payment`, {
            IDBankAccount: account,
            Value: 20,
            Date: "2026-04-01",
          }),
      ),
      () => api.delete(`/accounts/receivable/${small[7]}`),
    ];
    const responses = await Promise.all(shuffled(requests).map((send) => send()));
    expectCleanAnswers(responses);
    await consistent();
  });

  it("transfer legs reconciled on two lines at once while the transfer is deleted", async () => {
    const [from, to] = [await bankAccount(api), await bankAccount(api)];
    const legs = await Promise.all(Array.from({ length: 6 }, () => transfer(api, from, to, 15)));
    const lines = await Promise.all(Array.from({ length: 3 }, () => bankLine(api, from, -45)));
    const requests = legs.flatMap((leg, i) => [
      () =>
        api.post("/accounts/bank-statement", {
          IDBankStatementConciliation: lines[i % 3],
          IDBankAccount: from,
          Transfers: [{ IDBankStatement: leg.debit }],
        }),
      () =>
        api.post("/accounts/bank-statement", {
          IDBankStatementConciliation: lines[(i + 1) % 3],
          IDBankAccount: from,
          Transfers: [{ IDBankStatement: leg.debit }],
        }),
      () => api.delete(`/accounts/bank-statement/transfer/${leg.credit}`),
    ]);
    const responses = await Promise.all(shuffled(requests).map((send) => send()));
    expectCleanAnswers(responses);
    await consistent();
  });

  it("acquirer lines reconciled twice at once and undone while a payment of the same title lands", async () => {
    const account = await bankAccount(api);
    const titles = await Promise.all(Array.from({ length: 4 }, () => title(api, "receivable", 25)));
    const lines = [];
    for (let i = 0; i < 2; i++) {
      const response = await api.post("/accounts/receivable/acquirer-conciliation", {
        Acquirer: "Cielo",
        Date: "2026-04-01",
        GrossValue: 50,
        NetValue: 50,
        IDBankAccount: account,
      });
      lines.push(response.body.IDAccountsPayableReceivableConciliation as number);
    }
    const requests = [
      ...lines.flatMap((line) =>
        titles.map(
          (titleId) => () =>
            api.post("/accounts/bank-statement", {
              IDAccountsPayableReceivableConciliation: line,
              IDBankAccount: account,
              Accounts: [{ IDAccountPayableReceivable: titleId }],
            }),
        ),
      ),
      ...lines.map(
        (line) => () => api.delete(`/accounts/receivable/acquirer-conciliation/${line}/conciliation`),
      ),
      () =>
        api.post(`/accounts/receivable/${titles[0]}/payment`, {
          IDBankAccount: account,
          Value: 25,
          Date: "2026-04-01",
        }),
    ];
    const responses = await Promise.all(shuffled(requests).map((send) => send()));
    expectCleanAnswers(responses);
    await consistent();
  });

  it("a mixed storm over four accounts, ten titles and four lines", async () => {
    const accounts: number[] = [];
    for (let i = 0; i < 4; i++) accounts.push(await bankAccount(api)); // the create answers the whole list
    const titles = await Promise.all(
      Array.from({ length: 10 }, (_, i) => title(api, i % 2 ? "payable" : "receivable", 10 + i)),
    );
    const lines = await Promise.all(accounts.map((account, i) => bankLine(api, account, i % 2 ? -60 : 60)));
    const legs = await Promise.all(
      accounts.map((account, i) => transfer(api, account, accounts[(i + 1) % 4]!, 5)),
    );
    const kind = (i: number) => (i % 2 ? "payable" : "receivable");
    const requests = [
      ...titles.map(
        (titleId, i) => () =>
          api.post(`/accounts/${kind(i)}/${titleId}/payment`, {
            IDBankAccount: accounts[i % 4],
            Value: 3,
            Date: "2026-04-01",
          }),
      ),
      ...titles.map(
        (titleId, i) => () =>
          api.post("/accounts/bank-statement", {
            IDBankStatementConciliation: lines[i % 4],
            IDBankAccount: accounts[i % 4],
            Accounts: [{ IDAccountPayableReceivable: titleId }],
          }),
      ),
      ...legs.map(
        (leg, i) => () =>
          api.post("/accounts/bank-statement", {
            IDBankStatementConciliation: lines[i],
            IDBankAccount: accounts[i],
            Transfers: [{ IDBankStatement: leg.debit }],
          }),
      ),
      ...legs.map((leg) => () => api.delete(`/accounts/bank-statement/transfer/${leg.debit}`)),
      ...lines.map((line) => () => api.delete(`/accounts/bank-statement/conciliation/${line}`)),
      ...accounts.map(
        (from, i) => () =>
          api.post("/accounts/bank-statement/transfer", {
            IDBankFrom: from,
            IDBankTo: accounts[(i + 2) % 4],
            Value: 7,
          }),
      ),
      ...titles.slice(0, 3).map((titleId, i) => () => api.delete(`/accounts/${kind(i)}/${titleId}`)),
      ...accounts.map((account) => () => api.delete(`/accounts/bank-account/${account}`)),
    ];
    for (let round = 0; round < 2; round++) {
      const responses = await Promise.all(shuffled(requests).map((send) => send()));
      expectCleanAnswers(responses);
      await consistent();
    }
  });
});
