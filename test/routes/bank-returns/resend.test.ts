import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { importOfx, linesOf, ofx } from "../../support/import-factories";
import { seedAccounts } from "../../support/seed";
import { deliver, jobMessage, jobRow, storedJob } from "../../support/upload-factories";
import {
  bankAccountWithoutNumber,
  boleto,
  entriesOf,
  freshNumber,
  historyOf,
  importReturn,
  liquidation,
  paidEventsOf,
  returnAccount,
  returnBytes,
  type Session,
  session,
  tableCounts,
  titleRow,
} from "./support";

/**
 * A return applied once however it arrives: the same file sent again, another file repeating a
 * line, a delivery killed in the middle of its batch (nothing half-written, the retry applies it
 * once); and the receipts it posts reconcile with the bank's OFX credit of the day, 1:N.
 */

let s: Session;
beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

const itau = (n: number) => `${String(n).padStart(8, "0")}${n % 10}`;

async function world(count: number, account?: number) {
  const bank = account ?? (await returnAccount("341"));
  const numbers = Array.from({ length: count }, () => freshNumber());
  const ids: number[] = [];
  for (const n of numbers)
    ids.push(await boleto(s, { account: bank, nossoNumero: String(n), value: 50_000 }));
  return { account: bank, numbers, ids };
}

describe("the same occurrence settles once", () => {
  it("the file sent again: every line `alreadySettled`, nothing written", async () => {
    const { account, numbers, ids } = await world(2);
    const bytes = returnBytes("240", {
      bankCode: "341",
      records: numbers.map((n) => liquidation(itau(n), 50_000)),
    });
    const first = await importReturn(s, account, bytes);
    expect(first.Result).toMatchObject({ settled: 2, tariffs: 2 });
    const before = await tableCounts();

    // the same bytes are the same job (POST /job is idempotent per file): another name and the two-step flow
    const again = await importReturn(s, account, new Uint8Array([...bytes, 0x1a]), "two-steps");

    expect(again.IDJob).not.toBe(first.IDJob);
    expect(again.Result).toEqual({
      settled: 0,
      alreadySettled: 2,
      unknown: 0,
      rejected: 0,
      ignored: 0,
      tariffs: 0,
    });
    expect(again.Errors.map((e) => e.Message)).toEqual([
      `Linha 3: ocorrência 06 do nosso número ${itau(numbers[0]!)} em 2026-03-02 já registrada: nada lançado de novo`,
      `Linha 5: ocorrência 06 do nosso número ${itau(numbers[1]!)} em 2026-03-02 já registrada: nada lançado de novo`,
    ]);
    expect(await tableCounts()).toEqual(before);
    for (const id of ids) {
      expect(await historyOf(id)).toHaveLength(1);
      expect(await paidEventsOf(id)).toHaveLength(1);
    }
  });

  it("another file repeating a line: the repeated one `alreadySettled`, the new one settles", async () => {
    const { account, numbers, ids } = await world(2);
    await importReturn(
      s,
      account,
      returnBytes("240", { bankCode: "341", records: [liquidation(itau(numbers[0]!), 50_000)] }),
    );
    const job = await importReturn(
      s,
      account,
      returnBytes("240", {
        bankCode: "341",
        generatedOn: "2026-03-03",
        records: numbers.map((n) => liquidation(itau(n), 50_000)),
      }),
    );
    expect(job.Result).toEqual({
      settled: 1,
      alreadySettled: 1,
      unknown: 0,
      rejected: 0,
      ignored: 0,
      tariffs: 1,
    });
    const receipts = (await entriesOf(account)).filter((e) => e.titleId !== null).map((e) => e.titleId);
    expect(receipts).toEqual(ids);
  });

  it("a line repeated inside one file settles once", async () => {
    const { account, numbers, ids } = await world(1);
    const record = liquidation(itau(numbers[0]!), 50_000, { paid: 20_000, interest: 0 });
    const job = await importReturn(
      s,
      account,
      returnBytes("240", { bankCode: "341", records: [record, record] }),
    );
    expect(job.Result).toEqual({
      settled: 1,
      alreadySettled: 1,
      unknown: 0,
      rejected: 0,
      ignored: 0,
      tariffs: 1,
    });
    expect(await titleRow(ids[0]!)).toMatchObject({ status: 2, openValue: 30_000 });
  });
});

describe("nothing half-written", () => {
  it("a delivery whose batch fails at its last write leaves nothing; the retry applies the file once", async () => {
    const { account, numbers, ids } = await world(3);
    const bytes = returnBytes("240", {
      bankCode: "341",
      records: numbers.map((n) => liquidation(itau(n), 50_000)),
    });
    const jobId = await storedJob(bytes, {
      type: "BankReturnCNAB",
      route: "job",
      params: JSON.stringify({ IDBankAccount: account }),
    });
    const before = await tableCounts();
    await env.DB_DEMO.exec(
      "CREATE TRIGGER test_kill_paid BEFORE INSERT ON events WHEN NEW.type = 'title.paid' BEGIN SELECT RAISE(ABORT, 'morto no meio'); END",
    );
    try {
      const killed = await deliver([{ body: jobMessage(jobId, "BankReturnCNAB"), attempts: 1 }]);
      expect(killed.retryMessages).toHaveLength(1);
    } finally {
      await env.DB_DEMO.exec("DROP TRIGGER IF EXISTS test_kill_paid");
    }
    expect(await tableCounts()).toEqual(before);
    expect(await jobRow(jobId)).toMatchObject({ status: "Processing", processed: 0 });
    for (const id of ids) expect(await titleRow(id)).toMatchObject({ status: 1, openValue: 50_000 });

    await deliver([{ body: jobMessage(jobId, "BankReturnCNAB"), attempts: 2 }]);
    // a late duplicate of the message changes nothing
    await deliver([{ body: jobMessage(jobId, "BankReturnCNAB"), attempts: 1 }]);

    const job = await jobRow(jobId);
    expect(job).toMatchObject({ status: "Done", processed: 3 });
    expect(JSON.parse(job!.result!)).toEqual({
      settled: 3,
      alreadySettled: 0,
      unknown: 0,
      rejected: 0,
      ignored: 0,
      tariffs: 3,
    });
    for (const id of ids) {
      expect(await titleRow(id)).toMatchObject({ status: 3, openValue: 0 });
      expect(await historyOf(id)).toHaveLength(1);
      expect(await paidEventsOf(id)).toHaveLength(1);
    }
    expect(await entriesOf(account)).toHaveLength(9);
  });
});

describe("reconciliation with the bank statement", () => {
  it("the day's OFX credit reconciles with the receipts of the return, 1:N, through the manual route", async () => {
    const account = await bankAccountWithoutNumber("341");
    const { numbers, ids } = await world(3, account);
    const records = numbers.map((n) => liquidation(itau(n), 50_000, { interest: 0, tariff: 0 }));
    const job = await importReturn(s, account, returnBytes("240", { bankCode: "341", records }));
    expect(job.Result).toMatchObject({ settled: 3 });
    const receipts = (await entriesOf(account)).filter((e) => e.origin === "bank-return");
    expect(receipts.map((e) => e.titleId)).toEqual(ids);

    const statement = await importOfx(
      s.token,
      account,
      ofx([{ fitId: `CNAB${numbers[0]}`, date: "20260302", amount: "1500.00", memo: "LIQUIDACAO COBRANCA" }]),
    );
    expect(statement.Status).toBe("Done");
    const [line] = await linesOf(account);

    const reconciled = await s.api.post("/accounts/bank-statement", {
      IDBankStatementConciliation: line!.id,
      IDBankAccount: account,
      Accounts: ids.map((id) => ({ IDAccountPayableReceivable: id })),
    });

    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(200);
    expect((await linesOf(account))[0]).toMatchObject({ statusId: 3, reconciledValue: 150_000 });
    // the receipts were linked, not posted again
    const after = await entriesOf(account);
    expect(after).toHaveLength(receipts.length);
    expect(after.map((e) => e.id)).toEqual(receipts.map((e) => e.id));
  });
});
