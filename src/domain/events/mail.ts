import type { MailSender } from "../../adapters/mail";
import { claimMail, listMail, markMail } from "../../db/events/mail";
import type { Db } from "../../env";
import { companyZone } from "./webhooks";

/** Sends one e-mail of the outbox through the mail interface; a failure is recorded, not retried. */
export async function sendQueuedMail(
  db: Db,
  sender: MailSender,
  from: string,
  mailId: number,
): Promise<void> {
  const mail = await claimMail(db, mailId);
  if (!mail) return;
  try {
    await sender.send({ from, to: mail.toAddress, subject: mail.subject, text: mail.body });
    await markMail(db, mail.id, { status: "Sent", transport: sender.transport });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await markMail(db, mail.id, {
      status: "Failed",
      transport: sender.transport,
      error: reason.slice(0, 500),
    });
  }
}

/** The company's e-mails, newest first, with the zone their date-times are shown in. */
export async function mailOutbox(db: Db, companyId: number, page: number) {
  const [rows, timeZone] = await Promise.all([listMail(db, companyId, page), companyZone(db, companyId)]);
  return { rows, timeZone };
}
