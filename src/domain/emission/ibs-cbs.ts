import { EmissionDraftError } from "./errors";

/**
 * The default cClassTrib of each IBS/CBS CST seeded in `nf_cst_ibs_cbs` (migration 0032), from the
 * published cClassTrib table (Informe Técnico 2024.001 and its updates, Portal da NF-e; docs/NFE.md).
 */
export const DEFAULT_CLASS_TRIB: Readonly<Record<string, string>> = {
  "000": "000001",
  "200": "200034",
  "410": "410999",
  "510": "510001",
  "550": "550001",
  "620": "620001",
  "800": "800001",
  "810": "810001",
};

/**
 * CST and cClassTrib for the draft's `ibsCbs` from a registry row (`nf_cst_ibs_cbs`): the row's
 * `classTrib`, or the CST's default when the row has none; refused when it is not of the CST.
 */
export function ibsCbsClassOf(row: { code: string; classTrib: string | null }): {
  cst: string;
  classTrib: string;
} {
  const classTrib = row.classTrib || DEFAULT_CLASS_TRIB[row.code];
  if (!classTrib || !/^\d{6}$/.test(classTrib) || !classTrib.startsWith(row.code))
    throw new EmissionDraftError(
      `CST de IBS/CBS ${row.code} sem cClassTrib válido (6 dígitos começando pelo CST)`,
    );
  return { cst: row.code, classTrib };
}
