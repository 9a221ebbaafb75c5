/**
 * The NFC-e (model 65) rules that vary by UF, as data, and the other fixed numbers of the NFC-e
 * (docs/NFE.md, "NFC-e (model 65)", cites the sources).
 *
 * - `unidentifiedLimit`: the largest vNF (cents) of an NFC-e whose consumer is not identified (no
 *   CPF/CNPJ, name and address). NT 2012.004 v1.2 made it a per-UF parameter with R$ 10,000.00 as the
 *   national default (SEFAZ's rules 750/751/752 refuse a note above it); Mato Grosso lowered it to
 *   R$ 1,000.00 from 1 Apr 2020 (Decreto 384/2020). Every other UF keeps the default here; a UF that
 *   publishes another limit is one change in the table.
 * - `cancellationMinutes`: the cancellation window, counted from the authorization: 30 minutes since
 *   Ajuste SINIEF 07/2018 changed Ajuste SINIEF 19/2016 (SEFAZ answers 501 past it). The UFs that accept
 *   an out-of-time ("extemporâneo") cancellation do so only after a request at the SEFAZ itself, so the
 *   window stays 30 minutes everywhere.
 */
import type { Cents } from "../../lib/money";
import { UFS, type Uf } from "../company/fiscal-profile";

export type NfceUfRules = { unidentifiedLimit: Cents; cancellationMinutes: number };

const DEFAULT_RULES: NfceUfRules = { unidentifiedLimit: 1_000_000, cancellationMinutes: 30 };

const EXCEPTIONS: Partial<Record<Uf, Partial<NfceUfRules>>> = {
  MT: { unidentifiedLimit: 100_000 },
};

/** Every UF's NFC-e rules. */
export const NFCE_UF_RULES: Readonly<Record<Uf, NfceUfRules>> = Object.fromEntries(
  UFS.map((uf) => [uf, { ...DEFAULT_RULES, ...EXCEPTIONS[uf] }]),
) as Record<Uf, NfceUfRules>;

export const nfceRulesOf = (uf: string): NfceUfRules => NFCE_UF_RULES[uf as Uf] ?? DEFAULT_RULES;

/**
 * The offline contingency (tpEmis 9): the note must reach SEFAZ within 24 hours of its issue
 * (Ajuste SINIEF 19/2016, cl. 11ª; the MOC's NFC-e chapter); after that it is `Expired`.
 */
export const OFFLINE_TRANSMIT_HOURS = 24;
/** How long an offline note waits before its next transmission try while the authorizer is still down. */
export const OFFLINE_RETRY_SECONDS = 60;
/** `xJust` of an offline note (15 to 256 characters). */
export const OFFLINE_REASON =
  "Falha de comunicacao com o autorizador da NFC-e: emitida em contingencia off-line";

/** The moment an offline note issued at `issuedAt` (dhEmi) may no longer be transmitted. */
export function offlineDeadline(issuedAt: string): Date | null {
  const at = Date.parse(issuedAt);
  return Number.isNaN(at) ? null : new Date(at + OFFLINE_TRANSMIT_HOURS * 3600_000);
}

/** The cancellation deadline of an NFC-e authorized at `authorizedAt` in `uf`, or null when unreadable. */
export function nfceCancellationDeadline(authorizedAt: string | null, uf: string): Date | null {
  if (!authorizedAt) return null;
  const at = Date.parse(authorizedAt);
  return Number.isNaN(at) ? null : new Date(at + nfceRulesOf(uf).cancellationMinutes * 60_000);
}

/** TEF categories of the cashier (`/store-front/cashier/{id}/payment`) → `tPag`. */
export const TEF_TPAG: Readonly<Record<number, string>> = {
  /** credit card */
  22: "03",
  /** debit card */
  23: "04",
  /** Pix (dynamic: the terminal's own charge, NT 2020.006 / NT 2023.004) */
  24: "17",
};

/** `tPag` 01: cash (dinheiro), the only payment whose excess is change (`vTroco`). */
export const CASH = "01";
