/**
 * Number voiding (inutilização, NFeInutilizacao4) of a range of a series of an invoicing company,
 * and the gaps of a series (the numbers to void).
 *
 * A range is voided only when no note of the series holds one of its numbers (a note row means the
 * number was taken by the issuing) and no voiding (not rejected) meets it; it starts at most at the
 * series' next number. Opening the voiding moves the series' next number past the range when the
 * range covers it, in the batch that writes the voiding's row (guarded against a note or a voiding
 * that took a number meanwhile): the issuing, which takes `NFeNextNumber`, never gives a number
 * being voided. A rejection gives the next number back when nothing took one since.
 */
import {
  claimVoid,
  findIssuer,
  findVoid,
  gapsOfSeries,
  type IssuerRow,
  leaseRunning,
  type NfeVoidRow,
  nextNumberOf,
  noteInRange,
  openVoidStatements,
  recordVoidOutcome,
  restoreNextNumber,
  type SeriesKey,
  voidsOverlapping,
} from "../../db/emission-events";
import { findCompany } from "../../db/identity";
import type { Actor, Db } from "../../env";
import { badRequest, isConstraintError } from "../../lib/errors";
import {
  EVENT_INVOICE_COMPANY_NOT_FOUND,
  invoiceCompanyWithout,
  VOID_RANGE_REVERSED,
  voidBeyondNext,
  voidInProgress,
  voidNoAnswer,
  voidNumberUsed,
  voidOverlap,
  voidPendingOverlap,
  voidRangeTooLarge,
  voidRejected,
} from "./event-messages";
import { EVENT_STATUS, rangeSize, VOID_CSTAT, VOID_MAX_NUMBERS } from "./event-rules";
import type { IssuerEventServiceFor } from "./event-service";

export { PAGE_SIZE } from "../../db/sql";

export type VoidDeps = {
  db: Db;
  bucket: R2Bucket;
  account: string;
  serviceFor: IssuerEventServiceFor;
  now?: () => Date;
};

export type VoidInput = SeriesKey & { from: number; to: number; justification: string };

/** R2 key of a voiding's procInutNFe. */
export const voidXmlKey = (account: string, companyId: number, voidId: number) =>
  `${account}/${companyId}/nfe-void/${voidId}.xml`;

async function requireIssuer(db: Db, companyId: number, id: number): Promise<IssuerRow> {
  const issuer = await findIssuer(db, companyId, id);
  if (!issuer) throw badRequest(EVENT_INVOICE_COMPANY_NOT_FOUND);
  return issuer;
}

/** Why the range cannot be voided (a note holds a number, a voiding meets it), or the pending voiding it repeats. */
async function rangeCheck(
  db: Db,
  companyId: number,
  input: VoidInput,
): Promise<{ repeat: NfeVoidRow | null }> {
  const met = await voidsOverlapping(db, companyId, input, input.from, input.to);
  const registered = met.find((row) => row.status === EVENT_STATUS.registered);
  if (registered) throw badRequest(voidOverlap(registered.numberFrom, registered.numberTo, registered.id));
  const unanswered = met[0];
  if (unanswered) {
    if (met.length === 1 && unanswered.numberFrom === input.from && unanswered.numberTo === input.to)
      return { repeat: unanswered };
    throw badRequest(voidPendingOverlap(unanswered.numberFrom, unanswered.numberTo, unanswered.id));
  }
  const note = await noteInRange(db, companyId, input, input.from, input.to);
  if (note) throw badRequest(voidNumberUsed(note.number, input.series, note.id, note.status));
  return { repeat: null };
}

/**
 * `POST /nfe/void`: the range voided at SEFAZ (102), its procInutNFe in R2 and the row `Registered`
 * with the protocol. A repeat of a voiding left without an answer sends it again (563, "the same
 * range asked before", then counts as registered, its protocol unknown).
 */
export async function voidNumbers(deps: VoidDeps, caller: Actor, input: VoidInput): Promise<NfeVoidRow> {
  const { db } = deps;
  const { companyId } = caller;
  if (input.to < input.from) throw badRequest(VOID_RANGE_REVERSED);
  const size = rangeSize(input.from, input.to);
  if (size > VOID_MAX_NUMBERS) throw badRequest(voidRangeTooLarge(size));
  const issuer = await requireIssuer(db, companyId, input.companyInvoiceId);
  if (issuer.document?.length !== 14) throw badRequest(invoiceCompanyWithout(issuer.id, "CNPJ (Document)"));
  if (!issuer.uf) throw badRequest(invoiceCompanyWithout(issuer.id, "UF"));
  const { repeat } = await rangeCheck(db, companyId, input);
  const next = await nextNumberOf(db, companyId, issuer, input);
  if (!repeat && input.from > next) throw badRequest(voidBeyondNext(input.series, next));
  const company = await findCompany(db, companyId);
  const environment = repeat ? (repeat.environment === 1 ? 1 : 2) : company?.sefazAmbienteNf === 1 ? 1 : 2;
  const service = await deps.serviceFor({
    companyId,
    companyInvoiceId: issuer.id,
    cnpj: issuer.document,
    uf: issuer.uf,
    model: 55,
    environment,
  });

  let row: NfeVoidRow;
  let advanced = false;
  if (repeat) {
    if (repeat.status === EVENT_STATUS.processing && (await leaseRunning(db, repeat.updatedAt)))
      throw badRequest(voidInProgress(repeat.id));
    if (!(await claimVoid(db, companyId, repeat))) throw badRequest(voidInProgress(repeat.id));
    row = repeat;
  } else {
    const advanceNext = issuer.nfeSeries === input.series && next >= input.from && next <= input.to;
    const statements = openVoidStatements(db, {
      companyId,
      key: input,
      from: input.from,
      to: input.to,
      environment,
      justification: input.justification,
      advanceNext,
    });
    try {
      const [inserted] = (await db.batch(statements as [(typeof statements)[0], ...typeof statements])) as [
        { id: number }[],
      ];
      row = (await findVoid(db, companyId, inserted[0]!.id))!;
    } catch (error) {
      if (!isConstraintError(error)) throw error;
      // a note or a voiding took a number of the range meanwhile: its reason
      await rangeCheck(db, companyId, input);
      throw error;
    }
    advanced = advanceNext;
  }

  const outcome = await service.voidNumbers({
    model: input.model,
    series: input.series,
    from: row.numberFrom,
    to: row.numberTo,
    justification: row.justification,
    at: deps.now?.() ?? new Date(),
  });
  if (!outcome.ok) {
    await recordVoidOutcome(db, companyId, row.id, {
      status: "Pending",
      cStat: null,
      xMotivo: outcome.reason,
    });
    throw badRequest(voidNoAnswer(outcome.reason));
  }
  const { answer } = outcome;
  const duplicate = answer.cStat === VOID_CSTAT.duplicate && repeat !== null;
  if (answer.cStat !== VOID_CSTAT.registered && !duplicate) {
    await recordVoidOutcome(db, companyId, row.id, {
      status: "Rejected",
      cStat: answer.cStat,
      xMotivo: answer.xMotivo,
    });
    if (advanced)
      await restoreNextNumber(db, companyId, input, { from: input.from, to: input.to, previousNext: next });
    throw badRequest(voidRejected(answer.cStat, answer.xMotivo));
  }
  const xmlKey = voidXmlKey(deps.account, companyId, row.id);
  await deps.bucket.put(xmlKey, answer.procXml, { httpMetadata: { contentType: "application/xml" } });
  await recordVoidOutcome(db, companyId, row.id, {
    status: "Registered",
    cStat: answer.cStat,
    xMotivo: answer.xMotivo,
    protocol: duplicate ? null : answer.protocol,
    registeredAt: duplicate ? null : answer.registeredAt,
    xmlKey,
  });
  return (await findVoid(db, companyId, row.id))!;
}

export type SeriesGaps = { next: number; gaps: { from: number; to: number }[] };

/**
 * `GET /nfe/gaps`: the numbers below the series' next number that no note holds and no registered
 * voiding covers, as ranges (one query; `PAGE_SIZE` ranges per page).
 */
export async function seriesGaps(
  db: Db,
  companyId: number,
  query: { companyInvoiceId: number; model: number; series: number | undefined; page: number },
): Promise<SeriesGaps & { series: number }> {
  const issuer = await requireIssuer(db, companyId, query.companyInvoiceId);
  const key = { companyInvoiceId: issuer.id, model: query.model, series: query.series ?? issuer.nfeSeries };
  const next = await nextNumberOf(db, companyId, issuer, key);
  return { series: key.series, next, gaps: await gapsOfSeries(db, companyId, key, next, query.page) };
}
