import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conciliationLinks, entries, events, reconciliationAudit } from "../../../drizzle/schema";
import { PIX_DUE_WINDOW_DAYS } from "../../../src/domain/pix/matching";
import { addDays } from "../../../src/lib/dates";
import { call, signIn } from "../../support/api";
import { invariantViolations } from "../../support/invariants";
import {
  collectionEventsOf,
  consumerWithDocument,
  linesOf,
  newTxId,
  type PixSetup,
  pixIntegrationWithPsp,
  pixJson,
  receivable,
  titleRow,
} from "../../support/pix-inbox-factories";
import { seedAccounts } from "../../support/seed";
import { dbOf } from "../../support/upload-factories";

/**
 * What a received Pix settles (driven through the webhook; the polling job ingests the same way):
 * the title of its txid exactly, or the one open title of its payer with its value due near its date;
 * anything doubtful stays a pending line.
 */

beforeAll(seedAccounts);
afterAll(async () => {
  expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
});

/** 2026-11-20 12:00 in São Paulo (the seeded companies' zone). */
const AT = new Date("2026-11-20T15:00:00Z");
const DAY = "2026-11-20";

const send = (setup: PixSetup, pix: unknown[]) =>
  call<Record<string, number>>("demo", "POST", `/1.0/pix/webhook/${setup.secret}/pix`, { body: { pix } });

const lineByE2e = async (setup: PixSetup, e2e: string) =>
  (await linesOf(setup)).find((line) => line.endToEndId === e2e)!;

async function linkedEntry(lineId: number) {
  return dbOf()
    .select({ entry: entries, link: conciliationLinks })
    .from(conciliationLinks)
    .innerJoin(entries, eq(entries.id, conciliationLinks.entryId))
    .where(eq(conciliationLinks.bankLineId, lineId))
    .all();
}

let cpfSequence = 10_000_000;
/** A CPF-shaped document no other test uses (the matcher compares documents, not check digits). */
const newCpf = () => `${++cpfSequence}000`.padStart(11, "0");

describe("matching by txid", () => {
  it("settles the title with that TxId: receipt entry, collection event, line reconciled (2), title.paid", async () => {
    const setup = await pixIntegrationWithPsp();
    const txid = newTxId();
    const titleId = await receivable(1, {
      value: 15_075,
      dueDate: "2026-12-30",
      txId: txid,
      description: "Pedido 77",
    });
    const pix = pixJson({
      cents: 15_075,
      at: AT,
      txid,
      payer: { cnpj: "12.ABC.345/01DE-35", nome: "Empresa SA" },
    });
    const answer = await send(setup, [pix]);
    expect(answer.body).toEqual({
      Received: 1,
      Imported: 1,
      Duplicate: 0,
      SettledByTxId: 1,
      SettledByDocument: 0,
      Pending: 0,
    });
    expect(await titleRow(titleId)).toMatchObject({ openValue: 0, status: 3 });
    const line = await lineByE2e(setup, pix.endToEndId);
    expect(line).toMatchObject({
      date: DAY,
      value: 15_075,
      txId: txid,
      payerDocument: "12ABC34501DE35",
      statusId: 2,
      reconciledValue: 15_075,
      ruleId: null,
    });
    const [linked, ...more] = await linkedEntry(line.id);
    expect(more).toEqual([]);
    expect(linked!.entry).toMatchObject({
      bankAccountId: setup.bankAccountId,
      typeAccount: 0,
      value: 15_075,
      date: `${DAY} 12:00:00`,
      description: "Pedido 77",
      titleId,
      origin: "pix",
    });
    expect(linked!.link).toMatchObject({ postedByLink: 1, companyId: 1 });
    expect(await collectionEventsOf(titleId)).toEqual([
      expect.objectContaining({
        source: "PIX",
        kind: "liquidation",
        occurrenceCode: "PIX",
        bankKey: pix.endToEndId,
        bankAccountId: setup.bankAccountId,
        date: DAY,
        paidValue: 15_075,
        jobId: null,
      }),
    ]);
    const paid = await dbOf()
      .select()
      .from(events)
      .where(and(eq(events.type, "title.paid"), eq(events.companyId, 1)))
      .all();
    expect(paid.map((e) => JSON.parse(e.payload).IDAccountPayableReceivable)).toContain(titleId);
    const audit = await dbOf()
      .select()
      .from(reconciliationAudit)
      .where(eq(reconciliationAudit.bankLineId, line.id))
      .get();
    expect(JSON.parse(audit!.details)).toMatchObject({
      Source: "PIX",
      MatchedBy: "txid",
      EndToEndId: pix.endToEndId,
    });
  });

  it("a Pix below the open value settles that much (title partially paid); the next one finishes it", async () => {
    const setup = await pixIntegrationWithPsp();
    const txid = newTxId();
    const titleId = await receivable(1, { value: 10_000, dueDate: DAY, txId: txid });
    await send(setup, [pixJson({ cents: 4_000, at: AT, txid })]);
    expect(await titleRow(titleId)).toMatchObject({ openValue: 6_000, status: 2 });
    const answer = await send(setup, [pixJson({ cents: 6_000, at: AT, txid })]);
    expect(answer.body).toMatchObject({ SettledByTxId: 1 });
    expect(await titleRow(titleId)).toMatchObject({ openValue: 0, status: 3 });
    expect(await collectionEventsOf(titleId)).toHaveLength(2);
  });

  it("a Pix above the open value, or for a title already paid, stays pending and moves no title", async () => {
    const setup = await pixIntegrationWithPsp();
    const txid = newTxId();
    const titleId = await receivable(1, { value: 5_000, dueDate: DAY, txId: txid });
    const above = pixJson({ cents: 5_001, at: AT, txid });
    expect((await send(setup, [above])).body).toMatchObject({ Imported: 1, SettledByTxId: 0, Pending: 1 });
    expect(await titleRow(titleId)).toMatchObject({ openValue: 5_000, status: 1 });
    // the exact value then pays it; a second Pix (a minute later) for the paid title is left to a person
    const exact = pixJson({ cents: 5_000, at: AT, txid });
    const again = pixJson({ cents: 5_000, at: new Date(AT.getTime() + 60_000), txid });
    expect((await send(setup, [exact, again])).body).toMatchObject({ SettledByTxId: 1, Pending: 1 });
    expect(await titleRow(titleId)).toMatchObject({ openValue: 0, status: 3 });
    expect((await lineByE2e(setup, above.endToEndId)).statusId).toBe(1);
    expect((await lineByE2e(setup, again.endToEndId)).statusId).toBe(1);
    expect(await collectionEventsOf(titleId)).toHaveLength(1);
  });

  it("a txid no title carries falls back to the payer's document", async () => {
    const setup = await pixIntegrationWithPsp();
    const cpf = newCpf();
    const consumerId = await consumerWithDocument(1, cpf);
    const titleId = await receivable(1, { value: 7_700, dueDate: DAY, consumerId });
    const answer = await send(setup, [
      pixJson({ cents: 7_700, at: AT, txid: newTxId(), payer: { cpf, nome: "Ana" } }),
    ]);
    expect(answer.body).toMatchObject({ SettledByTxId: 0, SettledByDocument: 1 });
    expect(await titleRow(titleId)).toMatchObject({ status: 3 });
  });
});

describe("matching by payer document, value and due date", () => {
  it("settles the one open title of that customer with that open value due within the window", async () => {
    const setup = await pixIntegrationWithPsp();
    const cpf = newCpf();
    // typed with punctuation in the registry: compared without it
    const consumerId = await consumerWithDocument(
      1,
      `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    );
    const due = addDays(DAY, PIX_DUE_WINDOW_DAYS);
    const titleId = await receivable(1, { value: 12_345, dueDate: due, consumerId });
    // same customer and value but due too late; same value due today but another customer
    const late = await receivable(1, {
      value: 12_345,
      dueDate: addDays(DAY, PIX_DUE_WINDOW_DAYS + 1),
      consumerId,
    });
    const other = await receivable(1, {
      value: 12_345,
      dueDate: DAY,
      consumerId: await consumerWithDocument(1, newCpf()),
    });
    const pix = pixJson({ cents: 12_345, at: AT, payer: { cpf, nome: "João" } });
    expect((await send(setup, [pix])).body).toMatchObject({ SettledByDocument: 1, Pending: 0 });
    expect(await titleRow(titleId)).toMatchObject({ openValue: 0, status: 3 });
    expect(await titleRow(late)).toMatchObject({ status: 1 });
    expect(await titleRow(other)).toMatchObject({ status: 1 });
    const line = await lineByE2e(setup, pix.endToEndId);
    expect(line.statusId).toBe(2);
    const audit = await dbOf()
      .select()
      .from(reconciliationAudit)
      .where(eq(reconciliationAudit.bankLineId, line.id))
      .get();
    expect(JSON.parse(audit!.details)).toMatchObject({ MatchedBy: "document" });
  });

  it("two open titles that qualify: ambiguous, the line stays pending and both stay open", async () => {
    const setup = await pixIntegrationWithPsp();
    const cpf = newCpf();
    const consumerId = await consumerWithDocument(1, cpf);
    const first = await receivable(1, { value: 3_000, dueDate: addDays(DAY, -2), consumerId });
    const second = await receivable(1, { value: 3_000, dueDate: addDays(DAY, 3), consumerId });
    const pix = pixJson({ cents: 3_000, at: AT, payer: { cpf, nome: "Duas Parcelas" } });
    expect((await send(setup, [pix])).body).toMatchObject({ Imported: 1, SettledByDocument: 0, Pending: 1 });
    expect(await titleRow(first)).toMatchObject({ status: 1, openValue: 3_000 });
    expect(await titleRow(second)).toMatchObject({ status: 1, openValue: 3_000 });
    expect(await lineByE2e(setup, pix.endToEndId)).toMatchObject({ statusId: 1, payerDocument: cpf });
  });

  it("a value other than the open value, a masked document or no payer: pending", async () => {
    const setup = await pixIntegrationWithPsp();
    const cpf = newCpf();
    const consumerId = await consumerWithDocument(1, cpf);
    const titleId = await receivable(1, { value: 2_000, dueDate: DAY, consumerId });
    const answer = await send(setup, [
      pixJson({ cents: 1_999, at: AT, payer: { cpf, nome: "Quase" } }),
      pixJson({ cents: 2_000, at: AT, payer: { cpf: `***${cpf.slice(3, 9)}**`, nome: "Mascarado" } }),
      pixJson({ cents: 2_000, at: AT }),
    ]);
    expect(answer.body).toMatchObject({ Imported: 3, SettledByDocument: 0, Pending: 3 });
    expect(await titleRow(titleId)).toMatchObject({ status: 1 });
    const masked = (await linesOf(setup)).find((line) => line.payerName === "Mascarado");
    expect(masked).toMatchObject({ payerDocument: null });
  });

  it("two Pix of one customer for one title: the first settles it, the second stays pending", async () => {
    const setup = await pixIntegrationWithPsp();
    const cpf = newCpf();
    const titleId = await receivable(1, {
      value: 900,
      dueDate: DAY,
      consumerId: await consumerWithDocument(1, cpf),
    });
    const answer = await send(setup, [
      pixJson({ cents: 900, at: AT, payer: { cpf, nome: "Duplo" } }),
      pixJson({ cents: 900, at: new Date(AT.getTime() + 60_000), payer: { cpf, nome: "Duplo" } }),
    ]);
    expect(answer.body).toMatchObject({ SettledByDocument: 1, Pending: 1 });
    expect(await collectionEventsOf(titleId)).toHaveLength(1);
  });
});

describe("a settled Pix line is a reconciled line like any other", () => {
  it("undoing it removes the receipt and opens the title again; the Pix sent again does not settle twice", async () => {
    const token = await signIn("demo", "admin@demo.local");
    const setup = await pixIntegrationWithPsp();
    const txid = newTxId();
    const titleId = await receivable(1, { value: 4_321, dueDate: DAY, txId: txid });
    const pix = pixJson({ cents: 4_321, at: AT, txid });
    await send(setup, [pix]);
    const line = await lineByE2e(setup, pix.endToEndId);
    const undo = await call("demo", "DELETE", `/1.0/accounts/bank-statement/conciliation/${line.id}`, {
      token,
    });
    expect(undo.status).toBe(200);
    expect(await titleRow(titleId)).toMatchObject({ openValue: 4_321, status: 1 });
    expect(await linkedEntry(line.id)).toEqual([]);
    // the line is known: a callback sent again is a duplicate and leaves it to the person who undid it
    expect((await send(setup, [pix])).body).toMatchObject({ Duplicate: 1, SettledByTxId: 0 });
    expect(await titleRow(titleId)).toMatchObject({ status: 1 });
  });
});
