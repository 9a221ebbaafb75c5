import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bankLines } from "../../../drizzle/schema";
import { call } from "../../support/api";
import { db, importOfx, linesOf, ofx, type Session, session } from "../../support/import-factories";
import {
  newTxId,
  pixIntegrationWithPsp,
  pixJson,
  linesOf as pixLinesOf,
  receivable,
  titleRow,
} from "../../support/pix-inbox-factories";
import { seedAccounts } from "../../support/seed";

/**
 * One movement, one line (docs/OPEN-FINANCE.md): a movement a bank feed already wrote is not written
 * again by an OFX upload (same FITID) nor by the Pix API (same endToEndId). The feed's lines are
 * written here as the feed writes them (origin `OpenFinance`, key `of:<aggregator id>`, the
 * institution's id in `fit_id`, the Pix's endToEndId).
 */

let s: Session;
beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

async function feedLine(
  bankAccountId: number,
  line: {
    date: string;
    value: number;
    description?: string;
    fitId?: string | null;
    endToEndId?: string | null;
  },
) {
  const id = `tx-${crypto.randomUUID()}`;
  const [row] = await db()
    .insert(bankLines)
    .values({
      companyId: 1,
      bankAccountId,
      date: line.date,
      value: line.value,
      description: line.description ?? "PIX RECEBIDO",
      dedupeKey: `of:${id}`,
      origin: "OpenFinance",
      feedTransactionId: id,
      fitId: line.fitId ?? null,
      endToEndId: line.endToEndId ?? null,
    })
    .returning({ id: bankLines.id });
  return row!.id;
}

describe("feed × OFX upload, by FITID", () => {
  it("an OFX line whose FITID a feed line carries is not written again (duplicate); the others are", async () => {
    const account = await s.api.post("/accounts/bank-account", {
      Bank: "Itaú",
      BankNumber: "341",
      Agency: "1234",
      AccountNumber: "12345-6",
    });
    expect(account.status).toBe(200);
    const bankAccountId = Math.max(
      ...(account.body as { IDBankAccount: number }[]).map((a) => a.IDBankAccount),
    );
    const fed = await feedLine(bankAccountId, {
      date: "2026-10-05",
      value: -4590,
      description: "TARIFA",
      fitId: "F-100",
    });
    const job = await importOfx(
      s.token,
      bankAccountId,
      ofx([
        { fitId: "F-100", date: "20261005", amount: "-45.90", memo: "TARIFA PACOTE" },
        { fitId: "F-101", date: "20261005", amount: "120.00", memo: "PIX RECEBIDO" },
      ]),
    );
    expect(job).toMatchObject({ Status: "Done", Result: { imported: 1, duplicate: 1 } });
    const lines = await linesOf(bankAccountId);
    expect(lines.map((l) => [l.id === fed ? "feed" : l.dedupeKey, l.value])).toEqual([
      ["feed", -4590],
      ["fit:F-101", 12000],
    ]);
    // Sent again: nothing new.
    const again = await importOfx(
      s.token,
      bankAccountId,
      ofx([{ fitId: "F-100", date: "20261005", amount: "-45.90", memo: "TARIFA PACOTE" }]),
    );
    expect(again).toMatchObject({ Status: "Done", Result: { imported: 0, duplicate: 1 } });
    expect(await linesOf(bankAccountId)).toHaveLength(2);
  });
});

describe("feed × Pix API, by endToEndId", () => {
  const webhook = (secret: string, body: unknown) =>
    call("demo", "POST", `/1.0/pix/webhook/${encodeURIComponent(secret)}/pix`, { body });

  it("a Pix a feed line already shows is not written again: the line gains the txid and payer and settles the charge", async () => {
    const setup = await pixIntegrationWithPsp();
    const txid = newTxId();
    const titleId = await receivable(1, { value: 4_990, dueDate: "2026-11-20", txId: txid });
    const pix = pixJson({ cents: 4_990, txid, payer: { cpf: "12345678909", nome: "Maria Souza" } });
    const date = pix.horario.slice(0, 10);
    const fed = await feedLine(setup.bankAccountId, { date, value: 4_990, endToEndId: pix.endToEndId });
    const answer = await webhook(setup.secret, { pix: [pix] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      Received: 1,
      Imported: 0,
      Duplicate: 1,
      SettledByTxId: 1,
      SettledByDocument: 0,
      Pending: 0,
    });
    const lines = await pixLinesOf(setup);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      id: fed,
      dedupeKey: expect.stringMatching(/^of:/),
      txId: txid,
      payerDocument: "12345678909",
      payerName: "Maria Souza",
      statusId: 2,
      reconciledValue: 4_990,
    });
    expect(await titleRow(titleId)).toMatchObject({ openValue: 0, status: 3 });
    // The same callback again: nothing moves.
    const again = await webhook(setup.secret, { pix: [pix] });
    expect(again.body).toMatchObject({ Imported: 0, Duplicate: 1, SettledByTxId: 0 });
  });

  it("a feed line still pending at the bank is not settled; the Pix is not written either", async () => {
    const setup = await pixIntegrationWithPsp();
    const txid = newTxId();
    const titleId = await receivable(1, { value: 700, dueDate: "2026-11-20", txId: txid });
    const pix = pixJson({ cents: 700, txid });
    const fed = await feedLine(setup.bankAccountId, {
      date: pix.horario.slice(0, 10),
      value: 700,
      endToEndId: pix.endToEndId,
    });
    await db().update(bankLines).set({ pending: 1 }).where(eq(bankLines.id, fed));
    const answer = await webhook(setup.secret, { pix: [pix] });
    expect(answer.body).toMatchObject({ Imported: 0, Duplicate: 1, SettledByTxId: 0, Pending: 0 });
    expect((await pixLinesOf(setup)).map((l) => [l.id, l.statusId, l.txId])).toEqual([[fed, 1, txid]]);
    expect(await titleRow(titleId)).toMatchObject({ openValue: 700, status: 1 });
  });

  it("the endToEndId on a feed line of another amount: not written, not settled (a person looks)", async () => {
    const setup = await pixIntegrationWithPsp();
    const txid = newTxId();
    const titleId = await receivable(1, { value: 800, dueDate: "2026-11-20", txId: txid });
    const pix = pixJson({ cents: 800, txid });
    await feedLine(setup.bankAccountId, {
      date: pix.horario.slice(0, 10),
      value: 801,
      endToEndId: pix.endToEndId,
    });
    const answer = await webhook(setup.secret, { pix: [pix] });
    expect(answer.body).toMatchObject({ Imported: 0, Duplicate: 1, SettledByTxId: 0, Pending: 0 });
    expect(await pixLinesOf(setup)).toHaveLength(1);
    expect(await titleRow(titleId)).toMatchObject({ openValue: 800 });
  });
});
