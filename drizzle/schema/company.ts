import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, id, status } from "./columns";

/** Invoicing companies ("faturadores") of a company. */
export const companyInvoices = sqliteTable(
  "company_invoices",
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    document: text(),
    status: status(),
    createdAt: createdAt(),
    // The issuer's fiscal profile (the NF-e's `emit`): null until informed. The defaults are SQL
    // expressions so that inserts which do not name them bind no extra parameters.
    /** IE digits or `ISENTO`. */
    stateRegistration: text(),
    /** CRT: 1 Simples Nacional, 2 Simples excess of sublimit, 3 normal regime, 4 MEI. */
    taxRegime: integer(),
    street: text(),
    number: text(),
    complement: text(),
    district: text(),
    /** IBGE municipality code, 7 digits with its check digit. */
    cityCode: text(),
    city: text(),
    uf: text(),
    /** CEP, 8 digits. */
    zipCode: text(),
    /** DDD + number, 6 to 14 digits. */
    phone: text(),
    /** NF-e series (0 to 999) and the next number the emission will take in it (1 to 999999999). */
    nfeSeries: integer().notNull().default(sql`1`),
    nfeNextNumber: integer().notNull().default(sql`1`),
    /** 1 when the NF-e will carry the IBS/CBS group. */
    emitIbsCbs: integer().notNull().default(sql`0`),
    /**
     * Where the NF-e emission reaches SEFAZ's authorization services instead of the authorizer's own
     * host (scheme and host; the service path stays): a homologation double. Null: the authorizer
     * of the table. Production refuses anything but https on a public host.
     */
    nfeBaseUrl: text(),
    /**
     * SVC contingency of the NF-e (model 55): null in normal emission; 6 (SVC-AN) or 7 (SVC-RS), the
     * UF's contingency authorizer, while its authorizer is stopped. `contingencySince` is the dhCont
     * (`YYYY-MM-DDTHH:MM:SS-03:00`) and `contingencyReason` the xJust the notes of the period carry.
     * Entered and left by the emission (docs/NFE.md, "Contingência SVC").
     */
    contingencyMode: integer(),
    contingencySince: text(),
    contingencyReason: text(),
    /** NFC-e (model 65) series (0 to 999) and the next number the emission will take in it. */
    nfceSeries: integer().notNull().default(sql`1`),
    nfceNextNumber: integer().notNull().default(sql`1`),
    /**
     * The NFC-e's CSC (Código de Segurança do Contribuinte) and its id, for the UFs that still ask for
     * the QR code version 2: the CSC sealed by `encryptCredentials` (never answered), its id in clear.
     */
    cscId: text(),
    cscSealed: text(),
    /** 1: an NFC-e whose authorizer does not answer is issued in offline contingency (tpEmis 9). */
    nfceOfflineContingency: integer().notNull().default(sql`0`),
  },
  (t) => [index("company_invoices_company").on(t.companyId)],
);

/** Bank/TEF, Pix and other integrations of a company. */
export const companyIntegrations = sqliteTable(
  "company_integrations",
  {
    id: id(),
    companyId: companyId(),
    description: text().notNull(),
    /** `TEF`, `PIX` or another integration kind. */
    kind: text().notNull(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index("company_integrations_company").on(t.companyId)],
);
