import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bankLines, conciliationLinks } from "../../../drizzle/schema";
import { OPENFINANCE_MESSAGES } from "../../../src/domain/openfinance/messages";
import { call } from "../../support/api";
import { bankAccount, db, errorsOfJob, importOfx, linesOf, ofx } from "../../support/import-factories";
import { invariantViolations } from "../../support/invariants";
import {
  newTxId,
  pixIntegrationWithPsp,
  pixJson,
  linesOf as pixLinesOf,
  titleRow as pixTitleRow,
  receivable,
} from "../../support/pix-inbox-factories";
import { seedAccounts } from "../../support/seed";
import {
  boleto,
  entriesOf,
  freshNumber,
  importReturn,
  liquidation,
  returnAccount,
  returnBytes,
  titleRow,
} from "../bank-returns/support";
import { daysAgo, feedSetup, type Session, session, statement, syncNow, tx } from "./support";

/**
 * One movement, one line (docs/OPEN-FINANCE.md), the other source first and the feed then, over HTTP
 * against the Pluggy double: an OFX upload (the feed's `providerId` = the FITID), the Pix API (the
 * feed's `paymentData.endToEndId`), a CNAB return's liquidation (the feed's credit line reconciled
 * with it). The feed first is in test/routes/bank-statement/one-movement.test.ts and
 * test/routes/bank-returns/feed-credits.test.ts.
 */

let s: Session;
beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

const compact = (day: string) => day.replaceAll("-", "");

describe("OFX upload, then the feed", () => {
  it("a movement whose providerId is an uploaded FITID is not written again; other FITIDs and placeholders are", async () => {
    const bankAccountId = await bankAccount({ accountNumber: null });
    const setup = await feedSetup(s, { bankAccountId });
    const day = daysAgo(3);
    const fit = `F-${setup.n}-${crypto.randomUUID().slice(0, 8)}`;
    const upload = await importOfx(
      s.token,
      bankAccountId,
      ofx([
        { fitId: `${fit}-1`, date: compact(day), amount: "-45.90", memo: "TARIFA PACOTE" },
        { fitId: `${fit}-3`, date: compact(day), amount: "120.00", memo: "PIX RECEBIDO" },
      ]),
    );
    expect(upload).toMatchObject({ Status: "Done", Result: { imported: 2 } });

    const same = tx(setup, {
      amount: -45.9,
      day,
      description: "TARIFA PACOTE SERVICOS",
      providerId: ` ${fit}-1 `,
    });
    const fresh = tx(setup, { amount: 80, day, description: "PIX RECEBIDO B", providerId: `${fit}-2` });
    const placeholder = tx(setup, { amount: 10, day, description: "CREDITO", providerId: "00000000" });
    const otherValue = tx(setup, { amount: 121, day, description: "PIX RECEBIDO", providerId: `${fit}-3` });
    await setup.pluggy.addTransactions([same, fresh, placeholder, otherValue]);
    const job = await syncNow(s, setup);
    expect(job).toMatchObject({ Status: "Done", FailureReason: null });
    expect(job.Result).toMatchObject({ read: 4, imported: 2, sameMovement: 1, skipped: 1 });
    expect((await errorsOfJob(job.IDJob)).map((e) => e.message)).toContain(
      OPENFINANCE_MESSAGES.keyValueDiffers(otherValue.id),
    );

    const rows = await linesOf(bankAccountId);
    expect(rows.map((l) => [l.dedupeKey, l.fitId, l.value, l.origin])).toEqual([
      [`fit:${fit}-1`, `${fit}-1`, -4590, null],
      [`fit:${fit}-3`, `${fit}-3`, 12000, null],
      [`of:${fresh.id}`, `${fit}-2`, 8000, "OpenFinance"],
      [`of:${placeholder.id}`, null, 1000, "OpenFinance"],
    ]);
    const shown = await statement(s, bankAccountId);
    expect(shown.map((l) => [l.Value, l.Origin])).toEqual([
      [-45.9, "OFX"],
      [120, "OFX"],
      [80, "OpenFinance"],
      [10, "OpenFinance"],
    ]);

    // the next sync re-reads the window: still nothing written twice
    const again = await syncNow(s, setup);
    expect(again.Result).toMatchObject({ imported: 0, sameMovement: 1, unchanged: 2 });
    expect(await linesOf(bankAccountId)).toHaveLength(4);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});

describe("Pix API, then the feed", () => {
  const webhook = (secret: string, body: unknown) =>
    call("demo", "POST", `/1.0/pix/webhook/${encodeURIComponent(secret)}/pix`, { body });

  it("a movement whose endToEndId the Pix API already wrote is that line; another Pix is a feed line with its endToEndId", async () => {
    const pixSetup = await pixIntegrationWithPsp();
    const txid = newTxId();
    const titleId = await receivable(1, { value: 4_990, dueDate: "2026-11-20", txId: txid });
    const pix = pixJson({ cents: 4_990, txid, payer: { cpf: "12345678909", nome: "Maria Souza" } });
    const answer = await webhook(pixSetup.secret, { pix: [pix] });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ Imported: 1, SettledByTxId: 1 });
    const [pixLine] = await pixLinesOf(pixSetup);
    expect(pixLine).toMatchObject({ endToEndId: pix.endToEndId, statusId: 2, reconciledValue: 4_990 });

    const setup = await feedSetup(s, { bankAccountId: pixSetup.bankAccountId });
    const other = pixJson({ cents: 1_500 });
    const same = tx(setup, {
      amount: 49.9,
      day: pixLine!.date,
      description: "PIX RECEBIDO MARIA SOUZA",
      paymentData: { paymentMethod: "PIX", referenceNumber: pix.endToEndId },
    });
    const fresh = tx(setup, {
      amount: 15,
      day: pixLine!.date,
      description: "PIX RECEBIDO JOAO",
      paymentData: { paymentMethod: "PIX", referenceNumber: other.endToEndId },
    });
    await setup.pluggy.addTransactions([same, fresh]);
    const job = await syncNow(s, setup);
    expect(job).toMatchObject({ Status: "Done", FailureReason: null });
    expect(job.Result).toMatchObject({ read: 2, imported: 1, sameMovement: 1 });

    const rows = await pixLinesOf(pixSetup);
    expect(rows.map((l) => [l.id === pixLine!.id ? "pix" : l.dedupeKey, l.endToEndId, l.value])).toEqual([
      ["pix", pix.endToEndId, 4_990],
      [`of:${fresh.id}`, other.endToEndId, 1_500],
    ]);
    // the Pix's line keeps its settlement, once
    expect(rows[0]).toMatchObject({ statusId: 2, reconciledValue: 4_990 });
    expect(await pixTitleRow(titleId)).toMatchObject({ openValue: 0, status: 3 });

    const again = await syncNow(s, setup);
    expect(again.Result).toMatchObject({ imported: 0, sameMovement: 1, unchanged: 1 });
    expect(await pixLinesOf(pixSetup)).toHaveLength(2);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});

describe("CNAB return applied, then the feed's credit", () => {
  const itau = (n: number) => `${String(n).padStart(8, "0")}${n % 10}`;
  const linksOf = (lineId: number) =>
    db().select().from(conciliationLinks).where(eq(conciliationLinks.bankLineId, lineId));

  it("the feed's credit line of the boleto is reconciled with the return's liquidation; an unnamed one is left alone", async () => {
    const account = await returnAccount("341");
    const n = freshNumber();
    const titleId = await boleto(s, { account, nossoNumero: String(n), value: 50_000 });
    const day = daysAgo(10);
    const returned = await importReturn(
      s,
      account,
      returnBytes("240", {
        bankCode: "341",
        records: [liquidation(itau(n), 50_000, { occurrenceDate: day, creditDate: day })],
      }),
    );
    expect(returned.Result).toMatchObject({ settled: 1 });
    expect(await titleRow(titleId)).toMatchObject({ openValue: 0 });
    const inflows = (await entriesOf(account)).filter((e) => e.typeAccount === 0);
    expect(inflows.map((e) => e.value).sort()).toEqual([1_000, 50_000]);

    const setup = await feedSetup(s, { bankAccountId: account });
    const credit = tx(setup, { amount: 510, day, description: `LIQUIDACAO BOLETO ${n}` });
    const unnamed = tx(setup, { amount: 510, day, description: "PIX RECEBIDO FULANO" });
    await setup.pluggy.addTransactions([credit, unnamed]);
    const job = await syncNow(s, setup);
    expect(job).toMatchObject({ Status: "Done", FailureReason: null });
    expect(job.Result).toMatchObject({ imported: 2, creditsReconciled: 1 });

    const rows = await linesOf(account);
    expect(rows).toHaveLength(2);
    const line = rows.find((l) => l.feedTransactionId === credit.id)!;
    expect(line).toMatchObject({ statusId: 2, reconciledValue: 51_000 });
    expect((await linksOf(line.id)).map((l) => [l.entryId, l.postedByLink]).sort()).toEqual(
      inflows.map((e) => [e.id, 0]).sort(),
    );
    expect(rows.find((l) => l.feedTransactionId === unnamed.id)).toMatchObject({
      statusId: 1,
      reconciledValue: 0,
    });
    const shown = await statement(s, account);
    expect(
      shown
        .map((l) => [l.FeedTransactionId, l.IDTypeStatusConciliation])
        .sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    ).toEqual(
      [
        [credit.id, 2],
        [unnamed.id, 1],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    );
    // no entry of the return was written twice, nor linked to a second line
    expect((await entriesOf(account)).filter((e) => e.typeAccount === 0)).toHaveLength(2);
    const again = await syncNow(s, setup);
    expect(again.Result).toMatchObject({ imported: 0, creditsReconciled: 0 });
    expect(await linksOf(line.id)).toHaveLength(2);
    expect(await db().select().from(bankLines).where(eq(bankLines.bankAccountId, account))).toHaveLength(2);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});
