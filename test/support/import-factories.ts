import { env } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import {
  bankAccounts,
  bankLines,
  conciliationLinks,
  entries,
  jobErrors,
  reconciliationAudit,
  titles,
} from "../../drizzle/schema";
import { drizzleFor } from "../../src/db/client";
import { bankStatement, sgmlFile, stmttrn } from "../domain/ofx/build";
import { client, signIn } from "./api";
import { type JobBody, uploadMultipart, uploadTwoSteps, utf8, waitForJob } from "./upload-factories";

/** Rows of the OFX import and automatic reconciliation tests, written straight into `demo`. */

export const db = () => drizzleFor(env.DB_DEMO);

let sequence = 0;

/** A bank account of company 1; `accountNumber: null` registers none (the file's account is not checked). */
export async function bankAccount(
  fields: { bank?: string; bankNumber?: string; agency?: string | null; accountNumber?: string | null } = {},
): Promise<number> {
  const n = ++sequence;
  const [row] = await db()
    .insert(bankAccounts)
    .values({
      companyId: 1,
      bank: fields.bank ?? `Banco Importação ${n}`,
      bankNumber: fields.bankNumber ?? "341",
      agency: fields.agency === undefined ? "1234" : fields.agency,
      accountNumber: fields.accountNumber === undefined ? `${70000 + n}-${n % 10}` : fields.accountNumber,
    })
    .returning({ id: bankAccounts.id });
  return row!.id;
}

export type TitleFields = {
  /** 0 receivable (settled by a credit), 1 payable. */
  typeAccount?: 0 | 1;
  /** Cents. */
  value: number;
  openValue?: number;
  dueDate: string;
  description?: string;
  document?: string | null;
  status?: number;
  supplierId?: number | null;
  consumerId?: number | null;
};

export async function title(fields: TitleFields): Promise<number> {
  const openValue = fields.openValue ?? fields.value;
  const [row] = await db()
    .insert(titles)
    .values({
      companyId: 1,
      typeAccount: fields.typeAccount ?? 0,
      description: fields.description ?? `Título ${++sequence}`,
      document: fields.document ?? null,
      value: fields.value,
      openValue,
      dueDate: fields.dueDate,
      status: fields.status ?? (openValue === fields.value ? 1 : 2),
      supplierId: fields.supplierId ?? null,
      consumerId: fields.consumerId ?? null,
    })
    .returning({ id: titles.id });
  return row!.id;
}

export type Transaction = { fitId: string; date: string; amount: string; memo: string; type?: string };

/** An SGML OFX file of one bank statement (`date` as `YYYYMMDD`, `amount` as the bank writes it). */
export function ofx(
  transactions: Transaction[],
  account = { bankId: "0341", acctId: "12345-6" },
): Uint8Array {
  const lines = transactions.map((t) =>
    stmttrn({
      TRNTYPE: t.type ?? (t.amount.startsWith("-") ? "DEBIT" : "CREDIT"),
      DTPOSTED: `${t.date}120000[-3:BRT]`,
      TRNAMT: t.amount,
      FITID: t.fitId,
      MEMO: t.memo,
    }),
  );
  return utf8(sgmlFile([bankStatement(lines, account)]));
}

export type Session = Awaited<ReturnType<typeof session>>;

/** The admin of company 1, signed in. */
export async function session() {
  const token = await signIn("demo", "admin@demo.local");
  return { token, api: client("demo", token) };
}

const OFX_UPLOAD = { fileName: "extrato.ofx", contentType: "application/x-ofx" };

/** Multipart upload of an OFX file to POST /job; answers the response. */
export function postOfx(token: string, bankAccountId: number, bytes: Uint8Array) {
  return uploadMultipart(token, "/job", bytes, {
    ...OFX_UPLOAD,
    fields: { Type: "BankStatementOFX", IDBankAccount: String(bankAccountId) },
  });
}

/** Uploads through the real queue and waits for the job to finish. */
export async function importOfx(
  token: string,
  bankAccountId: number,
  bytes: Uint8Array,
  how: "multipart" | "two-steps" = "multipart",
): Promise<JobBody> {
  const response =
    how === "multipart"
      ? await postOfx(token, bankAccountId, bytes)
      : await uploadTwoSteps(token, "/job", bytes, {
          ...OFX_UPLOAD,
          fields: { Type: "BankStatementOFX", IDBankAccount: bankAccountId },
        });
  if (response.status !== 200) throw new Error(`upload: ${response.status} ${JSON.stringify(response.body)}`);
  return waitForJob(token, response.body.IDJob, 30_000);
}

export const linesOf = (bankAccountId: number) =>
  db().select().from(bankLines).where(eq(bankLines.bankAccountId, bankAccountId)).orderBy(asc(bankLines.id));

export const titleRow = (titleId: number) => db().select().from(titles).where(eq(titles.id, titleId)).get();

export const entriesOfAccount = (bankAccountId: number) =>
  db().select().from(entries).where(eq(entries.bankAccountId, bankAccountId)).orderBy(asc(entries.id));

export const linksOfLine = (lineId: number) =>
  db().select().from(conciliationLinks).where(eq(conciliationLinks.bankLineId, lineId));

export const auditOfLine = (lineId: number) =>
  db()
    .select()
    .from(reconciliationAudit)
    .where(and(eq(reconciliationAudit.bankLineId, lineId), eq(reconciliationAudit.action, "auto")));

export const errorsOfJob = (jobId: number) =>
  db().select().from(jobErrors).where(eq(jobErrors.jobId, jobId)).orderBy(asc(jobErrors.line));

export const RULES_PATH = "/accounts/bank-statement/conciliation-rule";

/** Creates a rule over HTTP; answers its id. */
export async function rule(s: Session, body: Record<string, unknown>): Promise<number> {
  const response = await s.api.post(RULES_PATH, body);
  if (response.status !== 200) throw new Error(`rule: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body[0]!.IDBankStatementConciliationRule;
}
