import { FieldReader } from "./fields";
import { CNAB400_BANKS, CNAB400_HEADER, CNAB400_TRAILER } from "./layouts/cnab400";
import { BANK_RETURN_MESSAGES as M } from "./messages";
import { occurrenceTable } from "./occurrences";
import { lineError, type RecordContext, ReturnFileError, readRecord } from "./records";
import type { BankReturn, ReturnLineError, ReturnRecord } from "./types";

const LENGTH = 400;

/**
 * Reads a CNAB 400 return (`lines` without their line ends, the first one already known to be 400
 * long). Throws `ReturnFileError` for what makes the whole file unusable: not a return header, a
 * remittance, an unsupported bank, a missing trailer (truncated), content after the trailer, or a
 * trailer of another bank or whose record number disagrees with the records of the file.
 */
export function readCnab400(lines: string[]): Omit<BankReturn, "encoding"> {
  const header = new FieldReader(lines[0]!);
  if (header.alpha("recordType", CNAB400_HEADER.recordType) !== "0")
    throw new ReturnFileError(1, M.notReturnHeader);
  const direction = header.numeric("direction", CNAB400_HEADER.direction);
  const literal = header.alpha("literal", CNAB400_HEADER.literal);
  if (direction === "1" || literal === "REMESSA") throw new ReturnFileError(1, M.remittance);
  if (direction !== "2" || literal !== "RETORNO") throw new ReturnFileError(1, M.notReturnHeader);
  const bankCode = header.numeric("bankCode", CNAB400_HEADER.bankCode);
  const bank = CNAB400_BANKS[bankCode];
  if (!bank || header.problems.length > 0) throw new ReturnFileError(1, M.unsupportedBank("400", bankCode));
  const generatedOn = header.date("generatedOn", CNAB400_HEADER.generatedOn);
  if (header.problems.length > 0)
    throw new ReturnFileError(1, M.badControlLine(1, header.problems.join("; ")));

  const lastIndex = lines.length - 1;
  const last = lines[lastIndex]!;
  if (lines.length < 2 || last.length !== LENGTH || last.charAt(0) !== "9")
    throw new ReturnFileError(null, M.truncated);

  const context: RecordContext = {
    occurrences: occurrenceTable("400", bankCode),
    checkDigit: bank.checkDigit,
    reasons: bank.reasons,
  };
  const records: ReturnRecord[] = [];
  const errors: ReturnLineError[] = [];
  for (let index = 1; index < lastIndex; index++) {
    const number = index + 1;
    const text = lines[index]!;
    if (text.length !== LENGTH) {
      errors.push(lineError(number, M.wrongLength(text.length, LENGTH)));
      continue;
    }
    const type = text.charAt(0);
    if (type === "9") throw new ReturnFileError(number + 1, M.contentAfterTrailer(number + 1));
    if (bank.skippedRecordTypes.includes(type)) continue;
    if (type !== bank.detailRecordType) {
      errors.push(lineError(number, M.unknownRecordType(type)));
      continue;
    }
    const reader = new FieldReader(text);
    const record = readRecord(number, bank.detail, () => reader, context);
    if (reader.problems.length > 0) errors.push(lineError(number, reader.problems.join("; ")));
    else if (record) records.push(record);
  }

  const trailer = new FieldReader(last);
  const number = lines.length;
  const trailerBank = trailer.numeric("bankCode", CNAB400_TRAILER.bankCode);
  const sequence = trailer.numeric("sequence", CNAB400_TRAILER.sequence);
  if (trailer.problems.length > 0)
    throw new ReturnFileError(number, M.badControlLine(number, trailer.problems.join("; ")));
  if (trailerBank !== bankCode)
    throw new ReturnFileError(number, M.trailerBank(number, trailerBank, bankCode));
  if (Number(sequence) !== lines.length)
    throw new ReturnFileError(number, M.fileTrailerRecords(number, Number(sequence), lines.length));
  return { ok: true, layout: "400", bankCode, bankName: bank.name, generatedOn, records, errors };
}
