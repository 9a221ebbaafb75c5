/**
 * The rules of the issuer's events on its NF-e (cancellation 110111, correction letter CC-e 110110)
 * and of number voiding (inutilização), as SEFAZ publishes them (docs/NFE.md cites the sources). Pure:
 * no Hono, no Drizzle.
 */

/** `tpEvento` of the events this service sends for its own notes. */
export const NFE_EVENT = { cancellation: 110111, correction: 110110 } as const;
export type NFeEventType = (typeof NFE_EVENT)[keyof typeof NFE_EVENT];

/** States of an event row and of a voiding row (`issued_nfe_events.status`, `nfe_voids.status`). */
export const EVENT_STATUS = {
  /** Being sent by a request now (its lease: `EVENT_LEASE_SECONDS` from `updated_at`). */
  processing: "Processing",
  /** Sent without a conclusive answer (timeout, 5xx, fault, garbage): the next request resends it. */
  pending: "Pending",
  registered: "Registered",
  rejected: "Rejected",
} as const;

/** The note's states this area reads and writes (`issued_nfes.status`). */
export const NOTE_STATUS = { authorized: "Authorized", cancelled: "Cancelled" } as const;

/**
 * The cancellation window of an NF-e (model 55): 24 hours from the authorization (Ajuste SINIEF
 * 07/05 cl. 12ª, Ato COTEPE/ICMS 33/2008 as changed by 13/2010 and 35/2010; SEFAZ answers 501
 * "Prazo de cancelamento superior ao previsto na Legislação" past it).
 */
export const CANCELLATION_WINDOW_HOURS = 24;

/** `nSeqEvento` of a cancellation (there is one) and the CC-e's limit (1 to 20 per note). */
export const CANCELLATION_SEQUENCE = 1;
export const MAX_CORRECTION_SEQUENCE = 20;

/** Text lengths (xJust of cancellation and inutilização, xCorrecao of the CC-e). */
export const JUSTIFICATION_MIN = 15;
export const JUSTIFICATION_MAX = 255;
export const CORRECTION_MIN = 15;
export const CORRECTION_MAX = 1000;

/** The largest range one inutilização may cover (SEFAZ answers 201 past 10,000 numbers). */
export const VOID_MAX_NUMBERS = 10_000;
/** The layout's `TNF` (nNF) and `TSerie`. */
export const MAX_NFE_NUMBER = 999_999_999;
export const MAX_NFE_SERIES = 999;

/** How long a request holds an event it is sending; past it another request may take it over. */
export const EVENT_LEASE_SECONDS = 120;

/** cStat of the event service. */
export const EVENT_CSTAT = {
  /** Evento registrado e vinculado a NF-e. */
  registered: 135,
  /** Evento registrado, mas não vinculado a NF-e. */
  registeredUnlinked: 136,
  /** Cancelamento de NF-e homologado fora de prazo (a UF that accepts late cancellations). */
  cancelledLate: 155,
  /** Duplicidade de evento: SEFAZ holds this type and sequence for the key already. */
  duplicate: 573,
} as const;

/** cStat of the inutilização service: 102 registered; 563 the same range asked before. */
export const VOID_CSTAT = { registered: 102, duplicate: 563 } as const;

/** Whether SEFAZ registered a cancellation (135, 136; 155 homologated out of time). */
export const cancellationRegistered = (cStat: number): boolean =>
  cStat === EVENT_CSTAT.registered ||
  cStat === EVENT_CSTAT.registeredUnlinked ||
  cStat === EVENT_CSTAT.cancelledLate;

/** Whether SEFAZ registered a CC-e (135, 136). */
export const correctionRegistered = (cStat: number): boolean =>
  cStat === EVENT_CSTAT.registered || cStat === EVENT_CSTAT.registeredUnlinked;

/**
 * The moment the cancellation window closes for a note authorized at `authorizedAt` (dhRecbto, ISO
 * with its offset), or null when the date cannot be read.
 */
export function cancellationDeadline(authorizedAt: string | null): Date | null {
  if (!authorizedAt) return null;
  const at = Date.parse(authorizedAt);
  return Number.isNaN(at) ? null : new Date(at + CANCELLATION_WINDOW_HOURS * 3600_000);
}

/** `YYYY-MM-DDTHH:MM:SS-03:00`: a moment in Brasília time, as SEFAZ writes and reads it. */
export function brasiliaTime(moment: Date): string {
  const local = new Date(moment.getTime() - 3 * 3600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

/** The count of numbers of a range (both ends included). */
export const rangeSize = (from: number, to: number) => to - from + 1;
