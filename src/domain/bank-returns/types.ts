import type { Cents } from "../../lib/money";
import type { CheckDigitRule } from "./layouts/types";
import type { OccurrenceKind } from "./occurrences";

/**
 * The nosso número of a record: as the bank wrote it, and the two forms a title's key may take
 * (banks write it with or without their check digit, and titles may store either).
 */
export type NossoNumero = {
  /** The field trimmed of its padding, zeros kept (`00000012345` + DV, `12345670000000001`). */
  inFile: string;
  /** Without leading zeros: the key when the title stores the number with its check digit. */
  normalised: string;
  /**
   * `normalised` less its last character, when the layout's field may end with the bank's check
   * digit (`checkDigit` is not `none`); null otherwise and for a one-digit number.
   */
  withoutCheckDigit: string | null;
  /** What the layout says of the field's last digit (see `CheckDigitRule`). */
  checkDigit: CheckDigitRule;
};

/** One title event of a return: a CNAB 240 segment T + U pair, or a CNAB 400 detail record. */
export type ReturnRecord = {
  /** Line of the record (of segment T in CNAB 240), 1-based. */
  line: number;
  /** Null when the bank left the field blank or zero (tariff-only occurrences of some banks). */
  nossoNumero: NossoNumero | null;
  occurrenceCode: string;
  kind: OccurrenceKind;
  /** The reason codes of a `rejected` occurrence (motivos), in file order; empty for other kinds. */
  rejectionReasons: string[];
  titleValueCents: Cents;
  paidCents: Cents;
  /** Juros/multa/encargos as the layout's field carries them. */
  interestCents: Cents;
  discountCents: Cents;
  abatementCents: Cents;
  otherCreditsCents: Cents;
  /** Valor da tarifa/custas charged for this occurrence. */
  tariffCents: Cents;
  /** `YYYY-MM-DD`; null when the file has zeros. */
  dueDate: string | null;
  occurrenceDate: string | null;
  creditDate: string | null;
  /** Seu número / número do documento, as the company sent it; null when blank. */
  documentNumber: string | null;
  /** Identificação do título na empresa / número de controle do participante; null when blank. */
  companyReference: string | null;
};

/** A line that could not be read; the rest of the file still is. */
export type ReturnLineError = {
  line: number;
  /** The problem alone: `tamanho 239, esperado 240`. */
  reason: string;
  /** What a user reads: `Linha 12: tamanho 239, esperado 240`. */
  message: string;
};

export type BankReturn = {
  ok: true;
  layout: "240" | "400";
  /** The bank of the file's header (three digits): the caller checks it against the account's bank. */
  bankCode: string;
  bankName: string;
  /** Date the bank generated the file, from the header; null when zeros. */
  generatedOn: string | null;
  /** How the bytes were read. */
  encoding: "utf-8" | "windows-1252";
  records: ReturnRecord[];
  errors: ReturnLineError[];
};

/** The file as a whole cannot be used: nothing of it may be applied. */
export type BankReturnFailure = {
  ok: false;
  /** The line the problem was seen on, when there is one. */
  line: number | null;
  message: string;
};
