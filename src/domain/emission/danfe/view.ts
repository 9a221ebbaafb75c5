import type { Cents } from "../../../lib/money";

/**
 * What a DANFE prints, read from an authorized `nfeProc` by `readDanfe` (read.ts): the layout's
 * own texts (codes, documents and dates as the XML writes them, quantities and unit values as
 * decimal text) and every amount in integer cents. Formatting for print is the drawing's. Shared
 * by the A4 DANFE (render.ts) and the NFC-e's DANFE to come (model 65: no recipient, payments,
 * change, QR code).
 */
export type DanfeAddress = {
  street: string;
  number: string;
  complement: string | null;
  district: string;
  cityCode: string | null;
  city: string;
  uf: string;
  zipCode: string | null;
  phone: string | null;
};

export type DanfeParty = {
  name: string;
  tradeName: string | null;
  /** CNPJ, CPF or foreign id as written (digits, or the alphanumeric CNPJ). */
  document: string | null;
  stateRegistration: string | null;
  address: DanfeAddress | null;
  email: string | null;
};

export type DanfeItem = {
  /** nItem. */
  number: number;
  code: string;
  description: string;
  gtin: string | null;
  ncm: string;
  cest: string | null;
  /** The origin followed by the CST (regime normal, `000`) or the CSOSN (Simples, `0102`). */
  cst: string;
  cfop: string;
  unit: string;
  /** qCom and vUnCom as written (`2.0000`, `10.5000000000`). */
  quantity: string;
  unitValue: string;
  /** vProd. */
  total: Cents;
  discount: Cents;
  icmsBase: Cents;
  icmsValue: Cents;
  /** pICMS / pIPI as written, null where the group has none. */
  icmsRate: string | null;
  ipiValue: Cents;
  ipiRate: string | null;
  ibsCbs: { cst: string; classTrib: string; base: Cents; ibs: Cents; cbs: Cents } | null;
  /** infAdProd. */
  additionalInfo: string | null;
};

export type DanfeVolume = {
  quantity: string | null;
  species: string | null;
  brand: string | null;
  numbering: string | null;
  /** pesoB / pesoL in kilograms as written. */
  grossKg: string | null;
  netKg: string | null;
};

export type DanfeTotals = {
  icmsBase: Cents;
  icms: Cents;
  icmsExempt: Cents;
  fcp: Cents;
  icmsStBase: Cents;
  icmsSt: Cents;
  products: Cents;
  freight: Cents;
  insurance: Cents;
  discount: Cents;
  other: Cents;
  ipi: Cents;
  pis: Cents;
  cofins: Cents;
  /** vTotTrib (Lei 12.741), when informed. */
  approximateTaxes: Cents | null;
  /** vNF. */
  total: Cents;
  /** IBSCBSTot (NT 2025.002), when the note carries it. */
  ibsCbs: { base: Cents; ibsUf: Cents; ibsMun: Cents; ibs: Cents; cbs: Cents } | null;
  /** vNFTot: the note's total with IBS/CBS, when informed. */
  totalWithIbsCbs: Cents | null;
};

export type DanfeView = {
  accessKey: string;
  model: 55 | 65;
  /** tpAmb: 2 homologation, printed "SEM VALOR FISCAL". */
  environment: 1 | 2;
  /** tpNF: 0 entry, 1 exit. */
  entryExit: 0 | 1;
  number: number;
  series: number;
  /** dhEmi / dhSaiEnt as written (`2026-11-20T10:15:00-03:00`). */
  issuedAt: string;
  exitAt: string | null;
  natOp: string;
  /** tpEmis. */
  emissionType: string;
  contingency: { at: string; reason: string } | null;
  /** protNFe/infProt: nProt, dhRecbto, cStat (100 or 150), xMotivo. */
  protocol: { number: string; receivedAt: string; status: string; reason: string };
  issuer: DanfeParty & {
    document: string;
    stStateRegistration: string | null;
    municipalRegistration: string | null;
    taxRegime: string | null;
  };
  recipient: DanfeParty | null;
  invoice: {
    number: string | null;
    original: Cents | null;
    discount: Cents | null;
    net: Cents | null;
  } | null;
  installments: Array<{ number: string; dueDate: string; value: Cents }>;
  payments: Array<{ type: string; description: string | null; value: Cents }>;
  /** vTroco. */
  change: Cents;
  totals: DanfeTotals;
  transport: {
    /** modFrete. */
    freightBy: string;
    carrier: {
      name: string;
      document: string | null;
      stateRegistration: string | null;
      address: string | null;
      city: string | null;
      uf: string | null;
    } | null;
    vehicle: { plate: string; uf: string | null; rntc: string | null } | null;
    volumes: DanfeVolume[];
  };
  items: DanfeItem[];
  /** infAdic/infCpl and infAdFisco. */
  additionalInfo: string | null;
  fiscoInfo: string | null;
  /** infNFeSupl (NFC-e): the QR code text and the consult URL. */
  qrCode: string | null;
  consultUrl: string | null;
};
