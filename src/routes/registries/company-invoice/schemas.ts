import { z } from "@hono/zod-openapi";
import type { CompanyInvoiceRow } from "../../../db/registries/company-invoices";
import { NFE_NUMBER_MAX, NFE_SERIES_MAX, TAX_REGIMES } from "../../../domain/company/fiscal-profile";
import {
  CSC_ID_INVALID,
  CSC_INVALID,
  NFCE_NEXT_NUMBER_INVALID,
  NFCE_SERIES_INVALID,
  NFE_NEXT_NUMBER_INVALID,
  NFE_SERIES_INVALID,
  TAX_REGIME_INVALID,
} from "../../../domain/company/messages";
import { contingencyModeName, modeOfInvoice } from "../../../domain/emission/contingency";
import { NFE_BASE_URL_INVALID } from "../../../domain/emission/messages";
import {
  changeCompanyInvoice,
  createCompanyInvoice,
  deleteCompanyInvoice,
  findCompanyInvoiceAsList,
  listCompanyInvoices,
} from "../../../domain/registries/company-invoices";
import { COMPANY_INVOICE_NOT_FOUND } from "../../../domain/registries/messages";
import type { Db } from "../../../env";
import {
  cnpjBody,
  flagBody,
  idField,
  idPath,
  pageQuery,
  requiredText,
  statusField,
} from "../../../http/schemas";
import { addressRefusal } from "../../../lib/address-rule";
import type { CrudSpec } from "../crud-configs";
import {
  clearableField,
  documentField,
  fiscalAddressBodyShape,
  fiscalAddressOf,
  fiscalAddressSchemaShape,
  fiscalAddressValues,
  stateRegistrationBody,
} from "../fields";

/*
 * The issuer's fiscal profile (the NF-e's `emit`): optional here, every field null (or its default) until
 * informed; the NF-e emission will require what the layout requires. Formats follow leiauteNFe_v4.00.xsd;
 * the state registration and the address share their builders with the recipient (`/consumer`).
 */

const FiscalProfileSchema = z.object({
  StateRegistration: clearableField("Inscrição estadual (IE): só dígitos, ou ISENTO"),
  TaxRegime: z.number().int().nullable().openapi({
    description:
      "Regime tributário (CRT): 1 Simples Nacional, 2 Simples Nacional com excesso de sublimite, 3 Regime Normal, 4 MEI",
  }),
  ...fiscalAddressSchemaShape,
  NFeSeries: z.number().int().openapi({ description: "Série da NF-e (0 a 999)", example: 1 }),
  NFeNextNumber: z
    .number()
    .int()
    .openapi({ description: "Próximo número da NF-e nesta série (1 a 999999999)", example: 1 }),
  EmitIBSCBS: z
    .number()
    .int()
    .openapi({ description: "1 quando a NF-e levará o grupo IBS/CBS; 0 não", example: 0 }),
  NFeBaseUrl: z.string().nullable().openapi({
    description:
      "Endereço (esquema e host) que substitui o do autorizador da SEFAZ na emissão da NF-e (um ambiente de teste); null: o autorizador da UF",
  }),
  NFCeSeries: z.number().int().openapi({ description: "Série da NFC-e (modelo 65, 0 a 999)", example: 1 }),
  NFCeNextNumber: z
    .number()
    .int()
    .openapi({ description: "Próximo número da NFC-e nesta série (1 a 999999999)", example: 1 }),
  CSCId: z.string().nullable().openapi({
    description:
      "Identificador do CSC (QR Code versão 2 da NFC-e, só nas UFs que ainda o pedem); null sem CSC",
    example: "000001",
  }),
  CSCSet: z.number().int().openapi({
    description: "1 quando o CSC está guardado (o CSC é um segredo: nunca é devolvido); 0 sem CSC",
    example: 0,
  }),
  NFCeOfflineContingency: z.number().int().openapi({
    description:
      "1: a NFC-e cujo autorizador não responde (tempo esgotado, 5xx, 108/109) é emitida em contingência off-line (tpEmis 9) e transmitida depois; 0 não",
    example: 0,
  }),
});

const numberBody = (message: string, min: number, max: number, description: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .optional()
    .openapi({ minimum: min, maximum: max, default: 1, description: `${description} 400 \`${message}\`.` });

/** The NFC-e's settings of a body: series, next number, the CSC and its id, the offline switch. */
const NfceBodyShape = {
  NFCeSeries: numberBody(NFCE_SERIES_INVALID, 0, NFE_SERIES_MAX, "Série da NFC-e (0 a 999)."),
  NFCeNextNumber: numberBody(
    NFCE_NEXT_NUMBER_INVALID,
    1,
    NFE_NUMBER_MAX,
    "Próximo número da NFC-e na série (1 a 999999999): a emissão usará este e o avançará.",
  ),
  CSCId: z
    .string({ error: CSC_ID_INVALID })
    .regex(/^[0-9]{1,6}$/, CSC_ID_INVALID)
    .nullable()
    .optional()
    .openapi({
      type: ["string", "null"],
      pattern: "^[0-9]{1,6}$",
      example: "000001",
      description: `Identificador do CSC (cIdToken do QR Code versão 2), de 1 a 6 dígitos; enviado junto com CSC; null apaga os dois. 400 \`${CSC_ID_INVALID}\`.`,
    }),
  CSC: z
    .string({ error: CSC_INVALID })
    .regex(/^[0-9A-Za-z]{16,36}$/, CSC_INVALID)
    .nullable()
    .optional()
    .openapi({
      type: ["string", "null"],
      pattern: "^[0-9A-Za-z]{16,36}$",
      writeOnly: true,
      example: "0123456789ABCDEF0123456789ABCDEF",
      description: `Código de Segurança do Contribuinte (CSC) que a SEFAZ da UF fornece, só para as UFs que ainda pedem o QR Code versão 2: guardado cifrado, nunca devolvido (o GET mostra \`CSCSet\`). Enviado junto com CSCId; null apaga os dois. 400 \`${CSC_INVALID}\`.`,
    }),
  NFCeOfflineContingency: flagBody("NFCeOfflineContingency").optional().openapi({
    default: 0,
    description:
      "1 liga a contingência off-line da NFC-e (tpEmis 9): quando o autorizador não responde, a nota é emitida off-line na hora e transmitida em até 24 h; 0 desliga",
  }),
};

const FiscalProfileBodySchema = z.object({
  StateRegistration: stateRegistrationBody("Inscrição estadual do emitente (IE)."),
  TaxRegime: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: TAX_REGIME_INVALID })
    .nullable()
    .optional()
    .openapi({
      type: ["integer", "null"],
      enum: [...TAX_REGIMES],
      description: `Regime tributário (CRT): 1 Simples Nacional, 2 Simples Nacional com excesso de sublimite, 3 Regime Normal, 4 MEI; null apaga. 400 \`${TAX_REGIME_INVALID}\`.`,
    }),
  ...fiscalAddressBodyShape,
  NFeSeries: z
    .number({ error: NFE_SERIES_INVALID })
    .int(NFE_SERIES_INVALID)
    .min(0, NFE_SERIES_INVALID)
    .max(NFE_SERIES_MAX, NFE_SERIES_INVALID)
    .optional()
    .openapi({
      minimum: 0,
      maximum: NFE_SERIES_MAX,
      default: 1,
      description: `Série da NF-e (0 a 999). 400 \`${NFE_SERIES_INVALID}\`.`,
    }),
  NFeNextNumber: z
    .number({ error: NFE_NEXT_NUMBER_INVALID })
    .int(NFE_NEXT_NUMBER_INVALID)
    .min(1, NFE_NEXT_NUMBER_INVALID)
    .max(NFE_NUMBER_MAX, NFE_NEXT_NUMBER_INVALID)
    .optional()
    .openapi({
      minimum: 1,
      maximum: NFE_NUMBER_MAX,
      default: 1,
      description: `Próximo número da NF-e na série (1 a 999999999): a emissão usará este e o avançará. 400 \`${NFE_NEXT_NUMBER_INVALID}\`.`,
    }),
  EmitIBSCBS: flagBody("EmitIBSCBS").optional().openapi({
    default: 0,
    description: "1 quando a NF-e levará o grupo IBS/CBS (reforma tributária); 0 não",
  }),
  ...NfceBodyShape,
  NFeBaseUrl: z
    .string({ error: NFE_BASE_URL_INVALID })
    .transform((text, ctx) => {
      const url = text.trim();
      if (url === "") return null;
      if (addressRefusal(url, false) === null) return url.replace(/\/+$/, "");
      ctx.addIssue({ code: "custom", message: NFE_BASE_URL_INVALID });
      return z.NEVER;
    })
    .nullable()
    .optional()
    .openapi({
      type: ["string", "null"],
      maxLength: 2048,
      example: "https://nfe-homologacao.example.com",
      description: `Endereço (esquema e host) que substitui o do autorizador da SEFAZ na emissão (NFeAutorizacao4, NFeRetAutorizacao4, NFeConsultaProtocolo4): o caminho do serviço é mantido. Em produção só https em host público (a emissão recusa outro). Vazio ou null: o autorizador da UF e do ambiente. 400 \`${NFE_BASE_URL_INVALID}\`.`,
    }),
});

const fiscalProfileBody = (row: CompanyInvoiceRow) => ({
  StateRegistration: row.stateRegistration,
  TaxRegime: row.taxRegime,
  ...fiscalAddressOf(row),
  NFeSeries: row.nfeSeries,
  NFeNextNumber: row.nfeNextNumber,
  EmitIBSCBS: row.emitIbsCbs,
  NFeBaseUrl: row.nfeBaseUrl,
  NFCeSeries: row.nfceSeries,
  NFCeNextNumber: row.nfceNextNumber,
  CSCId: row.cscId,
  CSCSet: row.cscSealed ? 1 : 0,
  NFCeOfflineContingency: row.nfceOfflineContingency,
});

/** The fiscal profile of a body under its column names; `undefined` stays "not sent". */
const fiscalProfileValues = (body: Partial<z.infer<typeof FiscalProfileBodySchema>>) => ({
  stateRegistration: body.StateRegistration,
  taxRegime: body.TaxRegime,
  ...fiscalAddressValues(body),
  nfeSeries: body.NFeSeries,
  nfeNextNumber: body.NFeNextNumber,
  emitIbsCbs: body.EmitIBSCBS,
  nfeBaseUrl: body.NFeBaseUrl,
  nfceSeries: body.NFCeSeries,
  nfceNextNumber: body.NFCeNextNumber,
  cscId: body.CSCId,
  nfceOfflineContingency: body.NFCeOfflineContingency,
});

export const CompanyInvoiceSchema = z
  .object({
    IDCompanyInvoice: idField("Id do faturador"),
    Name: z.string().openapi({ example: "Demo Comércio Ltda" }),
    Document: documentField.openapi({
      description: "CNPJ sem pontuação (numérico, ou alfanumérico em maiúsculas, ex. `12ABC34501DE35`)",
    }),
    Status: statusField,
  })
  .extend(FiscalProfileSchema.shape)
  .extend({
    ContingencyMode: z
      .enum(["SVC-AN", "SVC-RS"])
      .nullable()
      .openapi({
        type: ["string", "null"],
        description:
          "Contingência SVC da NF-e em que o faturador emite agora (tpEmis 6 SVC-AN, 7 SVC-RS: a da UF), entrada e saída automáticas (docs/NFE.md, webhook `nfe.contingency`); null: emissão normal. Só leitura.",
      }),
    ContingencySince: z
      .string()
      .nullable()
      .openapi({
        type: ["string", "null"],
        example: "2026-11-29T10:00:05-03:00",
        description: "dhCont: quando a contingência começou (horário de Brasília); null fora dela",
      }),
    ContingencyReason: z
      .string()
      .nullable()
      .openapi({
        type: ["string", "null"],
        description: "xJust das NF-e emitidas na contingência: o autorizador paralisado e o que respondeu",
      }),
  })
  .openapi("CompanyInvoice");

export const CompanyInvoiceCreateSchema = z
  .object({
    Name: requiredText("Name", 150).openapi({ example: "Demo Comércio Ltda" }),
    Document: cnpjBody.optional(),
  })
  .extend(FiscalProfileBodySchema.shape)
  .openapi("CompanyInvoiceCreate");

export const CompanyInvoiceUpdateSchema =
  CompanyInvoiceCreateSchema.partial().openapi("CompanyInvoiceUpdate");

export const companyInvoiceCrud = {
  params: z.object({ idcompanyinvoice: idPath("idcompanyinvoice") }),
  listQuery: z.object({ Page: pageQuery }),
  item: CompanyInvoiceSchema,
  createBody: CompanyInvoiceCreateSchema,
  updateBody: CompanyInvoiceUpdateSchema,
  tag: "Company",
  noun: { one: "faturador", many: "faturadores" },
  notFound: COMPANY_INVOICE_NOT_FOUND,
  operationIds: {
    list: "listCompanyInvoices",
    get: "getCompanyInvoice",
    create: "createCompanyInvoice",
    update: "updateCompanyInvoice",
    remove: "deleteCompanyInvoice",
  },
  notes: {
    list: "Faturadores (empresas emissoras de nota) da empresa, com o perfil fiscal do emitente da NF-e.",
    create:
      "O perfil fiscal (IE, CRT, endereço, série e próximo número da NF-e, IBS/CBS) é opcional aqui; a emissão da NF-e o exigirá. CityCode deve ser de um município da UF (a do corpo ou a gravada).",
    update:
      "Campos do perfil fiscal enviados como null ou vazio são apagados. CityCode deve ser de um município da UF (a do corpo ou a gravada).",
  },
} satisfies CrudSpec;

export const invoiceBody = (row: CompanyInvoiceRow) => ({
  IDCompanyInvoice: row.id,
  Name: row.name,
  Document: row.document,
  Status: row.status,
  ...fiscalProfileBody(row),
  ContingencyMode: contingencyModeName(modeOfInvoice(row)),
  ContingencySince: row.contingencySince ?? null,
  ContingencyReason: row.contingencyReason ?? null,
});

/** The CSC sealed by the route (`sealCsc`): undefined when the body does not touch it. */
type Sealed = { cscSealed?: string | null | undefined };

/** The registry's domain operations, taking the validated query and bodies of its routes. */
export const companyInvoiceRows = {
  list: (db: Db, companyId: number, query: { Page: number }) =>
    listCompanyInvoices(db, companyId, { page: query.Page }),
  findAsList: findCompanyInvoiceAsList,
  create: (db: Db, companyId: number, body: z.infer<typeof CompanyInvoiceCreateSchema> & Sealed) =>
    createCompanyInvoice(db, companyId, {
      name: body.Name,
      document: body.Document ?? null,
      ...fiscalProfileValues(body),
      cscSealed: body.cscSealed ?? null,
    }),
  change: (
    db: Db,
    companyId: number,
    id: number,
    body: z.infer<typeof CompanyInvoiceUpdateSchema> & Sealed,
  ) =>
    changeCompanyInvoice(db, companyId, id, {
      name: body.Name,
      document: body.Document,
      ...fiscalProfileValues(body),
      cscSealed: body.cscSealed,
    }),
  remove: deleteCompanyInvoice,
  toBody: invoiceBody,
};
