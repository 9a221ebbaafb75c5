import { z } from "@hono/zod-openapi";
import type { CstIbsCbsRow, TaxProfileRow } from "../../db/orders/registry";
import type { TaxProfileInput } from "../../domain/orders/tax-profiles";
import { idField, idPath, statusField, textBody } from "../../http/schemas";
import { fromBasisPoints } from "../../lib/money";
import { rate, taxRateFields, taxRatesOf } from "../orders/schemas/common";

export const TAX_TAG = "Tax";

export const TaxProfileSchema = z
  .object({
    IDTaxProfile: idField("Id do perfil tributário"),
    Code: z
      .string()
      .openapi({ description: "Código que o SKU informa em TaxProfile", example: "REVENDA-SP" }),
    Description: z.string(),
    CstIcms: z.string().openapi({ example: "00" }),
    IcmsRate: rate("Alíquota de ICMS"),
    CstIpi: z.string().openapi({ example: "50" }),
    IpiRate: rate("Alíquota de IPI"),
    CstPis: z.string().openapi({ example: "01" }),
    PisRate: rate("Alíquota de PIS"),
    CstCofins: z.string().openapi({ example: "01" }),
    CofinsRate: rate("Alíquota de COFINS"),
    IDNfCstIbsCbs: idField("CST de IBS/CBS (GET /tax/cst-ibs-cbs)"),
    IbsRate: rate("Alíquota de IBS"),
    CbsRate: rate("Alíquota de CBS"),
    Status: statusField,
  })
  .openapi("TaxProfile");

export const taxProfileBody = (row: TaxProfileRow) => ({
  IDTaxProfile: row.id,
  Code: row.code,
  Description: row.description,
  CstIcms: row.icmsCst,
  IcmsRate: fromBasisPoints(row.icmsRate),
  CstIpi: row.ipiCst,
  IpiRate: fromBasisPoints(row.ipiRate),
  CstPis: row.pisCst,
  PisRate: fromBasisPoints(row.pisRate),
  CstCofins: row.cofinsCst,
  CofinsRate: fromBasisPoints(row.cofinsRate),
  IDNfCstIbsCbs: row.cstIbsCbsId,
  IbsRate: fromBasisPoints(row.ibsRate),
  CbsRate: fromBasisPoints(row.cbsRate),
  Status: row.status,
});

const fields = {
  Code: textBody("Code", 60).trim().min(1, "Code não pode ser vazio"),
  Description: textBody("Description", 200, { multiline: true })
    .trim()
    .min(1, "Description não pode ser vazio"),
  ...taxRateFields,
};

export const TaxProfileCreateSchema = z.object(fields).openapi("TaxProfileCreate", {
  example: {
    Code: "REVENDA-SP",
    Description: "Revenda de mercadoria em SP",
    CstIcms: "00",
    IcmsRate: 18,
    CstIpi: "53",
    IpiRate: 0,
    CstPis: "01",
    PisRate: 1.65,
    CstCofins: "01",
    CofinsRate: 7.6,
    IDNfCstIbsCbs: 1,
    IbsRate: 0.1,
    CbsRate: 0.9,
  },
});
export const TaxProfileUpdateSchema = z.object(fields).partial().openapi("TaxProfileUpdate");

export const taxProfileInput = (
  body: Partial<z.infer<typeof TaxProfileCreateSchema>>,
): Partial<TaxProfileInput> => ({
  code: body.Code,
  description: body.Description,
  ...taxRatesOf(body),
});

export const taxProfileParams = z.object({
  idtaxprofile: idPath("idtaxprofile").openapi({ description: "IDTaxProfile" }),
});

export const CstIbsCbsSchema = z
  .object({
    IDNfCstIbsCbs: z.number().int(),
    Code: z.string().openapi({ example: "000" }),
    Description: z.string().openapi({ example: "Tributação integral" }),
    ClassTrib: z.string().openapi({
      example: "000001",
      description: "cClassTrib padrão do CST (6 dígitos) escrito no grupo IBSCBS da NF-e",
    }),
  })
  .openapi("CstIbsCbs");

export const cstBodyOf = (row: CstIbsCbsRow) => ({
  IDNfCstIbsCbs: row.id,
  Code: row.code,
  Description: row.description,
  ClassTrib: row.classTrib,
});
