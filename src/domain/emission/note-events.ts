/**
 * The payloads of a note's webhook events, built in one place for every path that writes them (the
 * `NFeEmission` job's NF-e and NFC-e, the offline NFC-e's transmission): docs/NFE.md, "Events".
 */
import type { IssuedNfeRow } from "../../db/emission";
import { fromCents } from "../../lib/money";

type Note = Pick<
  IssuedNfeRow,
  "id" | "orderId" | "companyInvoiceId" | "model" | "series" | "number" | "accessKey" | "total"
>;

/** `nfe.authorized`: the note, SEFAZ's protocol and when it authorized, the note's total. */
export const authorizedPayload = (
  note: Note,
  answer: { protocol: string | null; authorizedAt: string | null },
) => ({
  IDNFe: note.id,
  IDOrder: note.orderId,
  IDCompanyInvoice: note.companyInvoiceId,
  Model: note.model,
  Series: note.series,
  Number: note.number,
  Key: note.accessKey,
  Protocol: answer.protocol,
  AuthorizedAt: answer.authorizedAt,
  Total: fromCents(note.total),
});

/** `nfe.rejected`: the note, the state it ended in and SEFAZ's cStat/xMotivo. */
export const rejectedPayload = (
  note: Omit<Note, "model" | "total">,
  rejection: { status: string; cStat: number | null; xMotivo: string },
) => ({
  IDNFe: note.id,
  IDOrder: note.orderId,
  IDCompanyInvoice: note.companyInvoiceId,
  Series: note.series,
  Number: note.number,
  Key: note.accessKey,
  Status: rejection.status,
  cStat: rejection.cStat,
  xMotivo: rejection.xMotivo,
});
