import type { FieldReader } from "./fields";
import type { CheckDigitRule, DetailFieldName, FieldSpec, ReasonsRule } from "./layouts/types";
import { BANK_RETURN_MESSAGES } from "./messages";
import { type OccurrenceTable, occurrenceKind } from "./occurrences";
import type { NossoNumero, ReturnLineError, ReturnRecord } from "./types";

export function lineError(line: number, reason: string): ReturnLineError {
  return { line, reason, message: BANK_RETURN_MESSAGES.linePrefix(line, reason) };
}

/** A failure of the whole file, thrown inside the readers and turned into `BankReturnFailure`. */
export class ReturnFileError extends Error {
  constructor(
    readonly line: number | null,
    message: string,
  ) {
    super(message);
    this.name = "ReturnFileError";
  }
}

/** Digits, and at most one final letter: Bradesco writes `P` as the check digit of some numbers. */
const NOSSO_NUMERO = /^\d*[0-9A-Za-z]$/;

/**
 * The nosso número of a field: null when blank or all zeros; a problem of the line when it holds
 * anything but digits (and a final check letter). When the layout's field may end with the bank's
 * check digit, the number without it is offered too; when the field never has one, it is not (the
 * last digit is part of the number, dropping it would name another title).
 */
export function readNossoNumero(
  reader: FieldReader,
  spec: FieldSpec,
  rule: CheckDigitRule,
): NossoNumero | null {
  const inFile = reader.alpha("nossoNumero", spec);
  if (inFile === "" || /^0+$/.test(inFile)) return null;
  if (!NOSSO_NUMERO.test(inFile)) {
    reader.problems.push(BANK_RETURN_MESSAGES.invalidNossoNumero(inFile));
    return null;
  }
  const normalised = inFile.replace(/^0+/, "");
  const shorter = normalised.slice(0, -1).replace(/^0+/, "");
  const withoutCheckDigit = rule === "none" || shorter === "" ? null : shorter;
  return { inFile, normalised, withoutCheckDigit, checkDigit: rule };
}

/** Reason codes of the `motivos` field: `width` characters each, blanks and zeros left out. */
export function splitReasons(text: string, rule: ReasonsRule): string[] {
  const codes: string[] = [];
  for (let i = 0; i < text.length; i += rule.width) {
    const code = text.slice(i, i + rule.width).trim();
    if (code !== "" && !/^0+$/.test(code)) codes.push(code);
  }
  return codes;
}

type Specs = { readonly [K in DetailFieldName]: FieldSpec };

export type RecordContext = {
  occurrences: OccurrenceTable;
  checkDigit: CheckDigitRule;
  reasons: ReasonsRule;
};

/**
 * Reads the detail fields of one title event. In CNAB 400 every field is on one line; in CNAB 240
 * the title's fields are on segment T and the payment's on segment U, so `at` says which line's
 * reader serves each field. Problems are left on the readers: the caller keeps the record only when
 * its lines have none. Null when the occurrence code is unreadable or unknown (a problem then too).
 */
export function readRecord(
  line: number,
  specs: Specs,
  at: (field: DetailFieldName) => FieldReader,
  context: RecordContext,
): ReturnRecord | null {
  const codeReader = at("occurrenceCode");
  const problemsBefore = codeReader.problems.length;
  const occurrenceCode = codeReader.numeric("occurrenceCode", specs.occurrenceCode);
  const codeReadable = codeReader.problems.length === problemsBefore;
  const nossoNumero = readNossoNumero(at("nossoNumero"), specs.nossoNumero, context.checkDigit);
  const record = {
    titleValueCents: at("titleValue").cents("titleValue", specs.titleValue),
    paidCents: at("paid").cents("paid", specs.paid),
    interestCents: at("interest").cents("interest", specs.interest),
    discountCents: at("discount").cents("discount", specs.discount),
    abatementCents: at("abatement").cents("abatement", specs.abatement),
    otherCreditsCents: at("otherCredits").cents("otherCredits", specs.otherCredits),
    tariffCents: at("tariff").cents("tariff", specs.tariff),
    dueDate: at("dueDate").date("dueDate", specs.dueDate),
    occurrenceDate: at("occurrenceDate").date("occurrenceDate", specs.occurrenceDate),
    creditDate: at("creditDate").date("creditDate", specs.creditDate),
    documentNumber: at("documentNumber").alpha("documentNumber", specs.documentNumber) || null,
    companyReference: at("companyReference").alpha("companyReference", specs.companyReference) || null,
  };
  const reasons = at("reasons").raw("reasons", specs.reasons);
  const kind = codeReadable ? occurrenceKind(context.occurrences, occurrenceCode) : null;
  if (kind === null && codeReadable)
    codeReader.problems.push(BANK_RETURN_MESSAGES.unknownOccurrence(occurrenceCode));
  if (kind === null) return null;
  return {
    line,
    nossoNumero,
    occurrenceCode,
    kind,
    rejectionReasons: kind === "rejected" ? splitReasons(reasons, context.reasons) : [],
    ...record,
  };
}
