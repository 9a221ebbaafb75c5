import type { Cents } from "../../lib/money";
import { FieldReader } from "./fields";
import {
  CNAB240_BANKS,
  CNAB240_BATCH_HEADER,
  CNAB240_BATCH_TRAILER,
  CNAB240_DETAIL_CONTROL,
  CNAB240_FILE_HEADER,
  CNAB240_FILE_TRAILER,
  CNAB240_PORTFOLIO_TOTALS,
  type Cnab240Bank,
} from "./layouts/cnab240";
import type { DetailFieldName } from "./layouts/types";
import { BANK_RETURN_MESSAGES as M } from "./messages";
import { occurrenceTable } from "./occurrences";
import { lineError, type RecordContext, ReturnFileError, readRecord } from "./records";
import type { BankReturn, ReturnLineError, ReturnRecord } from "./types";

const LENGTH = 240;

/** Fields of a title event that segment U carries; the others are on segment T. */
const ON_SEGMENT_U: ReadonlySet<DetailFieldName> = new Set([
  "interest",
  "discount",
  "abatement",
  "paid",
  "otherCredits",
  "occurrenceDate",
  "creditDate",
]);

type OpenBatch = {
  code: string;
  line: number;
  records: number;
  titles: number;
  titlesValue: Cents;
  /** A title value could not be read: the batch's value total cannot be compared. */
  valueUnknown: boolean;
  pendingT: { line: number; reader: FieldReader } | null;
};

/**
 * Reads a CNAB 240 return (`lines` without their line ends, the first one already known to be 240
 * long). Throws `ReturnFileError` for what makes the whole file unusable: not a return header, a
 * remittance, an unsupported bank, a missing file trailer (truncated), a batch left open, content
 * after the trailer, or a trailer whose counts or totals disagree with the file.
 */
export function readCnab240(lines: string[]): Omit<BankReturn, "encoding"> {
  const header = new FieldReader(lines[0]!);
  const recordType = header.numeric("recordType", CNAB240_FILE_HEADER.recordType);
  const batch = header.numeric("batch", CNAB240_FILE_HEADER.batch);
  if (recordType !== "0" || batch !== "0000") throw new ReturnFileError(1, M.notReturnHeader);
  const direction = header.numeric("direction", CNAB240_FILE_HEADER.direction);
  if (direction === "1") throw new ReturnFileError(1, M.remittance);
  if (direction !== "2") throw new ReturnFileError(1, M.notReturnHeader);
  const bankCode = header.numeric("bankCode", CNAB240_FILE_HEADER.bankCode);
  const bank = CNAB240_BANKS[bankCode];
  if (!bank || header.problems.length > 0) throw new ReturnFileError(1, M.unsupportedBank("240", bankCode));
  const generatedOn = header.date("generatedOn", CNAB240_FILE_HEADER.generatedOn);
  if (header.problems.length > 0)
    throw new ReturnFileError(1, M.badControlLine(1, header.problems.join("; ")));

  const last = lines[lines.length - 1]!;
  if (lines.length < 2 || last.length !== LENGTH || last.charAt(7) !== "9")
    throw new ReturnFileError(null, M.truncated);

  const context: RecordContext = {
    occurrences: occurrenceTable("240", bankCode),
    checkDigit: bank.checkDigit,
    reasons: bank.reasons,
  };
  const records: ReturnRecord[] = [];
  const errors: ReturnLineError[] = [];
  let open: OpenBatch | null = null;
  let batches = 0;

  for (let index = 1; index < lines.length; index++) {
    const number = index + 1;
    const text = lines[index]!;
    if (open) open.records++;
    if (text.length !== LENGTH) {
      errors.push(lineError(number, M.wrongLength(text.length, LENGTH)));
      continue;
    }
    const type = text.charAt(7);
    if (type === "1") {
      if (open) throw new ReturnFileError(number, M.batchNotClosed(number, open.code));
      const service = new FieldReader(text).numeric("service", CNAB240_BATCH_HEADER.service);
      if (service !== "01")
        throw new ReturnFileError(number, M.notCollectionBatch(number, text.slice(9, 11)));
      open = {
        code: text.slice(3, 7),
        line: number,
        records: 1,
        titles: 0,
        titlesValue: 0,
        valueUnknown: false,
        pendingT: null,
      };
    } else if (type === "3") {
      if (!open) throw new ReturnFileError(number, M.outsideBatch(number));
      readDetail(open, number, text, bank, context, records, errors);
    } else if (type === "5") {
      if (!open) throw new ReturnFileError(number, M.outsideBatch(number));
      closeBatch(open, number, text, errors);
      open = null;
      batches++;
    } else if (type === "9") {
      if (open) throw new ReturnFileError(number, M.batchNotClosed(number, open.code));
      if (index !== lines.length - 1)
        throw new ReturnFileError(number + 1, M.contentAfterTrailer(number + 1));
      checkFileTrailer(number, text, batches, lines.length);
    } else {
      errors.push(lineError(number, M.unknownRecordType(type)));
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { ok: true, layout: "240", bankCode, bankName: bank.name, generatedOn, records, errors };
}

/**
 * The fields of a title event over its two segments, built once per bank: building the merged table
 * for every record made reading a large return several times slower.
 */
const DETAIL_SPECS = new WeakMap<Cnab240Bank, Cnab240Bank["segmentT"] & Cnab240Bank["segmentU"]>();

function detailSpecsOf(bank: Cnab240Bank) {
  let specs = DETAIL_SPECS.get(bank);
  if (!specs) {
    specs = { ...bank.segmentT, ...bank.segmentU };
    DETAIL_SPECS.set(bank, specs);
  }
  return specs;
}

function readDetail(
  open: OpenBatch,
  number: number,
  text: string,
  bank: Cnab240Bank,
  context: RecordContext,
  records: ReturnRecord[],
  errors: ReturnLineError[],
): void {
  const reader = new FieldReader(text);
  const segment = reader.alpha("segment", CNAB240_DETAIL_CONTROL.segment);
  if (segment === "T") {
    if (open.pendingT) errors.push(lineError(open.pendingT.line, M.segmentTWithoutU));
    open.pendingT = { line: number, reader };
    open.titles++;
    const valueReader = new FieldReader(text);
    open.titlesValue += valueReader.cents("titleValue", bank.segmentT.titleValue);
    if (valueReader.problems.length > 0) open.valueUnknown = true;
    return;
  }
  if (segment !== "U") return; // other segments (Y, W...) carry nothing read here
  const t = open.pendingT;
  open.pendingT = null;
  if (!t) {
    errors.push(lineError(number, M.segmentUWithoutT));
    return;
  }
  const specs = detailSpecsOf(bank);
  const record = readRecord(t.line, specs, (field) => (ON_SEGMENT_U.has(field) ? reader : t.reader), context);
  if (t.reader.problems.length > 0) errors.push(lineError(t.line, t.reader.problems.join("; ")));
  if (reader.problems.length > 0) errors.push(lineError(number, reader.problems.join("; ")));
  if (record && t.reader.problems.length === 0 && reader.problems.length === 0) records.push(record);
}

/** The batch trailer's record count, and its portfolio totals when the bank fills them. */
function closeBatch(open: OpenBatch, number: number, text: string, errors: ReturnLineError[]): void {
  if (open.pendingT) errors.push(lineError(open.pendingT.line, M.segmentTWithoutU));
  const trailer = new FieldReader(text);
  const declared = trailer.numeric("recordCount", CNAB240_BATCH_TRAILER.recordCount);
  let titles = 0;
  let value = 0;
  for (const [count, total] of CNAB240_PORTFOLIO_TOTALS) {
    titles += Number(trailer.numeric(count, CNAB240_BATCH_TRAILER[count]) || 0);
    value += trailer.cents(total, CNAB240_BATCH_TRAILER[total]);
  }
  if (trailer.problems.length > 0)
    throw new ReturnFileError(number, M.badControlLine(number, trailer.problems.join("; ")));
  if (Number(declared) !== open.records)
    throw new ReturnFileError(number, M.batchTrailerCount(number, open.code, Number(declared), open.records));
  // Banks that leave the totals at zero declare nothing to compare.
  if (titles === 0 && value === 0) return;
  if (titles !== open.titles)
    throw new ReturnFileError(number, M.batchTrailerTitles(number, open.code, titles, open.titles));
  if (!open.valueUnknown && value !== open.titlesValue)
    throw new ReturnFileError(number, M.batchTrailerValue(number, open.code, value, open.titlesValue));
}

function checkFileTrailer(number: number, text: string, batches: number, records: number): void {
  const trailer = new FieldReader(text);
  const declaredBatches = trailer.numeric("batchCount", CNAB240_FILE_TRAILER.batchCount);
  const declaredRecords = trailer.numeric("recordCount", CNAB240_FILE_TRAILER.recordCount);
  if (trailer.problems.length > 0)
    throw new ReturnFileError(number, M.badControlLine(number, trailer.problems.join("; ")));
  if (Number(declaredBatches) !== batches)
    throw new ReturnFileError(number, M.fileTrailerBatches(number, Number(declaredBatches), batches));
  if (Number(declaredRecords) !== records)
    throw new ReturnFileError(number, M.fileTrailerRecords(number, Number(declaredRecords), records));
}
