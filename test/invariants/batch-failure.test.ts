import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiResponse } from "../support/api";
import { changedTables, invariantViolations, snapshot } from "../support/invariants";
import { seedAccounts } from "../support/seed";
import { type Api, adminApi, bankAccount, bankLine, pay, title, transfer } from "./world";

/**
 * A D1 batch that fails half-way must leave nothing behind. A temporary trigger makes the database
 * refuse a statement written late in each operation's batch; the request must answer a clean error,
 * every table must be exactly as before, and once the trigger is gone the same request succeeds.
 */

let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await adminApi();
});

type Scenario = {
  name: string;
  /** The failing trigger: `<timing> <event> ON <table> [WHEN ...]`, on a statement late in the batch. */
  trigger: string;
  /** Creates what the operation needs and answers the request to send. */
  prepare: () => Promise<() => Promise<ApiResponse>>;
};

const scenarios: Scenario[] = [
  {
    name: "transfer (credit leg, the batch's last insert)",
    trigger: "BEFORE INSERT ON bank_statements WHEN NEW.origin = 'transfer' AND NEW.type_account = 0",
    prepare: async () => {
      const [from, to] = [await bankAccount(api), await bankAccount(api)];
      return () =>
        api.post("/accounts/bank-statement/transfer", { IDBankFrom: from, IDBankTo: to, Value: 12.5 });
    },
  },
  {
    name: "transfer delete (the reference, after both legs)",
    trigger: "BEFORE DELETE ON bank_statement_transfers",
    prepare: async () => {
      const legs = await transfer(api, await bankAccount(api), await bankAccount(api), 8);
      return () => api.delete(`/accounts/bank-statement/transfer/${legs.credit}`);
    },
  },
  {
    name: "payment (the title's open value, after the entry)",
    trigger: "BEFORE UPDATE OF open_value ON titles",
    prepare: async () => {
      const account = await bankAccount(api);
      const titleId = await title(api, "payable", 50);
      return () =>
        api.post(`/accounts/payable/${titleId}/payment`, {
          IDBankAccount: account,
          Value: 20,
          Date: "2026-04-01",
        });
    },
  },
  {
    name: "payment delete (the entry, after the open value is restored)",
    trigger: "BEFORE DELETE ON bank_statements WHEN OLD.title_id IS NOT NULL",
    prepare: async () => {
      const account = await bankAccount(api);
      const titleId = await title(api, "receivable", 50);
      const payment = await pay(api, "receivable", titleId, account, 20);
      return () => api.delete(`/accounts/receivable/${titleId}/payment/${payment}`);
    },
  },
  {
    name: "reconciliation (the audit row, the batch's last insert)",
    trigger: "BEFORE INSERT ON reconciliation_audit WHEN NEW.action = 'reconcile'",
    prepare: async () => {
      const account = await bankAccount(api);
      const line = await bankLine(api, account, 90);
      const titles = [await title(api, "receivable", 40), await title(api, "receivable", 50)];
      return () =>
        api.post("/accounts/bank-statement", {
          IDBankStatementConciliation: line,
          IDBankAccount: account,
          Accounts: titles.map((id) => ({ IDAccountPayableReceivable: id })),
        });
    },
  },
  {
    name: "reconciliation undo (the audit row, after unlinking and deleting)",
    trigger: "BEFORE INSERT ON reconciliation_audit WHEN NEW.action = 'undo'",
    prepare: async () => {
      const account = await bankAccount(api);
      const line = await bankLine(api, account, -60);
      const titleId = await title(api, "payable", 60);
      const done = await api.post("/accounts/bank-statement", {
        IDBankStatementConciliation: line,
        IDBankAccount: account,
        Accounts: [{ IDAccountPayableReceivable: titleId }],
      });
      expect(done.status).toBe(200);
      return () => api.delete(`/accounts/bank-statement/conciliation/${line}`);
    },
  },
  {
    name: "bank account create with main flags (its history row, after clearing the previous main account)",
    trigger: "BEFORE INSERT ON bank_account_history WHEN NEW.action = 'create'",
    prepare: async () => {
      await bankAccount(api, { IDCompanyInvoice: 1, MainIncome: 1, MainPayment: 1 });
      return () =>
        api.post("/accounts/bank-account", {
          Bank: "Banco Principal",
          BankNumber: "001",
          IDCompanyInvoice: 1,
          MainIncome: 1,
          MainPayment: 1,
        });
    },
  },
  {
    name: "bank account update with main flags (its history row, after the update and the clearing)",
    trigger:
      "BEFORE INSERT ON bank_account_history WHEN NEW.action = 'update' AND NEW.bank_account_id = (SELECT max(id) FROM bank_accounts)",
    prepare: async () => {
      await bankAccount(api, { IDCompanyInvoice: 1, MainPayment: 1 });
      const account = await bankAccount(api, { IDCompanyInvoice: 1 });
      return () =>
        api.put(`/accounts/bank-account/${account}`, {
          Bank: "Agora principal",
          BankNumber: "341",
          IDCompanyInvoice: 1,
          MainPayment: 1,
        });
    },
  },
  {
    name: "opening balance adjustment (its history row, after the entry)",
    trigger: "BEFORE INSERT ON bank_account_history WHEN NEW.action = 'adjustment'",
    prepare: async () => {
      const account = await bankAccount(api);
      return () =>
        api.put(`/accounts/bank-account/${account}`, {
          InitialBalance: 250,
          InitialBalanceDate: "2026-01-10",
        });
    },
  },
];

describe.each(scenarios.map((s) => [s.name, s] as const))("a batch failing late: %s", (_name, scenario) => {
  it("answers a clean error, writes nothing, and succeeds once the database accepts it", async () => {
    const send = await scenario.prepare();
    await env.DB_DEMO.exec(
      `CREATE TRIGGER test_fail_late ${scenario.trigger} BEGIN SELECT RAISE(ABORT, 'falha simulada'); END`,
    );
    let failed: ApiResponse;
    let before: Awaited<ReturnType<typeof snapshot>>;
    try {
      before = await snapshot(env.DB_DEMO);
      failed = await send();
      expect(changedTables(before, await snapshot(env.DB_DEMO))).toEqual([]);
    } finally {
      await env.DB_DEMO.exec("DROP TRIGGER IF EXISTS test_fail_late");
    }
    expect([400, 500], JSON.stringify(failed.body)).toContain(failed.status);
    expect(Object.keys(failed.body as object)).toEqual(["errorMessage", "code"]);
    expect(JSON.stringify(failed.body)).not.toContain("falha simulada");
    const retried = await send();
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});
