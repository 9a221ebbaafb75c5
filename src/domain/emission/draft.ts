/**
 * The order → `FiscalDocumentDraft` mapper and the checks before a number is taken (pure: the reads
 * are src/db/emission.ts). What the NF-e needs and the order lacks is refused with a message naming
 * it (the SKU, the order type, the invoicing company's field); what the draft holds is what the
 * order stores, in cents, hundredths of a percent and thousandths.
 *
 * - issuer (`emit`): the invoicing company and its fiscal profile (docs/NFE.md);
 * - recipient (`dest`): the order's consumer, its CPF/CNPJ and address;
 * - CFOP: the order type's `CFOPInState` when the recipient's UF is the issuer's, else `CFOPOutOfState`;
 * - items: the stored taxes (src/domain/orders/taxes.ts); IBS/CBS with the CST of `IDNfCstIbsCbs`,
 *   its `cClassTrib` from the registry (`ClassTrib`, src/domain/emission/ibs-cbs.ts), `pIBSUF` the stored IBS rate and `pIBSMun` 0
 *   (the order stores one IBS rate: the 2026 test rate is the state's 0.1 %, the municipality's 0 %);
 * - the order's freight and discount apportioned to the items by their gross value, in cents, the
 *   remainder to the last item;
 * - `cobr/dup`: the order's receivable titles by due date; `pag`: its payments with the rate's
 *   `NfTPag`/`NfTBand` (`90`, no payment, when the order has none);
 * - `transp`: the carrier, volumes and weights; `dhEmi` in -03:00.
 */
import { badRequest } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { isUf, UF_CODES } from "../company/fiscal-profile";
import { isFinalOrderStatus } from "../orders/order-statuses";
import { cryptoRandom, drawCnf as drawValidCnf, nfeAccessKey } from "./access-key";
import { EmissionDraftError } from "./errors";
import { ibsCbsClassOf } from "./ibs-cbs";
import {
  consumerDocumentInvalid,
  consumerWithoutAddress,
  consumerWithoutDocument,
  invoiceCompanyDocument,
  invoiceCompanyLacks,
  invoiceCompanyNameLength,
  itemWithoutCsts,
  ORDER_ALREADY_INVOICED,
  ORDER_CANCELLED,
  ORDER_FINAL,
  ORDER_WITHOUT_CONSUMER,
  ORDER_WITHOUT_ITEMS,
  orderTooManyItems,
  quantityDecimals,
  skuLacks,
  typeWithoutCfop,
  typeWithoutNatOp,
  valueNotWritable,
} from "./messages";
import type {
  FiscalAddress,
  FiscalDocumentDraft,
  FiscalEnvironment,
  FiscalInstallment,
  FiscalItem,
  FiscalPayment,
  FiscalRecipient,
} from "./model";

/** The layout's item limit (`det` nItem 1 to 990). */
export const MAX_NFE_ITEMS = 990;
/** `TDec_1302`: 13 integer digits and 2 decimals, in cents. */
const MAX_VALUE_CENTS = 10 ** 15 - 1;
/** The cancelled status of the order registry. */
const CANCELLED_STATUS = 10;

export type SourceAddress = {
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  cityCode: string | null;
  city: string | null;
  uf: string | null;
  zipCode: string | null;
  phone: string | null;
};

export type SourceIssuer = SourceAddress & {
  id: number;
  name: string;
  document: string | null;
  stateRegistration: string | null;
  taxRegime: number | null;
  nfeSeries: number;
  emitIbsCbs: number;
};

export type SourceConsumer = Partial<SourceAddress> & {
  id: number;
  name: string;
  document: string | null;
  email: string | null;
  stateRegistration?: string | null;
};

export type SourceItem = {
  id: number;
  skuId: number;
  skuCode: string | null;
  skuName: string;
  ean: string | null;
  unit: string;
  ncm: string | null;
  cest: string | null;
  origin: number | null;
  quantity: number;
  unitPrice: Cents;
  discount: Cents;
  value: Cents;
  icmsCst: string | null;
  icmsRate: number;
  icmsValue: Cents;
  ipiCst: string | null;
  ipiRate: number;
  ipiValue: Cents;
  pisCst: string | null;
  pisRate: number;
  pisValue: Cents;
  cofinsCst: string | null;
  cofinsRate: number;
  cofinsValue: Cents;
  /** The CST code of `IDNfCstIbsCbs` (3 digits), null when the item has none. */
  ibsCbsCst: string | null;
  /** Its `cClassTrib` in the registry (`ClassTrib`), null or empty for the CST's default. */
  ibsCbsClassTrib: string | null;
  ibsRate: number;
  ibsValue: Cents;
  cbsRate: number;
  cbsValue: Cents;
};

export type SourcePayment = {
  titleId: number;
  paymentTypeId: number;
  installment: number;
  installments: number;
  value: Cents;
  dueDate: string;
  tPag: string | null;
  tBand: string | null;
  /** The cashier's TEF receipt of the title (store-front sales: the NFC-e's card group). */
  tef?: { category: number; nsu: string; authorizationCode: string | null } | null;
  /** The change given back on the title's cash at the cashier (`/store-front/cashier/{id}/cash`). */
  cashChange?: Cents;
};

export type SourceOrder = {
  id: number;
  statusId: number;
  stockState: number;
  orderTypeId: number | null;
  consumerId: number | null;
  freight: Cents;
  discount: Cents;
  volumes: number;
  grossWeight: number;
  netWeight: number;
  notes: string | null;
};

export type SourceOrderType = {
  id: number;
  cfopInState: string | null;
  cfopOutOfState: string | null;
  natOp: string | null;
  /** 1: a store-front (POS) type, whose orders are issued as NFC-e (model 65). */
  enabledPos?: number;
};

/** Everything the draft is made of, as src/db/emission.ts reads it. */
export type EmissionSource = {
  order: SourceOrder;
  items: SourceItem[];
  orderType: SourceOrderType;
  issuer: SourceIssuer;
  consumer: SourceConsumer | null;
  carrier: { name: string; document: string | null } | null;
  payments: SourcePayment[];
  environment: FiscalEnvironment;
};

/** What the note's row fixes: its number, series, cNF and dhEmi. */
export type NoteIdentity = { series: number; number: number; cnf: string; issuedAt: string };

const ISSUER_REQUIRED: [keyof SourceIssuer, string][] = [
  ["stateRegistration", "StateRegistration"],
  ["taxRegime", "TaxRegime"],
  ["street", "Street"],
  ["number", "Number"],
  ["district", "District"],
  ["cityCode", "CityCode"],
  ["city", "City"],
  ["uf", "UF"],
  ["zipCode", "ZipCode"],
];

const ADDRESS_REQUIRED: [keyof SourceAddress, string][] = [
  ["street", "Street"],
  ["number", "Number"],
  ["district", "District"],
  ["cityCode", "CityCode"],
  ["city", "City"],
  ["uf", "UF"],
];

const blank = (value: unknown) => value === null || value === undefined || value === "";
const digits = (text: string | null | undefined) => (text ?? "").replace(/[^0-9A-Za-z]/g, "").toUpperCase();

/** The order's own state: items, status, stock (before anything else is read). */
export function assertOrderIssuable(order: SourceOrder, itemCount: number): void {
  if (order.statusId === CANCELLED_STATUS) throw badRequest(ORDER_CANCELLED);
  if (isFinalOrderStatus(order.statusId)) throw badRequest(ORDER_FINAL);
  if (order.stockState !== 0) throw badRequest(ORDER_ALREADY_INVOICED);
  if (itemCount === 0) throw badRequest(ORDER_WITHOUT_ITEMS);
  if (itemCount > MAX_NFE_ITEMS) throw badRequest(orderTooManyItems(itemCount));
}

/** The issuer's profile: the fields `emit` needs (docs/NFE.md), its CNPJ and name. */
export function assertIssuerReady(issuer: SourceIssuer): void {
  const lacks = ISSUER_REQUIRED.filter(([key]) => blank(issuer[key])).map(([, name]) => name);
  if (lacks.length > 0) throw badRequest(invoiceCompanyLacks(issuer.id, lacks));
  if (digits(issuer.document).length !== 14) throw badRequest(invoiceCompanyDocument(issuer.id));
  const name = issuer.name.trim();
  if (name.length < 2 || name.length > 60) throw badRequest(invoiceCompanyNameLength(issuer.id));
}

function recipientUf(consumer: SourceConsumer): string | null {
  return consumer.uf && isUf(consumer.uf) ? consumer.uf : null;
}

/** The recipient: a consumer with CPF/CNPJ and a full address (model 55). */
export function assertRecipientReady(order: SourceOrder, consumer: SourceConsumer | null): SourceConsumer {
  if (order.consumerId === null || !consumer) throw badRequest(ORDER_WITHOUT_CONSUMER);
  const document = digits(consumer.document);
  if (document.length === 0) throw badRequest(consumerWithoutDocument(consumer.id));
  if (!(/^\d{11}$/.test(document) || /^[0-9A-Z]{12}\d{2}$/.test(document)))
    throw badRequest(consumerDocumentInvalid(consumer.id));
  const lacks = ADDRESS_REQUIRED.filter(([key]) => blank(consumer[key])).map(([, name]) => name);
  if (lacks.length > 0) throw badRequest(consumerWithoutAddress(consumer.id, lacks));
  return consumer;
}

/** The CFOP of the operation: inside the issuer's UF or outside it (by the recipient's UF). */
export function cfopOf(type: SourceOrderType, issuerUf: string, recipient: SourceConsumer): string {
  const inState = recipientUf(recipient) === issuerUf;
  const cfop = inState ? type.cfopInState : type.cfopOutOfState;
  if (!cfop) throw badRequest(typeWithoutCfop(type.id, inState ? "CFOPInState" : "CFOPOutOfState"));
  return cfop;
}

/** Items: NCM and origin of each SKU (named), their CSTs, values the layout can write. */
export function assertItemsReady(items: SourceItem[], emitIbsCbs: boolean): void {
  for (const item of items) {
    const lacks = [...(item.ncm ? [] : ["NCM"]), ...(item.origin === null ? ["Origin"] : [])];
    if (lacks.length > 0) throw badRequest(skuLacks(item.skuId, item.skuCode, lacks));
    if (!item.icmsCst || !item.ipiCst || !item.pisCst || !item.cofinsCst || (emitIbsCbs && !item.ibsCbsCst))
      throw badRequest(itemWithoutCsts(item.skuId));
    if (item.quantity % 1 !== 0 || item.quantity <= 0) throw badRequest(quantityDecimals(item.skuId));
    const gross = grossValue(item);
    if (gross > MAX_VALUE_CENTS || item.unitPrice > MAX_VALUE_CENTS || item.unitPrice < 0)
      throw badRequest(valueNotWritable(`Item do SKU ${item.skuId}`));
    if (item.discount < 0 || item.discount > gross)
      throw badRequest(valueNotWritable(`Desconto do item do SKU ${item.skuId}`));
  }
}

/** Every check of an NF-e's (model 55) order before a number is taken (the certificate is checked by the caller). */
export function assertNfeReady(source: EmissionSource): void {
  assertOrderIssuable(source.order, source.items.length);
  assertIssuerReady(source.issuer);
  assertItemsReady(source.items, source.issuer.emitIbsCbs === 1);
  if (source.order.freight < 0 || source.order.freight > MAX_VALUE_CENTS)
    throw badRequest(valueNotWritable("Frete do pedido"));
  if (source.order.discount < 0 || source.order.discount > MAX_VALUE_CENTS)
    throw badRequest(valueNotWritable("Desconto do pedido"));
  if (!source.orderType.natOp) throw badRequest(typeWithoutNatOp(source.orderType.id));
  const recipient = assertRecipientReady(source.order, source.consumer);
  cfopOf(source.orderType, source.issuer.uf!, recipient);
}

/** vProd: quantity (thousandths) x unit price, rounded half up to the cent. */
export function grossValue(item: Pick<SourceItem, "quantity" | "unitPrice">): Cents {
  return Math.floor((item.quantity * item.unitPrice * 2 + 1000) / 2000);
}

/**
 * `total` split over `weights` in proportion, in cents: each share rounded down, the remainder to the
 * last item, so the shares always add up to the total.
 */
export function apportion(total: Cents, weights: Cents[]): Cents[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (sum === 0 ? 0 : Math.floor((total * w) / sum)));
  const given = shares.slice(0, -1).reduce((a, b) => a + b, 0);
  shares[shares.length - 1] = total - given;
  return shares;
}

function address(source: Partial<SourceAddress>): FiscalAddress {
  return {
    street: source.street!,
    number: source.number!,
    complement: source.complement ?? null,
    district: source.district!,
    cityCode: source.cityCode!,
    city: source.city!,
    uf: source.uf!,
    zipCode: source.zipCode ?? null,
    phone: source.phone ?? null,
  };
}

/** A GTIN the layout accepts (8, 12, 13 or 14 digits), else null (`SEM GTIN`). */
function gtinOf(ean: string | null): string | null {
  return ean && /^(\d{8}|\d{12,14})$/.test(ean) ? ean : null;
}

function recipientOf(consumer: SourceConsumer): FiscalRecipient {
  const ie = consumer.stateRegistration ?? null;
  return {
    document: digits(consumer.document),
    name: consumer.name.trim(),
    stateRegistration: ie && ie.length > 0 ? ie : null,
    email: consumer.email ?? null,
    address: address(consumer),
  };
}

function itemOf(
  item: SourceItem,
  cfop: string,
  share: { discount: Cents; freight: Cents },
  emitIbsCbs: boolean,
): FiscalItem {
  return {
    code: item.skuCode ?? String(item.skuId),
    gtin: gtinOf(item.ean),
    description: item.skuName.trim(),
    ncm: item.ncm!,
    cest: item.cest,
    cfop,
    unit: item.unit,
    quantityMilli: item.quantity,
    unitPrice: item.unitPrice,
    grossValue: grossValue(item),
    discount: item.discount + share.discount,
    freight: share.freight,
    origin: item.origin!,
    taxes: {
      icmsCst: item.icmsCst!,
      icmsRate: item.icmsRate,
      icmsValue: item.icmsValue,
      ipiCst: item.ipiCst!,
      ipiRate: item.ipiRate,
      ipiValue: item.ipiValue,
      pisCst: item.pisCst!,
      pisRate: item.pisRate,
      pisValue: item.pisValue,
      cofinsCst: item.cofinsCst!,
      cofinsRate: item.cofinsRate,
      cofinsValue: item.cofinsValue,
      base: item.value,
      ibsCbs:
        emitIbsCbs && item.ibsCbsCst
          ? {
              ...ibsCbsClassOf({ code: item.ibsCbsCst, classTrib: item.ibsCbsClassTrib }),
              ibsUfRate: item.ibsRate,
              ibsUfValue: item.ibsValue,
              ibsMunRate: 0,
              ibsMunValue: 0,
              cbsRate: item.cbsRate,
              cbsValue: item.cbsValue,
            }
          : null,
    },
  };
}

/** `cobr/dup`: the receivable titles by due date, numbered 001, 002... */
export function installmentsOf(payments: SourcePayment[]): FiscalInstallment[] {
  return [...payments]
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.titleId - b.titleId)
    .map((p, index) => ({ number: String(index + 1).padStart(3, "0"), dueDate: p.dueDate, value: p.value }));
}

/** `pag/detPag`: one per payment of the order (its titles summed), with the rate's tPag/tBand. */
export function paymentsOf(payments: SourcePayment[]): FiscalPayment[] {
  const groups = new Map<string, SourcePayment[]>();
  for (const p of payments) {
    const key = `${p.paymentTypeId}/${p.installments}/${p.tPag ?? ""}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const result: FiscalPayment[] = [...groups.values()].map((group) => ({
    indPag: group[0]!.installments > 1 ? 1 : 0,
    tPag: group[0]!.tPag ?? "99",
    tBand: group[0]!.tBand ?? null,
    value: group.reduce((sum, p) => sum + p.value, 0),
    card: null,
  }));
  return result.length > 0 ? result : [{ indPag: 0, tPag: "90", tBand: null, value: 0, card: null }];
}

/** The draft of the order's NF-e, once `assertEmissionReady` passed. */
export function buildDraft(source: EmissionSource, note: NoteIdentity): FiscalDocumentDraft {
  const { order, issuer } = source;
  const recipient = assertRecipientReady(order, source.consumer);
  const cfop = cfopOf(source.orderType, issuer.uf!, recipient);
  const weights = source.items.map(grossValue);
  const discounts = apportion(order.discount, weights);
  const freights = apportion(order.freight, weights);
  const emitIbsCbs = issuer.emitIbsCbs === 1;
  const receivable = source.payments.filter((p) => p.value > 0);
  return {
    model: 55,
    environment: source.environment,
    emissionType: 1,
    contingency: null,
    series: note.series,
    number: note.number,
    cnf: note.cnf,
    issuedAt: note.issuedAt,
    natOp: source.orderType.natOp!,
    finalConsumer: recipient.stateRegistration ? 0 : 1,
    presence: 9,
    issuer: {
      cnpj: digits(issuer.document),
      name: issuer.name.trim(),
      stateRegistration: issuer.stateRegistration!,
      taxRegime: issuer.taxRegime as 1 | 2 | 3 | 4,
      address: address(issuer),
    },
    recipient: recipientOf(recipient),
    items: source.items.map((item, index) =>
      itemOf(item, cfop, { discount: discounts[index]!, freight: freights[index]! }, emitIbsCbs),
    ),
    emitIbsCbs,
    installments: installmentsOf(receivable),
    payments: paymentsOf(receivable),
    change: 0,
    transport: {
      modFrete: source.carrier ? 0 : 9,
      carrier: source.carrier
        ? {
            document: source.carrier.document ? digits(source.carrier.document) : null,
            name: source.carrier.name,
          }
        : null,
      volumes: order.volumes,
      grossWeight: order.grossWeight,
      netWeight: order.netWeight,
    },
    additionalInfo: null,
  };
}

/**
 * A fresh `cNF` drawn from WebCrypto: 8 digits never equal to the number nor a sequence SEFAZ
 * refuses (`drawCnf` of access-key.ts, the rule the builder checks again).
 */
export const drawCnf = (number: number): string => drawValidCnf(number, cryptoRandom);

/**
 * chNFe of a note: the builder's own key (`nfeAccessKey` of access-key.ts: cUF, AAMM of dhEmi, the
 * issuer's CNPJ, model, series, number, tpEmis, cNF and the modulus-11 check digit), so the key
 * numbered here is the one the signed XML's `Id` carries. A part the key cannot hold is a 400.
 */
export function noteAccessKey(input: {
  uf: string;
  issuedAt: string;
  cnpj: string;
  model: number;
  series: number;
  number: number;
  emissionType: number;
  cnf: string;
}): string {
  try {
    return nfeAccessKey({
      cUF: isUf(input.uf) ? UF_CODES[input.uf] : "00",
      issuedAt: input.issuedAt,
      cnpj: digits(input.cnpj),
      model: input.model,
      series: input.series,
      number: input.number,
      emissionType: input.emissionType,
      cnf: input.cnf,
    });
  } catch (error) {
    if (error instanceof EmissionDraftError) throw badRequest(error.message);
    throw error;
  }
}
