// The demo's Open Finance chapter (issue 43): bank movements that arrive by themselves. Pluggy's API
// runs on this machine as the project's test double (test/support/pluggy-double-server.mjs, in a Node
// process of its own), holding one item (a consent at a bank) with one checking account. A bank
// account of the company gets a feed through an `OPENFINANCE` integration pointed at it; three
// movements arrive pending (shown pending, never reconciled), the bank posts them and the account's
// rule reconciles the sale; the aggregator then renames the sale (deleted and created again with a
// new id, as Pluggy reports a change) and the line keeps its reconciliation; last, the same day's
// OFX statement of the bank is uploaded and adds nothing (its FITIDs are the feed's `providerId`s).
// Called by scripts/demo.mjs with its step helpers.
import { fork } from "node:child_process";
import { join } from "node:path";
import { localFetch } from "./local-fetch.mjs";

const root = new URL("../..", import.meta.url).pathname;
const money = (value) => Number(value).toFixed(2);

/** The double in a process of its own; answers its base URL once it listens. */
async function forkDouble(file) {
  const child = fork(join(root, "test/support", file), { stdio: "inherit" });
  process.on("exit", () => child.kill());
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/**
 * The chapter. `demo`: the step helpers of scripts/demo.mjs (`stepOf`, `call`, `check`, `ok`,
 * `watchJob`, `uploadStatement`, `ofxOf`), its run number, today (the company's day) and the consumer.
 */
export async function openFinanceChapter({
  stepOf,
  call,
  check,
  ok,
  watchJob,
  uploadStatement,
  ofxOf,
  run,
  today,
  consumer,
}) {
  const name = `demo-of-${run}`;
  const credentials = { clientId: `demo-client-${run}`, clientSecret: `demo-secret-${run}` };
  const itemId = `item-${run}`;
  const accountId = `acc-${run}`;

  const pluggy = await stepOf(
    "Open Finance: Pluggy's API on this machine (the project's double), one item and account",
    async () => {
      const double = await forkDouble("pluggy-double-server.mjs");
      const control = async (path, method, body) => {
        const response = await localFetch(`${double.base}/_control/${name}${path}`, {
          method,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        check(response.ok, `Pluggy double control ${path} answered ${response.status}`);
        return response.status === 204 ? null : response.json();
      };
      await control("", "PUT", credentials);
      await control(`/items/${itemId}`, "PUT", {});
      await control("/accounts", "PUT", [
        {
          id: accountId,
          itemId,
          type: "BANK",
          subtype: "CHECKING_ACCOUNT",
          number: `0001/${run}-5`,
          name: "Conta Corrente",
          balance: 0,
          currencyCode: "BRL",
          bankData: { transferNumber: `0001/${run}-5`, closingBalance: 0 },
        },
      ]);
      ok(`Pluggy double at ${double.base} (POST /auth, GET /items, GET /v2/transactions with cursor pages)`);
      ok(`item ${itemId} (a consent at the bank), account ${accountId}`);
      return { ...double, baseUrl: `${double.base}/pluggy/${name}`, control };
    },
  );

  const feed = await stepOf(
    "Open Finance: a bank account's feed connects (an OPENFINANCE integration, PUT .../feed)",
    async () => {
      const list = await call("POST", "/accounts/bank-account", {
        Bank: "Banco Exemplo",
        BankNumber: "001",
        Agency: "0001",
        AccountNumber: `${run}-5`,
        IDCompanyInvoice: 1,
      });
      const account = list.find((item) => item.AccountNumber === `${run}-5`);
      check(account, "the new bank account is missing from the refreshed list");
      const [integration] = await call("POST", "/company/integration", {
        Description: `Pluggy ${run}`,
        Kind: "OPENFINANCE",
      });
      const settings = await call(
        "PUT",
        `/company/integration/${integration.IDCompanyIntegration}/openfinance`,
        {
          BaseUrl: pluggy.baseUrl,
          Credentials: { ClientId: credentials.clientId, ClientSecret: credentials.clientSecret },
        },
      );
      check(!JSON.stringify(settings).includes(credentials.clientSecret), "the secret came back");
      ok(
        `integration ${integration.IDCompanyIntegration} (Pluggy): credentials stored encrypted, never answered`,
      );
      await call("PUT", `/accounts/bank-account/${account.IDBankAccount}/feed`, {
        IDCompanyIntegration: integration.IDCompanyIntegration,
        ItemId: itemId,
        AccountId: accountId,
      });
      const state = await call("GET", `/accounts/bank-account/${account.IDBankAccount}/feed`);
      check(state.State === "new", `feed ${JSON.stringify(state)}`);
      ok(
        `IDBankAccount ${account.IDBankAccount} fed by item ${itemId}, account ${accountId}: State ${state.State}`,
      );
      return { account };
    },
  );
  const bankAccountId = feed.account.IDBankAccount;

  const sync = async (expected) => {
    const asked = await call("POST", `/accounts/bank-account/${bankAccountId}/feed/sync`, undefined, {
      expect: 202,
    });
    return watchJob(asked.IDJob, "OpenFinanceSync", expected);
  };
  const statement = () =>
    call("GET", `/accounts/bank-statement?Source=2&IDBankAccount=${bankAccountId}&DateFrom=${today}`);
  const show = (line) =>
    ok(
      `line ${line.IDBankStatementConciliation} ${money(line.Value).padStart(8)} ${line.Description.padEnd(28)}` +
        ` ${line.Origin} ${line.Pending ? "pending" : "posted"}, status ${line.IDTypeStatusConciliation}, id ${line.FeedTransactionId}`,
    );

  const SALE = 186.4;
  const movements = [
    { id: `of-${run}-1`, amount: SALE, description: `PIX VENDA FEIRA ${run}`, providerId: `${run}-OF1` },
    { id: `of-${run}-2`, amount: -35.5, description: "COMPRA CARTAO POSTO", providerId: `${run}-OF2` },
    { id: `of-${run}-3`, amount: -9.9, description: "TARIFA PIX", providerId: `${run}-OF3` },
  ];
  const transaction = (m) => ({
    id: m.id,
    accountId,
    date: `${today}T03:00:00.000Z`,
    description: m.description,
    type: m.amount < 0 ? "DEBIT" : "CREDIT",
    amount: m.amount,
    currencyCode: "BRL",
    status: "PENDING",
    providerId: m.providerId,
  });

  await stepOf("Open Finance: three movements arrive pending (POST .../feed/sync)", async () => {
    const title = await call("POST", "/accounts/receivable", {
      Description: `Venda feira ${run}`,
      Value: SALE,
      DueDate: today,
      IDConsumer: consumer.IDConsumer,
      IDBankAccount: bankAccountId,
    });
    const [rule] = await call("POST", "/accounts/bank-statement/conciliation-rule", {
      IDBankAccount: bankAccountId,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: `PIX VENDA FEIRA ${run}`,
      IDConsumer: consumer.IDConsumer,
    });
    ok(
      `receivable ${title.IDAccountPayableReceivable} (${money(SALE)}) and rule ${rule.IDBankStatementConciliationRule} ("PIX VENDA FEIRA ${run}")`,
    );
    await pluggy.control("/transactions", "POST", movements.map(transaction));
    await sync({ imported: 3, autoReconciled: 0 });
    const lines = await statement();
    check(
      lines.length === 3 && lines.every((l) => l.Pending && l.IDTypeStatusConciliation === 1),
      `lines ${JSON.stringify(lines)}`,
    );
    for (const line of lines) show(line);
    const state = await call("GET", `/accounts/bank-account/${bankAccountId}/feed`);
    ok(
      `feed: State ${state.State}, ${state.PendingLines} pending lines (${money(state.PendingValue)}), never reconciled`,
    );
  });

  const saleLine = await stepOf(
    "Open Finance: the bank posts them; the rule reconciles the sale",
    async () => {
      for (const m of movements) await pluggy.control(`/post/${m.id}`, "POST", {});
      await sync({ imported: 0, posted: 3, autoReconciled: 1 });
      const lines = await statement();
      check(lines.length === 3 && lines.every((l) => !l.Pending), `lines ${JSON.stringify(lines)}`);
      for (const line of lines) show(line);
      const sale = lines.find((l) => l.FeedTransactionId === movements[0].id);
      check(sale?.IDTypeStatusConciliation === 2, `the sale's line ${JSON.stringify(sale)}`);
      ok(`line ${sale.IDBankStatementConciliation} conciliado automaticamente`);
      return sale;
    },
  );

  await stepOf(
    "Open Finance: the aggregator renames the sale (deleted, created with a new id); the line keeps its reconciliation",
    async () => {
      const renamed = await pluggy.control(`/recreate/${movements[0].id}`, "POST", {
        id: `of-${run}-1b`,
      });
      ok(`Pluggy: ${movements[0].id} deleted, ${renamed.transaction.id} created (nothing links them)`);
      await sync({ imported: 0, renamed: 1, removed: 0, withdrawn: 0 });
      const lines = await statement();
      check(lines.length === 3, `lines ${JSON.stringify(lines)}`);
      const sale = lines.find((l) => l.IDBankStatementConciliation === saleLine.IDBankStatementConciliation);
      check(
        sale?.FeedTransactionId === renamed.transaction.id && sale.IDTypeStatusConciliation === 2,
        `the sale's line ${JSON.stringify(sale)}`,
      );
      show(sale);
      ok(`line ${sale.IDBankStatementConciliation} kept, still reconciled, now id ${sale.FeedTransactionId}`);
    },
  );

  await stepOf("Open Finance: the same day's OFX statement, uploaded, adds nothing", async () => {
    const lines = movements.map((m) => ({
      fitId: m.providerId,
      amount: m.amount,
      memo: m.description,
      type: m.amount < 0 ? "DEBIT" : "CREDIT",
      date: today,
    }));
    const ofx = new TextEncoder().encode(ofxOf(feed.account, lines));
    const jobId = await uploadStatement(bankAccountId, `extrato-of-${run}.ofx`, ofx);
    await watchJob(jobId, "BankStatementOFX", { imported: 0, duplicate: 3 });
    const after = await statement();
    check(after.length === 3, `lines ${JSON.stringify(after)}`);
    ok("3 lines on the statement: each movement once, whichever source brought it");
    pluggy.child.kill();
  });
}
