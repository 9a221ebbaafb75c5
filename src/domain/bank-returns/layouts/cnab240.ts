import { type CheckDigitRule, field, type ReasonsRule, type RecordLayout } from "./types";

/**
 * FEBRABAN CNAB 240, cobrança return ("Layout Padrão de Arquivos CNAB 240", the FEBRABAN manual the
 * banks' own 240 manuals refer to): file header (record 0), a batch per service (header 1, details 3
 * with segments T and U, trailer 5), file trailer (9). Positions are 1-based and inclusive, as printed.
 */

/** Control fields every record starts with. */
export const CNAB240_CONTROL = {
  bankCode: field(1, 3, "numeric"),
  batch: field(4, 7, "numeric"),
  recordType: field(8, 8, "numeric"),
} as const;

export const CNAB240_FILE_HEADER = {
  ...CNAB240_CONTROL,
  /** 1 remessa (to the bank), 2 retorno (from the bank). */
  direction: field(143, 143, "numeric"),
  generatedOn: field(144, 151, "date"),
  fileSequence: field(158, 163, "numeric"),
} as const;

export const CNAB240_BATCH_HEADER = {
  ...CNAB240_CONTROL,
  /** `01`: cobrança. Other services (payments, statements) have other segments. */
  service: field(10, 11, "numeric"),
} as const;

/** Detail records: sequence in the batch and segment letter, then the segment's own fields. */
export const CNAB240_DETAIL_CONTROL = {
  ...CNAB240_CONTROL,
  sequence: field(9, 13, "numeric"),
  segment: field(14, 14, "alpha"),
} as const;

type SegmentTField =
  | "occurrenceCode"
  | "nossoNumero"
  | "documentNumber"
  | "dueDate"
  | "titleValue"
  | "companyReference"
  | "tariff"
  | "reasons";

type SegmentUField =
  | "interest"
  | "discount"
  | "abatement"
  | "paid"
  | "otherCredits"
  | "occurrenceDate"
  | "creditDate";

/** Segment T: the title (nosso número, seu número, due date, value), the tariff and the reasons. */
const FEBRABAN_SEGMENT_T: RecordLayout<SegmentTField> = {
  occurrenceCode: field(16, 17, "numeric"),
  nossoNumero: field(38, 57, "alpha"),
  documentNumber: field(59, 73, "alpha"),
  dueDate: field(74, 81, "date"),
  titleValue: field(82, 96, "cents"),
  companyReference: field(106, 130, "alpha"),
  tariff: field(199, 213, "cents"),
  reasons: field(214, 223, "alpha"),
};

/** Segment U: what was paid and when (juros/multa/encargos, discount, abatement, paid, dates). */
const FEBRABAN_SEGMENT_U: RecordLayout<SegmentUField> = {
  interest: field(18, 32, "cents"),
  discount: field(33, 47, "cents"),
  abatement: field(48, 62, "cents"),
  paid: field(78, 92, "cents"),
  otherCredits: field(123, 137, "cents"),
  occurrenceDate: field(138, 145, "date"),
  creditDate: field(146, 153, "date"),
};

export const CNAB240_BATCH_TRAILER = {
  ...CNAB240_CONTROL,
  /** Records of the batch, its header and trailer included. */
  recordCount: field(18, 23, "numeric"),
  simpleCount: field(24, 29, "numeric"),
  simpleValue: field(30, 46, "cents"),
  linkedCount: field(47, 52, "numeric"),
  linkedValue: field(53, 69, "cents"),
  pledgedCount: field(70, 75, "numeric"),
  pledgedValue: field(76, 92, "cents"),
  discountedCount: field(93, 98, "numeric"),
  discountedValue: field(99, 115, "cents"),
} as const;

/** The four portfolios of the batch trailer (simples, vinculada, caucionada, descontada). */
export const CNAB240_PORTFOLIO_TOTALS = [
  ["simpleCount", "simpleValue"],
  ["linkedCount", "linkedValue"],
  ["pledgedCount", "pledgedValue"],
  ["discountedCount", "discountedValue"],
] as const;

export const CNAB240_FILE_TRAILER = {
  ...CNAB240_CONTROL,
  batchCount: field(18, 23, "numeric"),
  /** Records of the file, its header and trailer included. */
  recordCount: field(24, 29, "numeric"),
} as const;

export type Cnab240Bank = {
  readonly name: string;
  readonly segmentT: RecordLayout<SegmentTField>;
  readonly segmentU: RecordLayout<SegmentUField>;
  readonly checkDigit: CheckDigitRule;
  readonly reasons: ReasonsRule;
};

const febraban = (name: string, overrides: Partial<Omit<Cnab240Bank, "name">> = {}): Cnab240Bank => ({
  name,
  segmentT: FEBRABAN_SEGMENT_T,
  segmentU: FEBRABAN_SEGMENT_U,
  checkDigit: "checkDigitLast",
  reasons: { width: 2 },
  ...overrides,
});

/**
 * The banks read in CNAB 240: the FEBRABAN tables with each bank's published differences, mostly
 * where segment T keeps the nosso número (docs/CNAB.md, "CNAB 240", cites each bank's manual).
 */
export const CNAB240_BANKS: Readonly<Record<string, Cnab240Bank>> = {
  // 20 positions, left-aligned: 17 digits without DV (7-digit agreements) or 11 digits + DV.
  "001": febraban("Banco do Brasil", { checkDigit: "varies" }),
  // Santander moves segment T: nosso número 041-053 (12 digits + DV) and every field after it.
  "033": febraban("Santander", {
    segmentT: {
      occurrenceCode: field(16, 17, "numeric"),
      nossoNumero: field(41, 53, "alpha"),
      documentNumber: field(55, 69, "alpha"),
      dueDate: field(70, 77, "date"),
      titleValue: field(78, 92, "cents"),
      companyReference: field(101, 125, "alpha"),
      tariff: field(194, 208, "cents"),
      reasons: field(209, 218, "alpha"),
    },
  }),
  // SIGCB: modalidade (2) + nosso número (15) in 040-056, no DV; seu número 059-069.
  "104": febraban("Caixa Econômica Federal", {
    segmentT: {
      ...FEBRABAN_SEGMENT_T,
      nossoNumero: field(39, 56, "alpha"),
      documentNumber: field(59, 69, "alpha"),
    },
    checkDigit: "none",
  }),
  // 038-040 product, 041-045 zeros, 046-056 nosso número (11), 057 DV.
  "237": febraban("Bradesco", { segmentT: { ...FEBRABAN_SEGMENT_T, nossoNumero: field(46, 57, "alpha") } }),
  // 038-040 carteira, 041-048 nosso número, 049 DAC; seu número 059-068; four reasons in 214-221.
  "341": febraban("Itaú", {
    segmentT: {
      ...FEBRABAN_SEGMENT_T,
      nossoNumero: field(41, 49, "alpha"),
      documentNumber: field(59, 68, "alpha"),
      reasons: field(214, 221, "alpha"),
    },
  }),
  // Sicoob: nosso número with its DV in 038-047, then parcela, modalidade and form type.
  "756": febraban("Sicoob", { segmentT: { ...FEBRABAN_SEGMENT_T, nossoNumero: field(38, 47, "alpha") } }),
  // Sicredi: the 9-digit nosso número (year, generation byte, sequence, DV) left-aligned in 038-057.
  "748": febraban("Sicredi"),
};
