import type { ReceivedPix } from "../../adapters/pix/types";
import { nowIn } from "../../lib/dates";
import { normalisePayerDocument } from "../rules/payer-document";
import type { InboxLine } from "./matching";

/** The bank line's description: `Pix recebido` and the payer's name when the PSP sent it. */
const DESCRIPTION_MAX = 200;

/** The dedupe key of a received Pix's line: its endToEndId, unique in the whole Pix system. */
export const pixLineKey = (endToEndId: string) => `e2e:${endToEndId}`;

/** CPF (11 digits) or CNPJ (14 characters `[0-9A-Z]`) without punctuation; null for a masked or odd one. */
export function payerDocumentOf(document: string | undefined | null): string | null {
  // the form a rule's PayerDocument is kept in, so the two compare equal
  const plain = document ? normalisePayerDocument(document) : null;
  return plain !== null && /^(\d{11}|[0-9A-Z]{12}\d{2})$/.test(plain) ? plain : null;
}

/**
 * The received Pix as bank lines, once each (a Pix listed twice in the same answer is one line),
 * those of zero cents left out, dated by `horario` in the company's zone, in time order.
 */
export function inboxLinesOf(pix: ReceivedPix[], timeZone: string): InboxLine[] {
  const seen = new Set<string>();
  const lines: InboxLine[] = [];
  for (const received of pix) {
    // a Pix of zero cents moves nothing (the API's amount pattern allows 0.00)
    if (seen.has(received.endToEndId) || received.amountCents <= 0) continue;
    seen.add(received.endToEndId);
    const dateTime = nowIn(timeZone, new Date(received.at));
    const name = received.payer?.name.trim() || null;
    lines.push({
      endToEndId: received.endToEndId,
      dedupeKey: pixLineKey(received.endToEndId),
      txId: received.txid,
      value: received.amountCents,
      date: dateTime.slice(0, 10),
      dateTime,
      description: (name ? `Pix recebido ${name}` : "Pix recebido").slice(0, DESCRIPTION_MAX),
      payerDocument: payerDocumentOf(received.payer?.document),
      payerName: name,
    });
  }
  return lines.sort((a, b) =>
    a.dateTime === b.dateTime ? a.endToEndId.localeCompare(b.endToEndId) : a.dateTime < b.dateTime ? -1 : 1,
  );
}
