import { and, desc, eq } from "drizzle-orm";
import { mailMessages } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { onPage, type Statement, utcNow } from "../sql";

export type MailRow = typeof mailMessages.$inferSelect;

/** The outbox row of one e-mail, for the `db.batch` of the change that causes it. */
export function insertMailStatement(
  db: Db,
  companyId: number,
  mail: { to: string; subject: string; body: string },
): Statement {
  return db
    .insert(mailMessages)
    .values({ companyId, toAddress: mail.to, subject: mail.subject, body: mail.body });
}

/** Takes a pending e-mail for sending (one taker only). */
export async function claimMail(db: Db, mailId: number): Promise<MailRow | undefined> {
  const [row] = await db
    .update(mailMessages)
    .set({ status: "Sending" })
    .where(and(eq(mailMessages.id, mailId), eq(mailMessages.status, "Pending")))
    .returning();
  return row;
}

export async function markMail(
  db: Db,
  mailId: number,
  outcome: { status: "Sent" | "Failed"; transport: string; error?: string },
): Promise<void> {
  await db
    .update(mailMessages)
    .set({
      status: outcome.status,
      transport: outcome.transport,
      error: outcome.error ?? null,
      sentAt: utcNow,
    })
    .where(eq(mailMessages.id, mailId));
}

export async function listMail(db: Db, companyId: number, page: number): Promise<MailRow[]> {
  return onPage(
    db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.companyId, companyId))
      .orderBy(desc(mailMessages.id)),
    page,
  );
}
