import {
  type CheckDigitRule,
  type DetailFieldName,
  field,
  type ReasonsRule,
  type RecordLayout,
} from "./types";

/**
 * CNAB 400 cobrança returns: one header (record 0), detail records, one trailer (record 9), each
 * record numbered in 395-400. Unlike CNAB 240 each bank has its own detail layout (docs/CNAB.md,
 * "CNAB 400", cites each manual). Positions are 1-based and inclusive, as printed.
 */

export const CNAB400_CONTROL = {
  recordType: field(1, 1, "alpha"),
  sequence: field(395, 400, "numeric"),
} as const;

/** The header fields the three banks share: `02RETORNO01COBRANCA`..., bank number, file date. */
export const CNAB400_HEADER = {
  ...CNAB400_CONTROL,
  /** 1 remessa, 2 retorno. */
  direction: field(2, 2, "numeric"),
  literal: field(3, 9, "alpha"),
  bankCode: field(77, 79, "numeric"),
  generatedOn: field(95, 100, "date"),
} as const;

export const CNAB400_TRAILER = {
  ...CNAB400_CONTROL,
  direction: field(2, 2, "numeric"),
  bankCode: field(5, 7, "numeric"),
} as const;

export type Cnab400Bank = {
  readonly name: string;
  /** Record types of a title's detail (`1`; Banco do Brasil's CBR643 uses `7`). */
  readonly detailRecordType: string;
  /** Other record types the bank may send between the details, read past (Itaú's `3`: Pix QR code). */
  readonly skippedRecordTypes: readonly string[];
  readonly detail: RecordLayout<DetailFieldName>;
  readonly checkDigit: CheckDigitRule;
  readonly reasons: ReasonsRule;
};

/** Bradesco, "Layout do arquivo retorno – CNAB 400, cobrança". */
const BRADESCO: Cnab400Bank = {
  name: "Bradesco",
  detailRecordType: "1",
  skippedRecordTypes: [],
  detail: {
    companyReference: field(38, 62, "alpha"),
    // 071-081 nosso número, 082 DV (a digit or `P`)
    nossoNumero: field(71, 82, "alpha"),
    occurrenceCode: field(109, 110, "numeric"),
    occurrenceDate: field(111, 116, "date"),
    documentNumber: field(117, 126, "alpha"),
    dueDate: field(147, 152, "date"),
    titleValue: field(153, 165, "cents"),
    // despesas de cobrança (tarifa) for occurrences 02 and 28
    tariff: field(176, 188, "cents"),
    abatement: field(228, 240, "cents"),
    discount: field(241, 253, "cents"),
    paid: field(254, 266, "cents"),
    interest: field(267, 279, "cents"),
    otherCredits: field(280, 292, "cents"),
    creditDate: field(296, 301, "date"),
    // motivos das rejeições: five codes of two positions
    reasons: field(319, 328, "alpha"),
  },
  checkDigit: "checkDigitLast",
  reasons: { width: 2 },
};

/** Itaú, "Cobrança 400 bytes CNAB", arquivo retorno. */
const ITAU: Cnab400Bank = {
  name: "Itaú",
  detailRecordType: "1",
  skippedRecordTypes: ["3"],
  detail: {
    companyReference: field(38, 62, "alpha"),
    // 086-093 nosso número, 094 DAC
    nossoNumero: field(86, 94, "alpha"),
    occurrenceCode: field(109, 110, "numeric"),
    occurrenceDate: field(111, 116, "date"),
    documentNumber: field(117, 126, "alpha"),
    dueDate: field(147, 152, "date"),
    titleValue: field(153, 165, "cents"),
    tariff: field(176, 188, "cents"),
    abatement: field(228, 240, "cents"),
    discount: field(241, 253, "cents"),
    // valor principal (lançado em conta corrente)
    paid: field(254, 266, "cents"),
    // juros de mora/multa
    interest: field(267, 279, "cents"),
    otherCredits: field(280, 292, "cents"),
    creditDate: field(296, 301, "date"),
    // erros/mensagem informativa: four codes of two positions
    reasons: field(378, 385, "alpha"),
  },
  checkDigit: "checkDigitLast",
  reasons: { width: 2 },
};

/** Banco do Brasil, CBR643 (convênio of 7 digits, detail record `7`). */
const BANCO_DO_BRASIL: Cnab400Bank = {
  name: "Banco do Brasil",
  detailRecordType: "7",
  skippedRecordTypes: [],
  detail: {
    companyReference: field(39, 63, "alpha"),
    // 17 digits: convênio (7) + sequence (10), no DV
    nossoNumero: field(64, 80, "alpha"),
    // for command 03 (recusado) the reason is written in 087-088
    reasons: field(87, 88, "alpha"),
    occurrenceCode: field(109, 110, "numeric"),
    occurrenceDate: field(111, 116, "date"),
    documentNumber: field(117, 126, "alpha"),
    dueDate: field(147, 152, "date"),
    titleValue: field(153, 165, "cents"),
    creditDate: field(176, 181, "date"),
    tariff: field(182, 188, "cents"),
    abatement: field(228, 240, "cents"),
    discount: field(241, 253, "cents"),
    paid: field(254, 266, "cents"),
    interest: field(267, 279, "cents"),
    otherCredits: field(280, 292, "cents"),
  },
  checkDigit: "none",
  reasons: { width: 2 },
};

export const CNAB400_BANKS: Readonly<Record<string, Cnab400Bank>> = {
  "001": BANCO_DO_BRASIL,
  "237": BRADESCO,
  "341": ITAU,
};
