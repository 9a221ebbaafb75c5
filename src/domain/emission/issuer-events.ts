/**
 * The issuer's events on its own NF-e: cancellation (110111) and correction letter (CC-e, 110110),
 * sent to SEFAZ in the request, signed with the issuer's certificate.
 *
 * An event row is the slot of one `nSeqEvento`: `Processing` while a request sends it (a lease),
 * `Pending` when SEFAZ gave no conclusive answer (the next request sends it again, with its own
 * text: SEFAZ may hold it, and then answers 573), `Rejected` (the slot is free again, for a new
 * text), `Registered`. The unique index (note, type, sequence) keeps two requests from taking one
 * slot. A registration is written in ONE batch after its `procEventoNFe` is in R2: for a
 * cancellation, the note `Cancelled`, the event with its protocol, the order cancelled as a status
 * change to 10 does (its stock returning) and the outbox's `nfe.cancelled`.
 */
import {
  claimEvent,
  eventRegisteredStatement,
  eventsOfNote,
  findNoteWithIssuer,
  type IssuedNfeEventRow,
  type IssuedNfeRow,
  type IssuerRow,
  insertProcessingEvent,
  lastSequence,
  leaseRunning,
  noteCancelledStatement,
  recordEventOutcome,
} from "../../db/emission-events";
import { guardVersion } from "../../db/orders/orders";
import type { Statement } from "../../db/sql";
import type { Actor, Db } from "../../env";
import { badRequest, isConstraintError } from "../../lib/errors";
import { eventStatement } from "../events/outbox";
import { orderEventStatements } from "../orders/order-events";
import { isFinalOrderStatus, ORDER_STATUS } from "../orders/order-statuses";
import { requireOrder } from "../orders/read";
import { statusRegistry } from "../orders/registry";
import { changedReservationWrites } from "../orders/reservations";
import { statusChangeWrites } from "../orders/status-change";
import { planTransition, type StatusRegistry, type StockState } from "../orders/transitions";
import {
  alreadyCancelled,
  cancellationInProgress,
  cancellationRejected,
  cancellationWindowClosed,
  cancelNotAuthorized,
  correctionInProgress,
  correctionLimit,
  correctionNotAuthorized,
  correctionOnCancelled,
  correctionRejected,
  correctionWhileCancelling,
  EVENT_NFE_NOT_FOUND,
  eventNoAnswer,
  NO_AUTHORIZATION_DATE,
  orderNotCancellable,
} from "./event-messages";
import {
  brasiliaTime,
  CANCELLATION_SEQUENCE,
  cancellationDeadline,
  cancellationRegistered,
  correctionRegistered,
  EVENT_CSTAT,
  EVENT_STATUS,
  MAX_CORRECTION_SEQUENCE,
  NFE_EVENT,
  type NFeEventType,
  NOTE_STATUS,
} from "./event-rules";
import type { IssuerEventService, IssuerEventServiceFor, SefazAnswer } from "./event-service";
import { nfceCancellationWindowClosed } from "./nfce-messages";
import { nfceCancellationDeadline, nfceRulesOf } from "./nfce-rules";

export type EventDeps = {
  db: Db;
  bucket: R2Bucket;
  /** The account: the first segment of every R2 key. */
  account: string;
  serviceFor: IssuerEventServiceFor;
  now?: () => Date;
};

/** A note as the events' answers show it: its state, its events and the text of its latest CC-e. */
export type NoteEvents = {
  note: IssuedNfeRow;
  events: IssuedNfeEventRow[];
  /** xCorrecao of the registered CC-e of the highest sequence (it replaces the earlier ones). */
  correction: string | null;
};

/** R2 key of an event's procEventoNFe. */
export const eventXmlKey = (
  account: string,
  companyId: number,
  nfeId: number,
  type: number,
  sequence: number,
) => `${account}/${companyId}/nfe/${nfeId}/event-${type}-${sequence}.xml`;

/** The note's events and latest correction text. */
export async function noteEvents(db: Db, companyId: number, note: IssuedNfeRow): Promise<NoteEvents> {
  const events = await eventsOfNote(db, companyId, note.id);
  const corrections = events.filter(
    (event) => event.type === NFE_EVENT.correction && event.status === EVENT_STATUS.registered,
  );
  return { note, events, correction: corrections.at(-1)?.text ?? null };
}

async function requireNote(db: Db, companyId: number, nfeId: number) {
  const found = await findNoteWithIssuer(db, companyId, nfeId);
  if (!found) throw badRequest(EVENT_NFE_NOT_FOUND);
  return found;
}

/**
 * The authorizer of the note's events: the UF's; the cancellation of a note an SVC authorized
 * (tpEmis 6/7) goes to that SVC (SVC-AN and SVC-RS take the cancellation of their notes), its CC-e to
 * the UF's authorizer (the origin SEFAZ receives the notes of its SVC). docs/NFE.md.
 */
const serviceOf = (
  deps: EventDeps,
  companyId: number,
  note: IssuedNfeRow,
  issuer: IssuerRow,
  cancellation = false,
) =>
  deps.serviceFor({
    emissionType:
      cancellation && (note.emissionType === 6 || note.emissionType === 7) ? note.emissionType : 1,
    companyId,
    companyInvoiceId: issuer.id,
    cnpj: issuer.document ?? "",
    uf: issuer.uf ?? "",
    model: note.model === 65 ? 65 : 55,
    environment: note.environment === 1 ? 1 : 2,
  });

/** Refuses (`busy`) while another request holds the slot (`Processing` inside its lease). */
async function assertNotHeld(db: Db, slot: IssuedNfeEventRow | undefined, busy: string): Promise<void> {
  if (slot?.status === EVENT_STATUS.processing && (await leaseRunning(db, slot.updatedAt)))
    throw badRequest(busy);
}

/**
 * The slot the request sends: a new row at `sequence`, or the row there taken over (`Pending`,
 * `Rejected`, `Processing` past its lease). Another request holding it is `busy`.
 */
async function takeSlot(
  db: Db,
  companyId: number,
  slot: { nfeId: number; type: NFeEventType; sequence: number; text: string },
  existing: IssuedNfeEventRow | undefined,
  busy: string,
): Promise<IssuedNfeEventRow> {
  if (!existing) {
    try {
      return await insertProcessingEvent(db, { companyId, ...slot });
    } catch (error) {
      if (isConstraintError(error)) throw badRequest(busy);
      throw error;
    }
  }
  await assertNotHeld(db, existing, busy);
  if (!(await claimEvent(db, companyId, existing, slot.text))) throw badRequest(busy);
  const text = existing.status === EVENT_STATUS.rejected ? slot.text : existing.text;
  return { ...existing, text, status: EVENT_STATUS.processing };
}

/**
 * Sends the slot's event and answers SEFAZ's registration (573 on a slot sent before counts as
 * one, its protocol unknown). A rejection is recorded `Rejected` and answered with SEFAZ's reason;
 * no answer leaves it `Pending` with why. Nothing else is written.
 */
async function sendSlot(
  deps: EventDeps,
  companyId: number,
  service: IssuerEventService,
  note: IssuedNfeRow,
  slot: IssuedNfeEventRow,
): Promise<SefazAnswer> {
  const { db } = deps;
  const cancellation = slot.type === NFE_EVENT.cancellation;
  const outcome = await service.event({
    accessKey: note.accessKey,
    type: slot.type as NFeEventType,
    sequence: slot.sequence,
    text: slot.text,
    ...(cancellation && note.protocol ? { protocol: note.protocol } : {}),
    at: deps.now?.() ?? new Date(),
  });
  const what = cancellation ? "cancelamento" : "carta de correção";
  if (!outcome.ok) {
    await recordEventOutcome(db, companyId, slot.id, {
      status: "Pending",
      cStat: null,
      xMotivo: outcome.reason,
    });
    throw badRequest(eventNoAnswer(what, outcome.reason));
  }
  const { answer } = outcome;
  const registered = cancellation ? cancellationRegistered(answer.cStat) : correctionRegistered(answer.cStat);
  if (registered || answer.cStat === EVENT_CSTAT.duplicate) return answer;
  await recordEventOutcome(db, companyId, slot.id, {
    status: "Rejected",
    cStat: answer.cStat,
    xMotivo: answer.xMotivo,
  });
  throw badRequest(
    cancellation
      ? cancellationRejected(answer.cStat, answer.xMotivo)
      : correctionRejected(answer.cStat, answer.xMotivo),
  );
}

/** The procEventoNFe put in R2 (before any row says the event is registered); answers its key. */
async function storeProc(
  deps: EventDeps,
  companyId: number,
  note: IssuedNfeRow,
  slot: IssuedNfeEventRow,
  xml: string,
) {
  const key = eventXmlKey(deps.account, companyId, note.id, slot.type, slot.sequence);
  await deps.bucket.put(key, xml, { httpMetadata: { contentType: "application/xml" } });
  return key;
}

const registeredValues = (answer: SefazAnswer, xmlKey: string) => ({
  cStat: answer.cStat,
  xMotivo: answer.xMotivo,
  // 573: SEFAZ holds the event but its answer (and protocol) was lost with the earlier send
  protocol: answer.cStat === EVENT_CSTAT.duplicate ? null : answer.protocol,
  registeredAt: answer.cStat === EVENT_CSTAT.duplicate ? null : answer.registeredAt,
  xmlKey,
});

/** Why the order of a note cannot be cancelled with it, or null. */
function orderRefusal(registry: StatusRegistry, order: { id: number; statusId: number }): string | null {
  const movable =
    !isFinalOrderStatus(order.statusId) &&
    registry.transitions.some(
      (t) => t.fromStatusId === order.statusId && t.toStatusId === ORDER_STATUS.cancelled,
    );
  if (movable) return null;
  const description = registry.statuses.get(order.statusId)?.description ?? String(order.statusId);
  return orderNotCancellable(order.id, order.statusId, description);
}

/**
 * `POST /nfe/{idnfe}/cancel`: the cancellation of an authorized note inside SEFAZ's window (24 h
 * from the authorization), with the authorization's protocol. Checked before anything is sent: the
 * note authorized and not cancelled, the window open, the order able to move to 10 (Cancelado).
 */
export async function cancelNote(
  deps: EventDeps,
  caller: Actor,
  nfeId: number,
  justification: string,
): Promise<NoteEvents> {
  const { db } = deps;
  const { companyId } = caller;
  const { note, issuer } = await requireNote(db, companyId, nfeId);
  if (note.status === NOTE_STATUS.cancelled) throw badRequest(alreadyCancelled(note.id));
  if (note.status !== NOTE_STATUS.authorized) throw badRequest(cancelNotAuthorized(note.id, note.status));
  const now = deps.now?.() ?? new Date();
  const nfce = note.model === 65;
  const deadline = nfce
    ? nfceCancellationDeadline(note.authorizedAt, issuer.uf ?? "")
    : cancellationDeadline(note.authorizedAt);
  if (!deadline) throw badRequest(NO_AUTHORIZATION_DATE);
  if (now.getTime() > deadline.getTime())
    throw badRequest(
      nfce
        ? nfceCancellationWindowClosed(
            note.authorizedAt!,
            brasiliaTime(deadline),
            nfceRulesOf(issuer.uf ?? ""),
          )
        : cancellationWindowClosed(note.authorizedAt!, brasiliaTime(deadline)),
    );
  const registry = await statusRegistry(db);
  const refusal = orderRefusal(registry, await requireOrder(db, companyId, note.orderId));
  if (refusal) throw badRequest(refusal);
  const events = await eventsOfNote(db, companyId, note.id);
  const existing = events.find(
    (event) => event.type === NFE_EVENT.cancellation && event.sequence === CANCELLATION_SEQUENCE,
  );
  if (existing?.status === EVENT_STATUS.registered) throw badRequest(alreadyCancelled(note.id));
  await assertNotHeld(db, existing, cancellationInProgress(note.id));
  const service = await serviceOf(deps, companyId, note, issuer, true);
  const slot = await takeSlot(
    db,
    companyId,
    { nfeId: note.id, type: NFE_EVENT.cancellation, sequence: CANCELLATION_SEQUENCE, text: justification },
    existing,
    cancellationInProgress(note.id),
  );
  const answer = await sendSlot(deps, companyId, service, note, slot);
  const xmlKey = await storeProc(deps, companyId, note, slot, answer.procXml);
  await commitCancellation(deps, caller, note, slot, registeredValues(answer, xmlKey), registry);
  const found = await requireNote(db, companyId, nfeId);
  return noteEvents(db, companyId, found.note);
}

/** Attempts at the cancellation's batch when the order changes between the read and the write. */
const CANCEL_BATCH_ATTEMPTS = 3;

/**
 * The registered cancellation in one batch: the order's version guard, the note `Cancelled` (the
 * batch fails if it no longer is `Authorized`), the event with its protocol, the order's change to 10
 * with its stock returning and its events, and `nfe.cancelled`. An order changed meanwhile is read
 * again; one that can no longer be cancelled (moved on meanwhile) leaves the note cancelled, as
 * SEFAZ has it, and the order as it is.
 */
async function commitCancellation(
  deps: EventDeps,
  caller: Actor,
  note: IssuedNfeRow,
  slot: IssuedNfeEventRow,
  registered: ReturnType<typeof registeredValues>,
  registry: StatusRegistry,
): Promise<void> {
  const { db } = deps;
  const { companyId } = caller;
  const noteWrites = (orderMoved: boolean): Statement[] => [
    noteCancelledStatement(db, companyId, note.id),
    eventRegisteredStatement(db, companyId, slot.id, registered),
    eventStatement(db, companyId, {
      type: "nfe.cancelled",
      payload: {
        IDNFe: note.id,
        IDOrder: note.orderId,
        Key: note.accessKey,
        Number: note.number,
        Series: note.series,
        Protocol: registered.protocol,
        cStat: registered.cStat,
        OrderCancelled: orderMoved ? 1 : 0,
      },
    }),
  ];
  for (let attempt = 1; ; attempt++) {
    const order = await requireOrder(db, companyId, note.orderId);
    if (orderRefusal(registry, order)) {
      await db.batch(noteWrites(false) as [Statement, ...Statement[]]);
      return;
    }
    const plan = planTransition(
      registry,
      order.statusId,
      ORDER_STATUS.cancelled,
      order.stockState as StockState,
    );
    const statements: Statement[] = [
      guardVersion(db, companyId, order.id, order.version),
      ...noteWrites(true),
      ...(await statusChangeWrites(db, caller, order, plan, order.warehouseId)),
      ...(await changedReservationWrites(db, companyId, order.id, {
        reserves: plan.reserves,
        warehouseId: order.warehouseId,
        items: [],
      })),
      ...(await orderEventStatements(
        db,
        order,
        registry,
        { fromStatusId: order.statusId, toStatusId: plan.to, trackingCode: order.trackingCode },
        null,
      )),
    ];
    try {
      await db.batch(statements as [Statement, ...Statement[]]);
      return;
    } catch (error) {
      if (!isConstraintError(error) || attempt >= CANCEL_BATCH_ATTEMPTS) throw error;
    }
  }
}

/**
 * `POST /nfe/{idnfe}/correction`: a CC-e at the note's next sequence (1 to 20). A CC-e left without
 * an answer is sent again first (its own text and sequence); when its text is the one asked now,
 * that is the whole request. A rejected slot is reused with the new text. The latest registered
 * CC-e is the note's correction (it replaces the earlier ones).
 */
export async function correctNote(
  deps: EventDeps,
  caller: Actor,
  nfeId: number,
  correction: string,
): Promise<NoteEvents> {
  const { db } = deps;
  const { companyId } = caller;
  const { note, issuer } = await requireNote(db, companyId, nfeId);
  if (note.status === NOTE_STATUS.cancelled) throw badRequest(correctionOnCancelled(note.id));
  if (note.status !== NOTE_STATUS.authorized) throw badRequest(correctionNotAuthorized(note.id, note.status));
  const events = await eventsOfNote(db, companyId, note.id);
  if (
    events.some(
      (event) =>
        event.type === NFE_EVENT.cancellation &&
        (event.status === EVENT_STATUS.processing || event.status === EVENT_STATUS.pending),
    )
  )
    throw badRequest(correctionWhileCancelling(note.id));
  const corrections = events.filter((event) => event.type === NFE_EVENT.correction);
  const unanswered = corrections.find(
    (event) => event.status === EVENT_STATUS.pending || event.status === EVENT_STATUS.processing,
  );
  const last = corrections.at(-1);
  const reusable = last?.status === EVENT_STATUS.rejected ? last : undefined;
  const sequence = reusable
    ? reusable.sequence
    : (await lastSequence(db, companyId, note.id, NFE_EVENT.correction)) + 1;
  if (!unanswered && sequence > MAX_CORRECTION_SEQUENCE) throw badRequest(correctionLimit(note.id));
  const busy = correctionInProgress(note.id);
  await assertNotHeld(db, unanswered, busy);
  const service = await serviceOf(deps, companyId, note, issuer);
  if (unanswered) {
    const slot = await takeSlot(
      db,
      companyId,
      { ...unanswered, type: NFE_EVENT.correction },
      unanswered,
      busy,
    );
    await registerCorrection(deps, companyId, service, note, slot);
    if (slot.text === correction) return noteEvents(db, companyId, note);
    return correctNote(deps, caller, nfeId, correction);
  }
  const slot = await takeSlot(
    db,
    companyId,
    { nfeId: note.id, type: NFE_EVENT.correction, sequence, text: correction },
    reusable,
    busy,
  );
  await registerCorrection(deps, companyId, service, note, slot);
  return noteEvents(db, companyId, note);
}

/** Sends a CC-e slot and, registered, writes it with `nfe.corrected` in one batch (its XML in R2 first). */
async function registerCorrection(
  deps: EventDeps,
  companyId: number,
  service: IssuerEventService,
  note: IssuedNfeRow,
  slot: IssuedNfeEventRow,
): Promise<void> {
  const { db } = deps;
  const answer = await sendSlot(deps, companyId, service, note, slot);
  const registered = registeredValues(answer, await storeProc(deps, companyId, note, slot, answer.procXml));
  await db.batch([
    eventRegisteredStatement(db, companyId, slot.id, registered),
    eventStatement(db, companyId, {
      type: "nfe.corrected",
      payload: {
        IDNFe: note.id,
        IDOrder: note.orderId,
        Key: note.accessKey,
        Sequence: slot.sequence,
        Correction: slot.text,
        Protocol: registered.protocol,
      },
    }),
  ]);
}
