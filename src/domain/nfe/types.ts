import type { Cents } from "../../lib/money";

/** Taxes of an item or of the document, in cents (absent groups are 0). */
export type NfeTaxes = {
  icms: Cents;
  icmsSt: Cents;
  ipi: Cents;
  pis: Cents;
  cofins: Cents;
  /** The 2026 tax reform groups (IBSCBS), when the issuer sends them. */
  ibs: Cents;
  cbs: Cents;
};

export type NfeItem = {
  /** `nItem`, 1 to 990: the line number of the import's item errors. */
  number: number;
  /** `cProd`: the supplier's own code of the product. */
  supplierCode: string;
  /** `cEAN` / `cEANTrib`, null for `SEM GTIN` or empty. */
  ean: string | null;
  eanTrib: string | null;
  description: string;
  ncm: string;
  cfop: string;
  unit: string;
  /** `qCom` as written (up to 4 decimals) and in thousandths, the ledger's unit (rounded half up). */
  quantityText: string;
  quantity: number;
  /** `vUnCom` as written (up to 10 decimals). */
  unitValueText: string;
  /** `vProd`. */
  total: Cents;
  taxes: NfeTaxes;
};

export type NfeInstallment = { number: string; dueDate: string; value: Cents };
export type NfePayment = { indicator: string | null; type: string; value: Cents };

export type NfeTotals = NfeTaxes & {
  products: Cents;
  freight: Cents;
  insurance: Cents;
  discount: Cents;
  other: Cents;
  /** `vNF`. */
  total: Cents;
};

/** An NF-e (model 55, layout 4.00) as the import uses it. */
export type NfeDocument = {
  accessKey: string;
  model: string;
  series: number;
  number: number;
  /** `dhEmi` as written (`2026-11-20T10:15:00-03:00`) and its date. */
  issuedAt: string;
  issueDate: string;
  nature: string;
  /** 1 production, 2 homologation. */
  environment: string;
  issuer: { document: string; name: string; stateRegistration: string | null };
  recipient: { document: string; name: string | null };
  items: NfeItem[];
  totals: NfeTotals;
  payments: NfePayment[];
  installments: NfeInstallment[];
  /** The authorization of a `nfeProc`; null for a bare `NFe`. */
  protocol: { number: string; status: string; receivedAt: string } | null;
};
