import { z } from "@hono/zod-openapi";
import type { CompanyInvoiceRow } from "../../../db/registries/company-invoices";
import {
  isCityCode,
  isUf,
  NFE_NUMBER_MAX,
  NFE_SERIES_MAX,
  STATE_REGISTRATION_EXEMPT,
  TAX_REGIMES,
  UFS,
} from "../../../domain/company/fiscal-profile";
import {
  CITY_CODE_FORMAT,
  CITY_CODE_INVALID,
  NFE_NEXT_NUMBER_INVALID,
  NFE_SERIES_INVALID,
  PHONE_INVALID,
  STATE_REGISTRATION_INVALID,
  TAX_REGIME_INVALID,
  UF_INVALID,
  ZIP_CODE_INVALID,
} from "../../../domain/company/messages";
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
import { digitCodeBody, documentField, nfeTextBody } from "../fields";

/*
 * The issuer's fiscal profile (the NF-e's `emit`): optional here, every field null (or its default) until
 * informed; the NF-e emission will require what the layout requires. Formats follow leiauteNFe_v4.00.xsd.
 */

const text = (description: string) => z.string().nullable().openapi({ description });

const FiscalProfileSchema = z.object({
  StateRegistration: text("Inscrição estadual (IE): só dígitos, ou ISENTO"),
  TaxRegime: z.number().int().nullable().openapi({
    description:
      "Regime tributário (CRT): 1 Simples Nacional, 2 Simples Nacional com excesso de sublimite, 3 Regime Normal, 4 MEI",
  }),
  Street: text("Logradouro (xLgr)"),
  Number: text("Número (nro)"),
  Complement: text("Complemento (xCpl)"),
  District: text("Bairro (xBairro)"),
  CityCode: text("Código IBGE do município (cMun), 7 dígitos"),
  City: text("Nome do município (xMun)"),
  UF: text("Sigla da UF"),
  ZipCode: text("CEP, 8 dígitos"),
  Phone: text("Telefone: DDD + número, só dígitos"),
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
});

/** IE digits (punctuation dropped) or ISENTO (any case); empty or null clears it. */
const stateRegistrationBody = z
  .string({ error: STATE_REGISTRATION_INVALID })
  .transform((text, ctx) => {
    const trimmed = text.trim();
    if (trimmed === "") return null;
    if (trimmed.toUpperCase() === STATE_REGISTRATION_EXEMPT) return STATE_REGISTRATION_EXEMPT;
    const digits = trimmed.replace(/[.\-/\s]/g, "");
    if (/^\d{2,14}$/.test(digits)) return digits;
    ctx.addIssue({ code: "custom", message: STATE_REGISTRATION_INVALID });
    return z.NEVER;
  })
  .nullable()
  .optional()
  .openapi({
    type: ["string", "null"],
    maxLength: 20,
    example: "110042490114",
    description: `Inscrição estadual: de 2 a 14 dígitos (pontuação \`.\`, \`-\`, \`/\` aceita e removida) ou ISENTO; vazio ou null apaga. 400 \`${STATE_REGISTRATION_INVALID}\`.`,
  });

const cityCodeBody = z
  .string({ error: CITY_CODE_FORMAT })
  .transform((text, ctx) => {
    const code = text.trim();
    if (code === "") return null;
    const message = !/^\d{7}$/.test(code)
      ? CITY_CODE_FORMAT
      : isCityCode(code)
        ? undefined
        : CITY_CODE_INVALID;
    if (message === undefined) return code;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  })
  .nullable()
  .optional()
  .openapi({
    type: ["string", "null"],
    maxLength: 7,
    example: "3550308",
    description: `Código IBGE do município (cMun): 7 dígitos, os 2 primeiros o código da UF e o último o dígito verificador (regra da NT 2008.004, com os 9 códigos que a SEFAZ aceita fora dela); deve ser de um município da UF. 400 \`${CITY_CODE_FORMAT}\`, \`${CITY_CODE_INVALID}\`.`,
  });

const ufBody = z
  .string({ error: UF_INVALID })
  .transform((text, ctx) => {
    const uf = text.trim().toUpperCase();
    if (uf === "") return null;
    if (isUf(uf)) return uf;
    ctx.addIssue({ code: "custom", message: UF_INVALID });
    return z.NEVER;
  })
  .nullable()
  .optional()
  .openapi({
    type: ["string", "null"],
    enum: [...UFS],
    example: "SP",
    description: `Sigla da UF do endereço (maiúsculas ou minúsculas); vazio ou null apaga. 400 \`${UF_INVALID}\`.`,
  });

const FiscalProfileBodySchema = z.object({
  StateRegistration: stateRegistrationBody,
  TaxRegime: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: TAX_REGIME_INVALID })
    .nullable()
    .optional()
    .openapi({
      type: ["integer", "null"],
      enum: [...TAX_REGIMES],
      description: `Regime tributário (CRT): 1 Simples Nacional, 2 Simples Nacional com excesso de sublimite, 3 Regime Normal, 4 MEI; null apaga. 400 \`${TAX_REGIME_INVALID}\`.`,
    }),
  Street: nfeTextBody("Street", 60, { min: 2, description: "Logradouro (xLgr)." }),
  Number: nfeTextBody("Number", 60, { description: "Número (nro), ex.: 123 ou S/N." }),
  Complement: nfeTextBody("Complement", 60, { description: "Complemento (xCpl)." }),
  District: nfeTextBody("District", 60, { min: 2, description: "Bairro (xBairro)." }),
  CityCode: cityCodeBody,
  City: nfeTextBody("City", 60, { min: 2, description: "Nome do município (xMun)." }),
  UF: ufBody,
  ZipCode: digitCodeBody(/^\d{8}$/, ZIP_CODE_INVALID).openapi({
    type: ["string", "null"],
    maxLength: 10,
    example: "01310100",
    description: `CEP: 8 dígitos (\`01310-100\` aceito, guardado só com dígitos); vazio ou null apaga. 400 \`${ZIP_CODE_INVALID}\`.`,
  }),
  Phone: digitCodeBody(/^\d{6,14}$/, PHONE_INVALID, /[().\-\s]/g).openapi({
    type: ["string", "null"],
    maxLength: 30,
    example: "1133334444",
    description: `Telefone: DDD + número, de 6 a 14 dígitos (\`(11) 3333-4444\` aceito, guardado só com dígitos); vazio ou null apaga. 400 \`${PHONE_INVALID}\`.`,
  }),
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
  Street: row.street,
  Number: row.number,
  Complement: row.complement,
  District: row.district,
  CityCode: row.cityCode,
  City: row.city,
  UF: row.uf,
  ZipCode: row.zipCode,
  Phone: row.phone,
  NFeSeries: row.nfeSeries,
  NFeNextNumber: row.nfeNextNumber,
  EmitIBSCBS: row.emitIbsCbs,
  NFeBaseUrl: row.nfeBaseUrl,
});

/** The fiscal profile of a body under its column names; `undefined` stays "not sent". */
const fiscalProfileValues = (body: Partial<z.infer<typeof FiscalProfileBodySchema>>) => ({
  stateRegistration: body.StateRegistration,
  taxRegime: body.TaxRegime,
  street: body.Street,
  number: body.Number,
  complement: body.Complement,
  district: body.District,
  cityCode: body.CityCode,
  city: body.City,
  uf: body.UF,
  zipCode: body.ZipCode,
  phone: body.Phone,
  nfeSeries: body.NFeSeries,
  nfeNextNumber: body.NFeNextNumber,
  emitIbsCbs: body.EmitIBSCBS,
  nfeBaseUrl: body.NFeBaseUrl,
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
});

/** The registry's domain operations, taking the validated query and bodies of its routes. */
export const companyInvoiceRows = {
  list: (db: Db, companyId: number, query: { Page: number }) =>
    listCompanyInvoices(db, companyId, { page: query.Page }),
  findAsList: findCompanyInvoiceAsList,
  create: (db: Db, companyId: number, body: z.infer<typeof CompanyInvoiceCreateSchema>) =>
    createCompanyInvoice(db, companyId, {
      name: body.Name,
      document: body.Document ?? null,
      ...fiscalProfileValues(body),
    }),
  change: (db: Db, companyId: number, id: number, body: z.infer<typeof CompanyInvoiceUpdateSchema>) =>
    changeCompanyInvoice(db, companyId, id, {
      name: body.Name,
      document: body.Document,
      ...fiscalProfileValues(body),
    }),
  remove: deleteCompanyInvoice,
  toBody: invoiceBody,
};
