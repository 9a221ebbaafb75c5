/**
 * The job's side of SVC contingency (called from a few lines of job.ts):
 *
 * - `sendingMode`: the invoicing company's mode for this invocation (contingency.ts
 *   `emissionModeOf`, once per company per invocation), the client of the authorizer the note was
 *   sent to (its own `tpEmis`: where it is consulted by key) and the client of the one it goes to now;
 * - `mustResign`: a note sent before (to the normal authorizer, or to the SVC) that SEFAZ says it
 *   does not have there (217) is signed again for the current mode: new `tpEmis`, new key, the stored
 *   XML replaced before the send (the old key is never sent again);
 * - `withMode`: the draft in the current mode (`tpEmis`, `dhCont`, `xJust`);
 * - `answeredStopped`: a 108/109 from the authorizer is learnt at once (the store; the company
 *   enters SVC when it was its UF's NF-e authorizer).
 */
import type { AuthorizationConnection } from "../../adapters/sefaz/authorization/client";
import type { CompanyInvoiceRow, IssuedNfeRow } from "../../db/emission";
import type { JobContext } from "../jobs/job-context";
import { type EmissionMode, type EmissionType, emissionModeOf, stoppedAnswered } from "./contingency";
import type { FiscalDocumentDraft } from "./model";
import type { EmissionPorts } from "./ports";
import { SERVICE_STOPPED } from "./states";

type Client = ReturnType<EmissionPorts["client"]>;

/**
 * The mode of each invoicing company, asked once per invocation of the job (the promise kept: the
 * notes in flight at once share one ask, so one status call at most).
 */
const modes = new WeakMap<JobContext, Map<number, Promise<EmissionMode>>>();

const emissionTypeOf = (note: Pick<IssuedNfeRow, "emissionType">): EmissionType =>
  note.emissionType === 6 || note.emissionType === 7 ? note.emissionType : 1;

type Sending = {
  mode: EmissionMode;
  /** The authorizer the note was sent to (consult by key). */
  sentClient: Client;
  /** The authorizer the note goes to now. */
  client: Client;
};

export async function sendingMode(
  context: JobContext,
  ports: EmissionPorts,
  invoice: CompanyInvoiceRow,
  note: IssuedNfeRow,
  connection: Omit<AuthorizationConnection, "emissionType" | "model"> & { environment: 1 | 2 },
): Promise<Sending> {
  const cache = modes.get(context) ?? new Map<number, Promise<EmissionMode>>();
  modes.set(context, cache);
  let asked = cache.get(invoice.id);
  if (!asked) {
    asked = emissionModeOf(
      { db: context.db, client: ports.client, companyId: context.job.companyId },
      invoice,
      connection,
    );
    const ask = asked;
    cache.set(invoice.id, ask);
    // a failed ask is not kept: the next note asks again
    ask.catch(() => {
      if (cache.get(invoice.id) === ask) cache.delete(invoice.id);
    });
  }
  const mode = await asked;
  const sent = emissionTypeOf(note);
  return {
    mode,
    sentClient: ports.client({ ...connection, model: 55, emissionType: sent }),
    client: ports.client({ ...connection, model: 55, emissionType: mode.emissionType }),
  };
}

/** A note SEFAZ does not have where it was sent (217) and signed for another mode: sign it again. */
export const mustResign = (note: Pick<IssuedNfeRow, "emissionType" | "xmlKey">, mode: EmissionMode) =>
  note.xmlKey !== null && emissionTypeOf(note) !== mode.emissionType;

/** The draft in the mode (normal: tpEmis 1; SVC: 6/7 with dhCont and xJust). */
/** An NFC-e (model 65) is sent to and consulted at its UF's NFC-e authorizer, never at an SVC. */
export function nfceSending(
  ports: EmissionPorts,
  connection: Omit<AuthorizationConnection, "emissionType" | "model"> & { environment: 1 | 2 },
): Sending {
  const client = ports.client({ ...connection, model: 65 });
  return { mode: { emissionType: 1, contingency: null }, sentClient: client, client };
}

export const withMode = (draft: FiscalDocumentDraft, mode: EmissionMode | undefined): FiscalDocumentDraft =>
  mode ? { ...draft, emissionType: mode.emissionType, contingency: mode.contingency } : draft;

/**
 * An answer of the authorizer `emissionType` (the send or the consult): 108/109 is stored and, from
 * the UF's normal authorizer, enters SVC (the mode of this invocation follows).
 */
export async function answeredStopped(
  context: JobContext,
  ports: EmissionPorts,
  invoice: CompanyInvoiceRow,
  connection: Omit<AuthorizationConnection, "emissionType" | "model"> & { environment: 1 | 2 },
  emissionType: EmissionType,
  answer: { ok: boolean; cStat?: number; xMotivo?: string },
): Promise<void> {
  if (!answer.ok || answer.cStat === undefined || !SERVICE_STOPPED.has(answer.cStat)) return;
  const mode = await stoppedAnswered(
    { db: context.db, client: ports.client, companyId: context.job.companyId },
    invoice,
    connection,
    emissionType,
    { cStat: answer.cStat, xMotivo: answer.xMotivo ?? "" },
  );
  modes.get(context)?.set(invoice.id, Promise.resolve(mode));
}
