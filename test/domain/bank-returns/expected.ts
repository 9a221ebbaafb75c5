import { expect } from "vitest";
import type { CheckDigitRule } from "../../../src/domain/bank-returns/layouts/types";
import type { ReturnRecord } from "../../../src/domain/bank-returns/types";
import type { SampleRecord } from "../../fixtures/cnab/generate";

/**
 * What the manuals say of each bank's nosso número field (independently of the reader's tables):
 * whether its last digit is the bank's check digit.
 */
const CHECK_DIGIT: Record<string, CheckDigitRule> = {
  "240-001": "varies",
  "240-033": "checkDigitLast",
  "240-104": "none",
  "240-237": "checkDigitLast",
  "240-341": "checkDigitLast",
  "240-748": "checkDigitLast",
  "240-756": "checkDigitLast",
  "400-001": "none",
  "400-237": "checkDigitLast",
  "400-341": "checkDigitLast",
};

/** The record read back matches the sample it was generated from, field by field. */
export function expectRecord(
  layout: "240" | "400",
  bankCode: string,
  got: ReturnRecord,
  sample: SampleRecord,
  line: number,
) {
  const rule = CHECK_DIGIT[`${layout}-${bankCode}`]!;
  const normalised = sample.nossoNumero.replace(/^0+/, "");
  expect(got.line).toBe(line);
  expect(got.nossoNumero?.inFile.endsWith(sample.nossoNumero)).toBe(true);
  expect(got.nossoNumero?.inFile.replace(/^0+/, "")).toBe(normalised);
  expect(got.nossoNumero?.normalised).toBe(normalised);
  expect(got.nossoNumero?.checkDigit).toBe(rule);
  expect(got.nossoNumero?.withoutCheckDigit).toBe(
    rule === "none" ? null : normalised.slice(0, -1).replace(/^0+/, ""),
  );
  expect(got.occurrenceCode).toBe(sample.occurrence);
  expect(got.titleValueCents).toBe(sample.titleValue);
  expect(got.paidCents).toBe(sample.paid ?? 0);
  expect(got.interestCents).toBe(sample.interest ?? 0);
  expect(got.discountCents).toBe(sample.discount ?? 0);
  expect(got.abatementCents).toBe(sample.abatement ?? 0);
  expect(got.otherCreditsCents).toBe(sample.otherCredits ?? 0);
  expect(got.tariffCents).toBe(sample.tariff ?? 0);
  expect(got.dueDate).toBe(sample.dueDate ?? null);
  expect(got.occurrenceDate).toBe(sample.occurrenceDate ?? null);
  expect(got.creditDate).toBe(sample.creditDate ?? null);
  expect(got.documentNumber).toBe(sample.documentNumber ?? null);
  expect(got.companyReference).toBe(sample.companyReference ?? null);
  expect(got.rejectionReasons).toEqual(got.kind === "rejected" ? (sample.reasons ?? []) : []);
}
