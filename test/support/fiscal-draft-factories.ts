import type {
  FiscalDocumentDraft,
  FiscalItem,
  FiscalItemTaxes,
  FiscalPayment,
} from "../../src/domain/emission/model";

/**
 * Realistic NF-e drafts for tests: an issuer in São Paulo (regime normal unless told), a CPF
 * recipient in the same city, items whose taxes are computed from their base as the order does
 * (values rounded half up per item), one payment of the whole note. Every piece can be overridden.
 */

/** CNPJ of the demo company (valid check digits). */
export const DRAFT_ISSUER_CNPJ = "11222333000181";
/** A valid CPF for the recipient. */
export const DRAFT_RECIPIENT_CPF = "52998224725";

const round = (value: number) => Math.floor((value * 2 + 1) / 2);
const tax = (base: number, hundredths: number) => round((base * hundredths) / 10_000);

export type ItemInput = {
  code?: string;
  description?: string;
  quantityMilli?: number;
  unitPrice?: number;
  discount?: number;
  freight?: number;
  /** ICMS CST (2 digits) or CSOSN (3 digits); default 00 (regime normal) or 102 (Simples). */
  icmsCst?: string;
  icmsRate?: number;
  ipiCst?: string;
  ipiRate?: number;
  pisCst?: string;
  pisRate?: number;
  cofinsCst?: string;
  cofinsRate?: number;
  /** IBS/CBS: CST and cClassTrib (default 000 / 000001, 2026 test rates). */
  ibsCbsCst?: string;
  classTrib?: string;
  gtin?: string | null;
  unit?: string;
};

/** One item with taxes computed on (gross - discount); the 2026 test rates for IBS/CBS. */
export function fiscalItem(input: ItemInput = {}, simples = false): FiscalItem {
  const quantityMilli = input.quantityMilli ?? 2000;
  const unitPrice = input.unitPrice ?? 4990;
  const grossValue = round((quantityMilli * unitPrice) / 1000);
  const discount = input.discount ?? 0;
  const freight = input.freight ?? 0;
  const base = grossValue - discount;
  const icmsCst = input.icmsCst ?? (simples ? "102" : "00");
  const icmsTaxed = ["00", "20", "90", "101", "900"].includes(icmsCst);
  const icmsRate = icmsTaxed ? (input.icmsRate ?? (simples ? 125 : 1800)) : 0;
  const ipiCst = input.ipiCst ?? (simples ? "" : "99");
  const ipiRate = ipiCst && ["00", "49", "50", "99"].includes(ipiCst) ? (input.ipiRate ?? 0) : 0;
  const pisCst = input.pisCst ?? (simples ? "49" : "01");
  const cofinsCst = input.cofinsCst ?? (simples ? "49" : "01");
  const pisRate = ["04", "05", "06", "07", "08", "09"].includes(pisCst)
    ? 0
    : (input.pisRate ?? (simples ? 0 : 165));
  const cofinsRate = ["04", "05", "06", "07", "08", "09"].includes(cofinsCst)
    ? 0
    : (input.cofinsRate ?? (simples ? 0 : 760));
  const ibsCst = input.ibsCbsCst ?? "000";
  const ibsTaxed = ibsCst === "000";
  const taxes: FiscalItemTaxes = {
    icmsCst,
    icmsRate,
    icmsValue: tax(base, icmsRate),
    ipiCst,
    ipiRate,
    ipiValue: tax(base, ipiRate),
    pisCst,
    pisRate,
    pisValue: tax(base, pisRate),
    cofinsCst,
    cofinsRate,
    cofinsValue: tax(base, cofinsRate),
    base,
    ibsCbs: {
      cst: ibsCst,
      classTrib: input.classTrib ?? (ibsCst === "410" ? "410999" : "000001"),
      ibsUfRate: ibsTaxed ? 10 : 0,
      ibsUfValue: ibsTaxed ? tax(base, 10) : 0,
      ibsMunRate: 0,
      ibsMunValue: 0,
      cbsRate: ibsTaxed ? 90 : 0,
      cbsValue: ibsTaxed ? tax(base, 90) : 0,
    },
  };
  return {
    code: input.code ?? "SKU-001",
    gtin: input.gtin === undefined ? "7891234567895" : input.gtin,
    description: input.description ?? "Camiseta de algodão estampada",
    ncm: "61091000",
    cest: null,
    cfop: "5102",
    unit: input.unit ?? "UN",
    quantityMilli,
    unitPrice,
    grossValue,
    discount,
    freight,
    origin: 0,
    taxes,
  };
}

/** vNF of a draft as the builder computes it (vProd - vDesc + vFrete + vIPI). */
export function draftTotal(draft: Pick<FiscalDocumentDraft, "items">): number {
  return draft.items.reduce(
    (total, item) => total + item.grossValue - item.discount + item.freight + item.taxes.ipiValue,
    0,
  );
}

export type DraftOverrides = Partial<Omit<FiscalDocumentDraft, "items">> & {
  items?: FiscalItem[];
  /** CRT 1 (Simples) items and issuer when true. */
  simples?: boolean;
};

/** A complete draft; `payments` default to one PIX (tPag 17) of the whole note. */
export function fiscalDraft(overrides: DraftOverrides = {}): FiscalDocumentDraft {
  const { simples = false, ...rest } = overrides;
  const items = rest.items ?? [fiscalItem({}, simples)];
  const base: FiscalDocumentDraft = {
    model: 55,
    environment: 2,
    emissionType: 1,
    contingency: null,
    series: 1,
    number: 1234,
    cnf: "50361842",
    issuedAt: "2026-11-26T10:15:00-03:00",
    natOp: "Venda de mercadoria",
    finalConsumer: 1,
    presence: 2,
    issuer: {
      cnpj: DRAFT_ISSUER_CNPJ,
      name: "Loja Exemplo Comércio de Roupas Ltda",
      stateRegistration: "110042490114",
      taxRegime: simples ? 1 : 3,
      address: {
        street: "Avenida Paulista",
        number: "1000",
        complement: "Conjunto 101",
        district: "Bela Vista",
        cityCode: "3550308",
        city: "São Paulo",
        uf: "SP",
        zipCode: "01310100",
        phone: "1133334444",
      },
    },
    recipient: {
      document: DRAFT_RECIPIENT_CPF,
      name: "Maria da Conceição",
      stateRegistration: null,
      email: "maria@example.com",
      address: {
        street: "Rua Augusta",
        number: "500",
        complement: null,
        district: "Consolação",
        cityCode: "3550308",
        city: "São Paulo",
        uf: "SP",
        zipCode: "01305000",
        phone: null,
      },
    },
    items,
    emitIbsCbs: !simples,
    installments: [],
    payments: [],
    change: 0,
    transport: { modFrete: 9, carrier: null, volumes: 0, grossWeight: 0, netWeight: 0 },
    additionalInfo: null,
  };
  const draft = { ...base, ...rest, items };
  if (rest.payments === undefined) draft.payments = [pixPayment(draftTotal(draft))];
  return draft;
}

export const pixPayment = (value: number): FiscalPayment => ({
  indPag: 0,
  tPag: "17",
  tBand: null,
  value,
  card: null,
});
