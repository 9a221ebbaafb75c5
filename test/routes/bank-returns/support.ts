import { env } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { entries, events, titleCollectionEvents } from "../../../drizzle/schema";
import {
  joinLines,
  latin1,
  returnFile,
  type SampleFile,
  type SampleRecord,
} from "../../fixtures/cnab/generate";
import {
  bankAccount,
  db,
  errorsOfJob,
  type Session,
  session,
  titleRow,
} from "../../support/import-factories";
import { type JobBody, uploadMultipart, uploadTwoSteps, waitForJob } from "../../support/upload-factories";

/** Shared steps of the CNAB return tests: accounts, boletos as titles, uploads and what they wrote. */

export { db, errorsOfJob, type Session, session, titleRow };

let accounts = 0;

/** A fresh bank account of company 1 of the given bank. */
export function returnAccount(bankNumber: string): Promise<number> {
  accounts++;
  return bankAccount({
    bank: `Banco ${bankNumber} cobrança ${accounts}`,
    bankNumber,
    accountNumber: `${90000 + accounts}-1`,
  });
}

/** A fresh account of the bank with no account number registered (an OFX file of any account number fits it). */
export function bankAccountWithoutNumber(bankNumber: string): Promise<number> {
  accounts++;
  return bankAccount({ bank: `Banco ${bankNumber} extrato ${accounts}`, bankNumber, accountNumber: null });
}

/** A fresh number, so titles of one test never meet those of another (8 digits, first not zero). */
let serial = 10_000_000 + Math.floor(Math.random() * 50_000_000);
export const freshNumber = () => ++serial;

/** A receivable boleto created over HTTP; answers its id. */
export async function boleto(
  s: Session,
  fields: { account: number | null; nossoNumero: string; value: number; description?: string },
): Promise<number> {
  const response = await s.api.post("/accounts/receivable", {
    Description: fields.description ?? `Boleto ${fields.nossoNumero}`,
    Value: fields.value / 100,
    DueDate: "2026-02-20",
    IDBankAccount: fields.account,
    NossoNumero: fields.nossoNumero,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { IDAccountPayableReceivable: number }).IDAccountPayableReceivable;
}

/** The bytes of a return as the bank sends them (Windows-1252, CRLF). */
export const returnBytes = (layout: "240" | "400", file: SampleFile) =>
  latin1(joinLines(returnFile(layout, file)));

const UPLOAD = { fileName: "retorno.ret", contentType: "text/plain" };

/** Uploads a return (multipart, or the two-step flow) to POST /job and waits for the job's end. */
export async function importReturn(
  s: Session,
  account: number,
  bytes: Uint8Array,
  how: "multipart" | "two-steps" = "multipart",
): Promise<JobBody> {
  const response =
    how === "multipart"
      ? await uploadMultipart(s.token, "/job", bytes, {
          ...UPLOAD,
          fields: { Type: "BankReturnCNAB", IDBankAccount: String(account) },
        })
      : await uploadTwoSteps(s.token, "/job", bytes, {
          ...UPLOAD,
          fields: { Type: "BankReturnCNAB", IDBankAccount: account },
        });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return waitForJob(s.token, response.body.IDJob, 30_000);
}

export const entriesOf = (account: number) =>
  db().select().from(entries).where(eq(entries.bankAccountId, account)).orderBy(asc(entries.id));

export const historyOf = (titleId: number) =>
  db()
    .select()
    .from(titleCollectionEvents)
    .where(eq(titleCollectionEvents.titleId, titleId))
    .orderBy(asc(titleCollectionEvents.id));

export const paidEventsOf = async (titleId: number) =>
  (
    await db()
      .select()
      .from(events)
      .where(and(eq(events.type, "title.paid"), eq(events.companyId, 1)))
  ).filter(
    (e) =>
      (JSON.parse(e.payload) as { IDAccountPayableReceivable: number }).IDAccountPayableReceivable ===
      titleId,
  );

/** A liquidation record: the title's value paid with interest and a discount, credited two days later. */
export function liquidation(
  nossoNumero: string,
  titleValue: number,
  extra: Partial<SampleRecord> = {},
): SampleRecord {
  const interest = extra.interest ?? 1_000;
  const discount = extra.discount ?? 0;
  return {
    nossoNumero,
    occurrence: "06",
    titleValue,
    interest,
    discount,
    paid: titleValue + interest - discount,
    tariff: 250,
    dueDate: "2026-02-20",
    occurrenceDate: "2026-02-27",
    creditDate: "2026-03-02",
    ...extra,
  };
}

/** Every row count of the demo database, to show a job wrote nothing. */
export async function tableCounts(): Promise<Record<string, number>> {
  const tables = ["titles", "bank_statements", "title_collection_events", "events", "bank_account_days"];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const row = await env.DB_DEMO.prepare(
      `SELECT count(*) AS n, coalesce(sum(rowid), 0) AS s FROM ${t}`,
    ).first<{
      n: number;
    }>();
    out[t] = row!.n;
  }
  const sums = await env.DB_DEMO.prepare(
    "SELECT (SELECT coalesce(sum(open_value), 0) FROM titles) AS open, (SELECT coalesce(sum(inflow - outflow), 0) FROM bank_account_days) AS balance",
  ).first<{ open: number; balance: number }>();
  out.openValues = sums!.open;
  out.balances = sums!.balance;
  return out;
}
