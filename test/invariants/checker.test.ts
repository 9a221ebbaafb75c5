import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type Corruption, reports } from "../support/corruptions";
import { invariantViolations } from "../support/invariants";
import { seedAccounts } from "../support/seed";
import { adminApi, bankAccount, bankLine, pay, title, transfer } from "./world";

/**
 * The invariant checker itself: clean on books written through the API, and it reports each kind
 * of corruption (written straight into D1, then undone) with the row it concerns.
 */

const ids = {} as {
  account: number;
  title: number;
  line: number;
  acquirerLine: number;
  debit: number;
  transfer: number;
};

beforeAll(async () => {
  await seedAccounts();
  const api = await adminApi();
  const [a, b] = [await bankAccount(api), await bankAccount(api)];
  const legs = await transfer(api, a, b, 40);
  const receivable = await title(api, "receivable", 100);
  await pay(api, "receivable", receivable, a, 30);
  const line = await bankLine(api, a, 70);
  // The reconciliation reuses the 30.00 payment of the line's date: the line ends partially reconciled.
  const reconciled = await api.post("/accounts/bank-statement", {
    IDBankStatementConciliation: line,
    IDBankAccount: a,
    Accounts: [{ IDAccountPayableReceivable: receivable }],
  });
  expect(reconciled).toMatchObject({
    status: 200,
    body: [{ ReconciledValue: 30, IDTypeStatusConciliation: 4 }],
  });
  const acquirer = await api.post("/accounts/receivable/acquirer-conciliation", {
    Acquirer: "Rede",
    Date: "2026-04-01",
    GrossValue: 10,
    NetValue: 10,
  });
  const transferRow = await env.DB_DEMO.prepare("SELECT transfer_id AS id FROM bank_statements WHERE id = ?1")
    .bind(legs.debit)
    .first<{ id: number }>();
  Object.assign(ids, {
    account: a,
    title: receivable,
    line,
    acquirerLine: acquirer.body.IDAccountsPayableReceivableConciliation,
    debit: legs.debit,
    transfer: transferRow!.id,
  });
});

describe("invariant checker", () => {
  it("finds nothing wrong in books written through the API", async () => {
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  const corruptions: Corruption[] = [
    [
      "a day total that drifted from its entries",
      () => `UPDATE bank_account_days SET inflow = inflow + 1 WHERE bank_account_id = ${ids.account}`,
      () => `UPDATE bank_account_days SET inflow = inflow - 1 WHERE bank_account_id = ${ids.account}`,
      /^day totals: account \d+ day/,
    ],
    [
      "entries without a day total",
      () => `DELETE FROM bank_account_days WHERE bank_account_id = ${ids.account}`,
      () =>
        `INSERT INTO bank_account_days (bank_account_id, day, inflow, outflow, entries)
         SELECT bank_account_id, substr(date, 1, 10), sum(CASE WHEN type_account = 0 THEN value ELSE 0 END),
           sum(CASE WHEN type_account = 1 THEN value ELSE 0 END), count(*)
         FROM bank_statements WHERE bank_account_id = ${ids.account} GROUP BY bank_account_id, substr(date, 1, 10)`,
      /entries without a day total/,
    ],
    [
      "an open value that is not value minus payments",
      () => `UPDATE titles SET open_value = open_value + 1 WHERE id = ${ids.title}`,
      () => `UPDATE titles SET open_value = open_value - 1 WHERE id = ${ids.title}`,
      /^titles: title \d+: open/,
    ],
    [
      "a status that does not follow the open value",
      () => `UPDATE titles SET status = status + 10 WHERE id = ${ids.title}`,
      () => `UPDATE titles SET status = status - 10 WHERE id = ${ids.title}`,
      /^titles: title \d+: open 7000 status 12/,
    ],
    [
      "a reconciled value that is not the sum of the linked entries",
      () =>
        `UPDATE bank_statement_conciliations SET reconciled_value = reconciled_value - 1 WHERE id = ${ids.line}`,
      () =>
        `UPDATE bank_statement_conciliations SET reconciled_value = reconciled_value + 1 WHERE id = ${ids.line}`,
      /^bank lines: bank line \d+: reconciled 2999/,
    ],
    [
      "a partially reconciled line marked fully reconciled",
      () => `UPDATE bank_statement_conciliations SET status_id = 3 WHERE id = ${ids.line}`,
      () => `UPDATE bank_statement_conciliations SET status_id = 4 WHERE id = ${ids.line}`,
      /^bank lines: bank line \d+: reconciled 3000 status 3/,
    ],
    [
      "a pending acquirer line marked reconciled",
      () => `UPDATE acquirer_conciliations SET status_id = 3 WHERE id = ${ids.acquirerLine}`,
      () => `UPDATE acquirer_conciliations SET status_id = 1 WHERE id = ${ids.acquirerLine}`,
      /^acquirer lines: acquirer line \d+/,
    ],
    [
      "a transfer with one leg of another value",
      () => `UPDATE bank_statements SET value = value + 1 WHERE id = ${ids.debit}`,
      () => `UPDATE bank_statements SET value = value - 1 WHERE id = ${ids.debit}`,
      /^transfers: transfer \d+: 2 legs, 0 valid outflow, 1 valid inflow/,
    ],
    [
      "a link to an entry that does not exist",
      () =>
        `INSERT INTO conciliation_links (company_id, entry_id, bank_line_id) VALUES (1, 999999, ${ids.line})`,
      () => "DELETE FROM conciliation_links WHERE entry_id = 999999",
      /^links: link \d+: entry 999999 missing/,
    ],
    [
      "a transfer leg whose reference is gone",
      () => `UPDATE bank_statements SET transfer_id = 888888 WHERE id = ${ids.debit}`,
      () => `UPDATE bank_statements SET transfer_id = ${ids.transfer} WHERE id = ${ids.debit}`,
      /leg of missing transfer 888888/,
    ],
    [
      "a Pix and a bank feed's line of the same endToEndId (another case, so the UNIQUE index lets it in)",
      () =>
        `INSERT INTO bank_statement_conciliations (company_id, bank_account_id, date, value, dedupe_key, end_to_end_id)
           VALUES (1, ${ids.account}, '2026-04-01', 500, 'e2e:E00000000202604011200ABCDEFGHIJK', 'E00000000202604011200ABCDEFGHIJK');
         INSERT INTO bank_statement_conciliations (company_id, bank_account_id, date, value, dedupe_key, origin, feed_transaction_id, end_to_end_id)
           VALUES (1, ${ids.account}, '2026-04-01', 500, 'of:tx-dup', 'OpenFinance', 'tx-dup', 'e00000000202604011200abcdefghijk')`,
      () =>
        "DELETE FROM bank_statement_conciliations WHERE dedupe_key IN ('e2e:E00000000202604011200ABCDEFGHIJK', 'of:tx-dup')",
      /^one movement, one line: account \d+: endToEndId E00000000202604011200ABCDEFGHIJK on 2 lines/,
    ],
    [
      "an upload's line and a bank feed's line of the same FITID (a trailing blank, so the UNIQUE index lets it in)",
      () =>
        `INSERT INTO bank_statement_conciliations (company_id, bank_account_id, date, value, dedupe_key, fit_id)
           VALUES (1, ${ids.account}, '2026-04-01', -990, 'fit:F-777', 'F-777');
         INSERT INTO bank_statement_conciliations (company_id, bank_account_id, date, value, dedupe_key, origin, feed_transaction_id, fit_id)
           VALUES (1, ${ids.account}, '2026-04-01', -990, 'of:tx-777', 'OpenFinance', 'tx-777', 'F-777 ')`,
      () => "DELETE FROM bank_statement_conciliations WHERE dedupe_key IN ('fit:F-777', 'of:tx-777')",
      /^one movement, one line: account \d+: FITID F-777 on 2 lines/,
    ],
    [
      "a line still pending at the bank that is reconciled",
      () => `UPDATE bank_statement_conciliations SET pending = 1 WHERE id = ${ids.line}`,
      () => `UPDATE bank_statement_conciliations SET pending = 0 WHERE id = ${ids.line}`,
      /^pending lines: bank line \d+: pending at the bank, status 4 reconciled 3000, 1 links/,
    ],
  ];

  it.each(corruptions)("reports %s", reports);
});
