/**
 * The NF-e (model 55) and NFC-e (model 65) as this service issues them: what the XML builder
 * (`build.ts`) receives, already read from the order, the invoicing company, the consumer and the
 * registries, with every value in integer cents, every rate in hundredths of a percent (18% = 1800)
 * and every quantity in thousandths, as the order stores them. The builder writes the layout's
 * decimals from these; nothing here is a float.
 */
import type { Cents } from "../../lib/money";

export type NFeModel = 55 | 65;

/** `tpAmb`: 1 production, 2 homologation. */
export type FiscalEnvironment = 1 | 2;

/** `tpEmis`: 1 normal, 6 SVC-AN, 7 SVC-RS, 9 NFC-e offline contingency. */
export type EmissionType = 1 | 6 | 7 | 9;

/** An address as the layout's `TEnderEmi` / `TEndereco` wants it (texts already NF-e text). */
export type FiscalAddress = {
  street: string;
  number: string;
  complement: string | null;
  district: string;
  /** IBGE municipality code, 7 digits. */
  cityCode: string;
  city: string;
  /** UF initials (SP). */
  uf: string;
  /** CEP, 8 digits. */
  zipCode: string | null;
  /** DDD + number, 6 to 14 digits. */
  phone: string | null;
};

export type FiscalIssuer = {
  /** CNPJ, 14 characters (alphanumeric CNPJ allowed). */
  cnpj: string;
  /** xNome. */
  name: string;
  /** IE digits or `ISENTO`. */
  stateRegistration: string;
  /** CRT: 1 Simples Nacional, 2 Simples excess of sublimit, 3 normal regime, 4 MEI. */
  taxRegime: 1 | 2 | 3 | 4;
  address: FiscalAddress;
};

export type FiscalRecipient = {
  /** CPF (11 digits) or CNPJ (14 characters). */
  document: string;
  name: string;
  /** IE digits, `ISENTO`, or null (non-contributor): gives `indIEDest` 1, 2 or 9. */
  stateRegistration: string | null;
  email: string | null;
  /** Required by model 55; optional for model 65. */
  address: FiscalAddress | null;
};

/** The taxes of one item as the order stores them (values in cents, rates in hundredths of a percent). */
export type FiscalItemTaxes = {
  /** CST (regime normal, 2 digits) or CSOSN (Simples, 3 digits) as stored on the item. */
  icmsCst: string;
  icmsRate: number;
  icmsValue: Cents;
  ipiCst: string;
  ipiRate: number;
  ipiValue: Cents;
  pisCst: string;
  pisRate: number;
  pisValue: Cents;
  cofinsCst: string;
  cofinsRate: number;
  cofinsValue: Cents;
  /** The base the stored values were computed on (the item's value before taxes). */
  base: Cents;
  /**
   * pRedBC of ICMS CST 20 in hundredths of a percent, when the order knows it; otherwise the builder
   * derives it from the base and the item's value (vProd - vDesc + vFrete).
   */
  icmsBaseReduction?: number | null;
  /** The IBS/CBS group (written only when the issuer's `EmitIBSCBS` is 1): CST and cClassTrib. */
  ibsCbs: {
    cst: string;
    classTrib: string;
    /** IBS of the state (pIBSUF) and of the municipality (pIBSMun), CBS (pCBS). */
    ibsUfRate: number;
    ibsUfValue: Cents;
    ibsMunRate: number;
    ibsMunValue: Cents;
    cbsRate: number;
    cbsValue: Cents;
  } | null;
};

export type FiscalItem = {
  /** cProd: the SKU's code. */
  code: string;
  /** cEAN / cEANTrib: GTIN or null (`SEM GTIN`). */
  gtin: string | null;
  /** xProd. */
  description: string;
  /** 8 digits. */
  ncm: string;
  cest: string | null;
  /** 4 digits. */
  cfop: string;
  /** uCom / uTrib. */
  unit: string;
  /** qCom in thousandths. */
  quantityMilli: number;
  /** vUnCom in cents. */
  unitPrice: Cents;
  /** vProd: quantity x unit price, rounded half up, in cents. */
  grossValue: Cents;
  /** vDesc of the item (its own discount plus its share of the order's). */
  discount: Cents;
  /** vFrete: its share of the order's freight. */
  freight: Cents;
  /** `orig` of the ICMS group (0 to 8). */
  origin: number;
  taxes: FiscalItemTaxes;
};

/** One instalment of `cobr/dup`: the order's receivable titles. */
export type FiscalInstallment = { number: string; dueDate: string; value: Cents };

/** One `pag/detPag`: `tPag` (2 digits), `tBand` (2 digits) for cards, the amount. */
export type FiscalPayment = {
  /** 0 paid at once, 1 in instalments. */
  indPag: 0 | 1;
  tPag: string;
  tBand: string | null;
  value: Cents;
  /** Card data of TEF payments (NFC-e): CNPJ of the acquirer and authorization code, when known. */
  card: { integration: 1 | 2; acquirerCnpj: string | null; authorization: string | null } | null;
};

export type FiscalTransport = {
  /** modFrete: 0 by the issuer, 1 by the recipient, 2 third party, 3 own issuer, 4 own recipient, 9 none. */
  modFrete: 0 | 1 | 2 | 3 | 4 | 9;
  carrier: { document: string | null; name: string } | null;
  volumes: number;
  /** Weights in grams (the layout writes kilograms with 3 decimals). */
  grossWeight: number;
  netWeight: number;
};

export type FiscalDocumentDraft = {
  model: NFeModel;
  environment: FiscalEnvironment;
  emissionType: EmissionType;
  /** For `tpEmis` other than 1: when and why the contingency began (dhCont, xJust). */
  contingency: { since: string; reason: string } | null;
  series: number;
  number: number;
  /** 8 digits, drawn once per note. */
  cnf: string;
  /** dhEmi, `YYYY-MM-DDTHH:MM:SS-03:00`. */
  issuedAt: string;
  natOp: string;
  /** indFinal: 1 final consumer. */
  finalConsumer: 0 | 1;
  /** indPres: 1 in person, 2 internet, 9 other... */
  presence: number;
  issuer: FiscalIssuer;
  recipient: FiscalRecipient | null;
  items: FiscalItem[];
  /** Whether the IBS/CBS groups are written (the invoicing company's `EmitIBSCBS`). */
  emitIbsCbs: boolean;
  installments: FiscalInstallment[];
  payments: FiscalPayment[];
  /** vTroco (NFC-e cash above the total). */
  change: Cents;
  transport: FiscalTransport;
  /** infCpl. */
  additionalInfo: string | null;
};
