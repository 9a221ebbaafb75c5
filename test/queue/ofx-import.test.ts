import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { entries, jobs, transfers } from "../../drizzle/schema";
import type { BankLineRow } from "../../src/db/statement";
import {
  auditOfLine,
  bankAccount,
  db,
  entriesOfAccount,
  importOfx,
  linesOf,
  linksOfLine,
  ofx,
  rule,
  type Session,
  session,
  title,
  titleRow,
} from "../support/import-factories";
import { seedAccounts } from "../support/seed";
import { deliver, jobMessage, jobRow, storedJob } from "../support/upload-factories";

let s: Session;

beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

let worlds = 0;

/**
 * One account with a file of eight lines and rules of both types (amounts differ by world, in
 * cents, so titles of one test never compete in another):
 * - PIX RECEBIDO (type 1, credit): 150 settles the only title of that value due within 5 days;
 *   99 finds two titles (stays pending with the rule); 42 finds none (pending with the rule);
 * - PAGAMENTO BOLETO (type 1, debit): 80 settles the payable;
 * - TED ENVIADA (type 2, debit, to the reserve account): 300 links the transfer already posted
 *   that day; 500 posts a new one;
 * - TARIFA and DEPOSITO: no rule, pending without one.
 */
async function world() {
  const k = ++worlds;
  const cents = (reais: number) => reais * 100 + k;
  const text = (reais: number) => (cents(reais) / 100).toFixed(2);
  const accountNumber = `${40000 + k}-${k % 10}`;
  const account = await bankAccount({ bankNumber: "341", accountNumber });
  const reserve = await bankAccount({ bank: "Banco Reserva", accountNumber: "555-0" });
  const rules = {
    pix: await rule(s, {
      IDBankAccount: account,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "Pix Recebido",
    }),
    boleto: await rule(s, {
      IDBankAccount: account,
      IDTypeRule: 1,
      IDTypeAccount: 1,
      Description: "PAGAMENTO BOLETO",
    }),
    ted: await rule(s, {
      IDBankAccount: account,
      IDTypeRule: 2,
      IDTypeAccount: 1,
      Description: "TED ENVIADA",
      IDBankAccountTo: reserve,
    }),
  };
  const titles = {
    pix150: await title({
      value: cents(150),
      dueDate: "2024-01-03",
      description: "Venda 150",
      document: "NF 1",
    }),
    pix99a: await title({ value: cents(99), dueDate: "2024-01-08" }),
    pix99b: await title({ value: cents(99), dueDate: "2024-01-09" }),
    boleto80: await title({
      typeAccount: 1,
      value: cents(80),
      dueDate: "2024-01-10",
      description: "Aluguel",
    }),
    farAway: await title({ value: cents(42), dueDate: "2024-02-20" }),
  };
  const posted = await s.api.post("/accounts/bank-statement/transfer", {
    IDBankFrom: account,
    IDBankTo: reserve,
    Value: cents(300) / 100,
    Date: "2024-01-12",
  });
  expect(posted.status).toBe(200);
  const transactions = [
    { fitId: "A1", date: "20240107", amount: text(150).replace(".", ","), memo: "PIX RECEBIDO FULANO" },
    { fitId: "A2", date: "20240108", amount: text(99), memo: "PIX RECEBIDO CICLANO" },
    { fitId: "A3", date: "20240108", amount: text(42), memo: "PIX RECEBIDO BELTRANO" },
    { fitId: "A4", date: "20240110", amount: `-${text(80)}`, memo: "PAGAMENTO BOLETO ALUGUEL" },
    { fitId: "A5", date: "20240112", amount: `-${text(300)}`, memo: "TED ENVIADA RESERVA" },
    { fitId: "A6", date: "20240115", amount: `-${text(500)}`, memo: "TED ENVIADA RESERVA" },
    { fitId: "A7", date: "20240115", amount: `-${text(10)}`, memo: "TARIFA PACOTE" },
    { fitId: "A8", date: "20240116", amount: text(25), memo: "DEPOSITO" },
  ];
  const file = { bankId: "0341", acctId: accountNumber };
  return {
    account,
    reserve,
    rules,
    titles,
    cents,
    transactions,
    file,
    postedLeg: posted.body.Debit.IDBankStatement as number,
    bytes: ofx(transactions, file),
  };
}

const byFitId = (lines: BankLineRow[]): Record<string, BankLineRow> =>
  Object.fromEntries(lines.map((line) => [line.fitId, line]));

describe("OFX import with automatic reconciliation", () => {
  it("reconciles by the rules what they single out and leaves the rest pending", async () => {
    const w = await world();
    const job = await importOfx(s.token, w.account, w.bytes, "two-steps");
    expect(job).toMatchObject({
      Status: "Done",
      Total: 8,
      Processed: 8,
      Result: { imported: 8, duplicate: 0, skipped: 0, autoReconciled: 4, pending: 4 },
      Errors: [],
      FailureReason: null,
    });

    const lines = byFitId(await linesOf(w.account));
    expect(Object.keys(lines)).toHaveLength(8);
    for (const line of Object.values(lines)) expect(line.jobId).toBe(job.IDJob);
    const status = (fitId: string) => {
      const { statusId, ruleId, reconciledValue } = lines[fitId]!;
      return { statusId, ruleId, reconciledValue };
    };
    expect(status("A1")).toEqual({ statusId: 2, ruleId: w.rules.pix, reconciledValue: w.cents(150) });
    expect(status("A2")).toEqual({ statusId: 1, ruleId: w.rules.pix, reconciledValue: 0 });
    expect(status("A3")).toEqual({ statusId: 1, ruleId: w.rules.pix, reconciledValue: 0 });
    expect(status("A4")).toEqual({ statusId: 2, ruleId: w.rules.boleto, reconciledValue: w.cents(80) });
    expect(status("A5")).toEqual({ statusId: 2, ruleId: w.rules.ted, reconciledValue: w.cents(300) });
    expect(status("A6")).toEqual({ statusId: 2, ruleId: w.rules.ted, reconciledValue: w.cents(500) });
    expect(status("A7")).toEqual({ statusId: 1, ruleId: null, reconciledValue: 0 });
    expect(status("A8")).toEqual({ statusId: 1, ruleId: null, reconciledValue: 0 });

    // titles: the two singled out are paid, the ambiguous pair and the far one stay open
    expect(await titleRow(w.titles.pix150)).toMatchObject({ openValue: 0, status: 3 });
    expect(await titleRow(w.titles.boleto80)).toMatchObject({ openValue: 0, status: 3 });
    for (const id of [w.titles.pix99a, w.titles.pix99b, w.titles.farAway]) {
      expect(await titleRow(id)).toMatchObject({ status: 1 });
    }

    // entries posted by the rules, dated the lines' dates, linked with the rule
    const ruleEntries = (await entriesOfAccount(w.account)).filter((e) => e.origin === "rule");
    expect(ruleEntries.map((e) => [e.titleId, e.typeAccount, e.value, e.date, e.description])).toEqual([
      [w.titles.pix150, 0, w.cents(150), "2024-01-07 00:00:00", "Venda 150"],
      [w.titles.boleto80, 1, w.cents(80), "2024-01-10 00:00:00", "Aluguel"],
      [
        null,
        1,
        w.cents(500),
        "2024-01-15 00:00:00",
        expect.stringContaining("Transferência entre contas Banco Reserva"),
      ],
    ]);
    expect(await linksOfLine(lines.A1!.id)).toEqual([
      expect.objectContaining({ entryId: ruleEntries[0]!.id, postedByLink: 1, ruleId: w.rules.pix }),
    ]);
    expect(await linksOfLine(lines.A5!.id)).toEqual([
      expect.objectContaining({ entryId: w.postedLeg, postedByLink: 0, ruleId: w.rules.ted }),
    ]);
    expect(await linksOfLine(lines.A6!.id)).toEqual([
      expect.objectContaining({ entryId: ruleEntries[2]!.id, postedByLink: 0, ruleId: w.rules.ted }),
    ]);
    // the new transfer has both legs and its reference
    const transfer = await db()
      .select()
      .from(transfers)
      .where(eq(transfers.id, ruleEntries[2]!.transferId!))
      .get();
    expect(transfer).toMatchObject({
      fromBankAccountId: w.account,
      toBankAccountId: w.reserve,
      value: w.cents(500),
    });
    const legs = await db().select().from(entries).where(eq(entries.transferId, transfer!.id));
    expect(legs.map((leg) => [leg.bankAccountId, leg.typeAccount, leg.origin]).sort()).toEqual(
      [
        [w.account, 1, "rule"],
        [w.reserve, 0, "rule"],
      ].sort(),
    );

    // every automatic reconciliation is audited once
    for (const fitId of ["A1", "A4", "A5", "A6"]) {
      const audit = await auditOfLine(lines[fitId]!.id);
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.details)).toMatchObject({
        IDJob: job.IDJob,
        IDBankStatementConciliationRule: lines[fitId]!.ruleId,
        IDTypeStatusConciliation: 2,
        ReconciledValue: lines[fitId]!.reconciledValue,
      });
    }
    for (const fitId of ["A2", "A3", "A7", "A8"]) expect(await auditOfLine(lines[fitId]!.id)).toEqual([]);

    // the statement answers the imported lines with their status
    const listed = await s.api.get(
      `/accounts/bank-statement?Source=2&IDBankAccount=${w.account}&DateFrom=2024-01-01&DateTo=2024-01-31`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(8);
  });
});

/** Everything an import of the world writes. */
async function snapshot(w: Awaited<ReturnType<typeof world>>) {
  const lines = await linesOf(w.account);
  return {
    lines,
    entries: [...(await entriesOfAccount(w.account)), ...(await entriesOfAccount(w.reserve))],
    titles: await Promise.all(Object.values(w.titles).map(titleRow)),
    links: (await Promise.all(lines.map((line) => linksOfLine(line.id)))).flat(),
    audits: (await Promise.all(lines.map((line) => auditOfLine(line.id)))).flat(),
  };
}

const EXPECTED_RESULT = { imported: 8, duplicate: 0, skipped: 0, autoReconciled: 4, pending: 4 };

/** A database trigger for the length of `run`: simulates what a concurrent request does meanwhile. */
async function withTrigger<T>(name: string, sql: string, run: () => Promise<T>): Promise<T> {
  await env.DB_DEMO.exec(`CREATE TRIGGER ${name} ${sql.replace(/\s+/g, " ")}`);
  try {
    return await run();
  } finally {
    await env.DB_DEMO.exec(`DROP TRIGGER ${name}`);
  }
}

describe("OFX import: redelivery, retries and concurrency", () => {
  it("a redelivered message changes nothing, also when the job was left Processing after its work", async () => {
    const w = await world();
    const job = await importOfx(s.token, w.account, w.bytes);
    expect(job.Result).toEqual(EXPECTED_RESULT);
    const before = await snapshot(w);

    const redelivered = await deliver([{ body: jobMessage(job.IDJob, "BankStatementOFX") }]);
    expect(redelivered.explicitAcks).toHaveLength(1);
    expect(await snapshot(w)).toEqual(before);

    // the acknowledgement was lost after the work: the job is run again from where it stands
    await db().update(jobs).set({ status: "Processing", finishedAt: null }).where(eq(jobs.id, job.IDJob));
    await deliver([{ body: jobMessage(job.IDJob, "BankStatementOFX") }]);
    expect(await jobRow(job.IDJob)).toMatchObject({ status: "Done", processed: 8, total: 8 });
    expect(JSON.parse((await jobRow(job.IDJob))!.result!)).toEqual(EXPECTED_RESULT);
    expect(await snapshot(w)).toEqual(before);
  });

  it("concurrent deliveries of one job store each line and post each entry once", async () => {
    const w = await world();
    const jobId = await storedJob(w.bytes, {
      type: "BankStatementOFX",
      route: "job",
      params: JSON.stringify({ IDBankAccount: w.account }),
    });
    await Promise.all([1, 2, 3].map(() => deliver([{ body: jobMessage(jobId, "BankStatementOFX") }])));
    const job = await jobRow(jobId);
    expect(job).toMatchObject({ status: "Done", processed: 8 });
    expect(JSON.parse(job!.result!)).toEqual(EXPECTED_RESULT);
    const after = await snapshot(w);
    expect(after.lines).toHaveLength(8);
    expect(after.links).toHaveLength(4);
    expect(after.audits).toHaveLength(4);
    expect(after.entries.filter((e) => e.origin === "rule")).toHaveLength(4); // 2 titles + 2 legs of one transfer
  });

  it("a failure while writing the decisions is retried and ends as a clean run would", async () => {
    const w = await world();
    const jobId = await storedJob(w.bytes, {
      type: "BankStatementOFX",
      route: "job",
      params: JSON.stringify({ IDBankAccount: w.account }),
    });
    const failed = await withTrigger(
      "fail_rule_entry",
      // not a constraint (RAISE would be one): a fault, which the queue retries
      "BEFORE INSERT ON bank_statements WHEN NEW.origin = 'rule' BEGIN SELECT abs(-9223372036854775808); END",
      () => deliver([{ body: jobMessage(jobId, "BankStatementOFX"), attempts: 1 }]),
    );
    expect(failed.retryMessages).toHaveLength(1);
    expect(await jobRow(jobId)).toMatchObject({ status: "Processing", processed: 8 });
    expect((await snapshot(w)).links).toEqual([]);

    await deliver([{ body: jobMessage(jobId, "BankStatementOFX"), attempts: 2 }]);
    const job = await jobRow(jobId);
    expect(job).toMatchObject({ status: "Done", attempts: 2 });
    expect(JSON.parse(job!.result!)).toEqual(EXPECTED_RESULT);
    const after = await snapshot(w);
    expect(after.links).toHaveLength(4);
    expect(after.lines.filter((line) => line.statusId === 2)).toHaveLength(4);
  });

  it("a title paid meanwhile by someone else leaves only its line pending; the other decisions are written", async () => {
    const w = await world();
    // Recording the rule on the pending lines happens between reading the titles and writing the
    // decisions: the trigger pays the title there, as a concurrent manual payment would.
    const job = await withTrigger(
      "pay_title_meanwhile",
      `AFTER UPDATE OF rule_id ON bank_statement_conciliations WHEN NEW.rule_id IS NOT NULL
       BEGIN UPDATE titles SET open_value = 0, status = 3 WHERE id = ${w.titles.pix150}; END`,
      () => importOfx(s.token, w.account, w.bytes),
    );
    expect(job.Result).toEqual({ ...EXPECTED_RESULT, autoReconciled: 3, pending: 5 });
    const lines = byFitId(await linesOf(w.account));
    expect(lines.A1).toMatchObject({ statusId: 1, ruleId: w.rules.pix, reconciledValue: 0 });
    expect(await linksOfLine(lines.A1!.id)).toEqual([]);
    expect((await entriesOfAccount(w.account)).filter((e) => e.titleId === w.titles.pix150)).toEqual([]);
    for (const fitId of ["A4", "A5", "A6"]) expect(lines[fitId]!.statusId).toBe(2);
  });

  it("a line reconciled by hand meanwhile keeps that reconciliation; its title stays open", async () => {
    const w = await world();
    const job = await withTrigger(
      "reconcile_line_meanwhile",
      `AFTER UPDATE OF rule_id ON bank_statement_conciliations WHEN NEW.rule_id IS NOT NULL
       BEGIN UPDATE bank_statement_conciliations SET status_id = 3, reconciled_value = abs(value)
         WHERE bank_account_id = ${w.account} AND fit_id = 'A4'; END`,
      () => importOfx(s.token, w.account, w.bytes),
    );
    expect(job.Result).toMatchObject({ autoReconciled: 3, pending: 4 });
    const lines = byFitId(await linesOf(w.account));
    expect(lines.A4).toMatchObject({ statusId: 3, ruleId: null });
    expect(await titleRow(w.titles.boleto80)).toMatchObject({ openValue: w.cents(80), status: 1 });
    expect(await auditOfLine(lines.A4!.id)).toEqual([]);
  });

  it("importing the same movements again adds nothing: every line is a duplicate", async () => {
    const w = await world();
    await importOfx(s.token, w.account, w.bytes);
    const before = await snapshot(w);
    // another export of the same period: same movements, one more blank line at the end
    const again = await importOfx(s.token, w.account, ofx(w.transactions, w.file), "two-steps");
    expect(again.IDJob).not.toBe(undefined);
    const reexported = new Uint8Array([...w.bytes, 10]);
    const third = await importOfx(s.token, w.account, reexported);
    expect(third.Result).toEqual({ imported: 0, duplicate: 8, skipped: 0, autoReconciled: 0, pending: 0 });
    expect(await snapshot(w)).toEqual(before);
  });
});

describe("OFX import: a file larger than one invocation", () => {
  it("continues its rules in a new invocation and ends as one run would", async () => {
    // 9000 lines: 2 chunks of lines and 5 batches of decisions, one more than an invocation's 6
    const size = 9000;
    const accountNumber = "77001-1";
    const account = await bankAccount({ bankNumber: "341", accountNumber });
    const pix = await rule(s, {
      IDBankAccount: account,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "LOTE",
    });
    const day = (i: number) =>
      `2025-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`;
    const value = (i: number) => 10_000_000 + i;
    await env.DB_DEMO.prepare(
      `INSERT INTO titles (company_id, type_account, description, value, open_value, due_date, status)
       SELECT 1, 0, 'Lote ' || key, value ->> 0, value ->> 0, value ->> 1, 1 FROM json_each(?1)`,
    )
      .bind(JSON.stringify(Array.from({ length: size }, (_, i) => [value(i), day(i)])))
      .run();
    const bytes = ofx(
      Array.from({ length: size }, (_, i) => ({
        fitId: `L${i}`,
        date: day(i).replaceAll("-", ""),
        amount: (value(i) / 100).toFixed(2),
        memo: `PIX LOTE ${i}`,
      })),
      { bankId: "0341", acctId: accountNumber },
    );
    const job = await importOfx(s.token, account, bytes);
    expect(job).toMatchObject({
      Status: "Done",
      Total: size,
      Processed: size,
      Result: { imported: size, duplicate: 0, skipped: 0, autoReconciled: size, pending: 0 },
    });
    const row = await jobRow(job.IDJob);
    expect(row!.attempts).toBe(2); // the continuation is a second delivery of the same job
    const lines = await linesOf(account);
    expect(lines.filter((line) => line.statusId === 2 && line.ruleId === pix)).toHaveLength(size);
    expect(await entriesOfAccount(account)).toHaveLength(size);
    const [links] = await env.DB_DEMO.prepare(
      `SELECT count(*) AS n, count(DISTINCT l.entry_id) AS entries FROM conciliation_links l
       JOIN bank_statement_conciliations b ON b.id = l.bank_line_id WHERE b.bank_account_id = ?1`,
    )
      .bind(account)
      .raw();
    expect(links).toEqual([size, size]);
    const [paid] = await env.DB_DEMO.prepare(
      "SELECT count(*) FROM titles WHERE description LIKE 'Lote %' AND status = 3 AND open_value = 0",
    ).raw();
    expect(paid).toEqual([size]);
  }, 60_000);
});
