/**
 * The NFC-e (model 65) of a store-front order (its order type `EnabledPOS` 1): the checks before a
 * number is taken and the draft (pure). What differs from the NF-e (draft.ts):
 *
 * - the consumer is optional: the order's consumer with a CPF/CNPJ (check digits verified) is
 *   `dest` (with its address when complete), a consumer without a document, or none, is "consumidor
 *   não identificado" (no `dest`); above the UF's limit (nfce-rules.ts) the consumer must be
 *   identified with CPF/CNPJ, name and address;
 * - `indPres` 1 (in person), `indFinal` 1, CFOP the type's `CFOPInState` (NFC-e is intrastate only);
 * - payments (`pag`): one `detPag` per receivable title of the order, `tPag` of the cashier's TEF
 *   receipt (22 credit 03, 23 debit 04, 24 Pix 17, with the `card` group: tpIntegra 1 and the
 *   authorization code) or of the payment type's rate (`NfTPag`/`NfTBand`); a title received in cash
 *   at the cashier with change (`/store-front/cashier/{id}/cash`) is cash (01) of the cash handed
 *   over; the payments must cover vNF, and an excess is change (`vTroco`) only when cash (01) covers it;
 * - no `cobr` (the NFC-e has no invoice/duplicates group), no carrier (`modFrete` 9).
 */

import { isValidCnpj, isValidCpf } from "../../lib/document-number";
import { badRequest } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import {
  assertIssuerReady,
  assertItemsReady,
  assertOrderIssuable,
  buildDraft,
  type EmissionSource,
  grossValue,
  type NoteIdentity,
  type SourceConsumer,
  type SourceIssuer,
} from "./draft";
import { typeWithoutCfop, typeWithoutNatOp, valueNotWritable } from "./messages";
import type { EmissionType, FiscalDocumentDraft, FiscalPayment } from "./model";
import {
  nfceCashBelowTotal,
  nfceChangeWithoutCash,
  nfceConsumerDocumentInvalid,
  nfceConsumerOutOfState,
  nfceCscRequired,
  nfcePaymentsBelowTotal,
  nfceUnidentifiedAboveLimit,
} from "./nfce-messages";
import { CASH, nfceRulesOf, TEF_TPAG } from "./nfce-rules";
import { nfceVersionOf } from "./nfce-sign";

/** IPI CSTs whose value adds to vNF (build.ts writes `IPITrib` for them). */
const IPI_TAXED = ["00", "49", "50", "99"];
const MAX_VALUE_CENTS = 10 ** 15 - 1;
const ADDRESS_FIELDS: [keyof SourceConsumer, string][] = [
  ["street", "Street"],
  ["number", "Number"],
  ["district", "District"],
  ["cityCode", "CityCode"],
  ["city", "City"],
  ["uf", "UF"],
];

const clean = (text: string | null | undefined) => (text ?? "").replace(/[^0-9A-Za-z]/g, "").toUpperCase();
const blank = (value: unknown) => value === null || value === undefined || value === "";

/** Whether the order is a store-front sale, issued as NFC-e. */
export const isNfceSource = (source: Pick<EmissionSource, "orderType">): boolean =>
  source.orderType.enabledPos === 1;

/** vNF of the order's note: vProd - vDesc + vFrete + vIPI, as the builder sums it. */
export function nfceTotal(source: EmissionSource): Cents {
  const items = source.items.reduce(
    (sum, item) =>
      sum + grossValue(item) - item.discount + (IPI_TAXED.includes(item.ipiCst ?? "") ? item.ipiValue : 0),
    0,
  );
  return items - source.order.discount + source.order.freight;
}

/** The identified consumer (a valid CPF/CNPJ), null for "consumidor não identificado". */
export function nfceConsumer(source: EmissionSource): SourceConsumer | null {
  const consumer = source.consumer;
  if (!consumer || source.order.consumerId === null) return null;
  const document = clean(consumer.document);
  if (document.length === 0) return null;
  const valid =
    document.length === 11 ? isValidCpf(document) : document.length === 14 && isValidCnpj(document);
  if (!valid) throw badRequest(nfceConsumerDocumentInvalid(consumer.id, document));
  return consumer;
}

const addressLacks = (consumer: SourceConsumer) =>
  ADDRESS_FIELDS.filter(([key]) => blank(consumer[key])).map(([, name]) => name);

/** The payments (`detPag`) and the change; refuses payments below vNF and change without cash. */
export function nfcePayments(
  source: EmissionSource,
  total: Cents,
): { payments: FiscalPayment[]; change: Cents } {
  const titles = source.payments.filter((p) => p.value > 0);
  const payments: FiscalPayment[] = titles.map((p) => {
    const tef = p.tef ?? null;
    if (tef && TEF_TPAG[tef.category])
      return {
        indPag: 0,
        tPag: TEF_TPAG[tef.category]!,
        tBand: tef.category === 24 ? null : (p.tBand ?? null),
        value: p.value,
        card: { integration: 1, acquirerCnpj: null, authorization: tef.authorizationCode ?? tef.nsu },
      };
    // cash received at the cashier: money (01), vPag the cash handed over, the change in vTroco
    if (p.cashChange !== undefined && p.cashChange > 0)
      return { indPag: 0, tPag: CASH, tBand: null, value: p.value + p.cashChange, card: null };
    return { indPag: 0, tPag: p.tPag ?? "99", tBand: p.tBand ?? null, value: p.value, card: null };
  });
  const paid = payments.reduce((sum, p) => sum + p.value, 0);
  const cash = payments.filter((p) => p.tPag === CASH).reduce((sum, p) => sum + p.value, 0);
  if (paid < total) {
    if (cash > 0 && cash === paid) throw badRequest(nfceCashBelowTotal(cash, total));
    throw badRequest(nfcePaymentsBelowTotal(paid, total));
  }
  const change = paid - total;
  if (change > cash) throw badRequest(nfceChangeWithoutCash(paid, total));
  return { payments, change };
}

/** Every check of a store-front order before its NFC-e's number is taken (the certificate aside). */
export function assertNfceReady(source: EmissionSource): void {
  assertOrderIssuable(source.order, source.items.length);
  assertIssuerReady(source.issuer);
  assertItemsReady(source.items, source.issuer.emitIbsCbs === 1);
  if (source.order.freight < 0 || source.order.freight > MAX_VALUE_CENTS)
    throw badRequest(valueNotWritable("Frete do pedido"));
  if (source.order.discount < 0 || source.order.discount > MAX_VALUE_CENTS)
    throw badRequest(valueNotWritable("Desconto do pedido"));
  if (!source.orderType.natOp) throw badRequest(typeWithoutNatOp(source.orderType.id));
  if (!source.orderType.cfopInState) throw badRequest(typeWithoutCfop(source.orderType.id, "CFOPInState"));
  const consumer = nfceConsumer(source);
  const issuerUf = source.issuer.uf!;
  // a UF that still asks for the QR code version 2 needs the CSC: refused before a number is taken
  const csc = source.issuer as SourceIssuer & { cscId?: string | null; cscSealed?: string | null };
  if (nfceVersionOf(issuerUf) === 2 && (!csc.cscId || !csc.cscSealed))
    throw badRequest(nfceCscRequired(source.issuer.id, issuerUf));
  if (consumer?.uf && addressLacks(consumer).length === 0 && consumer.uf !== issuerUf)
    throw badRequest(nfceConsumerOutOfState(consumer.id, consumer.uf, issuerUf));
  const total = nfceTotal(source);
  const limit = nfceRulesOf(issuerUf).unidentifiedLimit;
  if (total > limit) {
    const lacks = !consumer
      ? ["CPF/CNPJ"]
      : [...(consumer.name.trim().length < 2 ? ["Name"] : []), ...addressLacks(consumer)];
    if (lacks.length > 0)
      throw badRequest(nfceUnidentifiedAboveLimit(issuerUf, total, limit, lacks.join(", ")));
  }
  nfcePayments(source, total);
}

/** The offline contingency of a draft: tpEmis 9 with dhCont/xJust. */
export type NfceEmission = { type: EmissionType; contingency: { since: string; reason: string } | null };

/** The NFC-e's draft, once `assertNfceReady` passed. */
export function buildNfceDraft(
  source: EmissionSource,
  note: NoteIdentity,
  emission: NfceEmission = { type: 1, contingency: null },
): FiscalDocumentDraft {
  const consumer = nfceConsumer(source);
  const withAddress = consumer !== null && addressLacks(consumer).length === 0;
  // the NF-e draft of the same order, its recipient checks skipped: the items, taxes and issuer are shared
  const base = buildDraft(
    {
      ...source,
      consumer: withAddress
        ? consumer
        : {
            ...source.issuer,
            id: 0,
            name: "-",
            document: "00000000000",
            email: null,
            stateRegistration: null,
          },
      order: { ...source.order, consumerId: source.order.consumerId ?? 0 },
      orderType: { ...source.orderType, cfopOutOfState: source.orderType.cfopInState },
      payments: [],
      carrier: null,
    },
    note,
  );
  const total = nfceTotal(source);
  const { payments, change } = nfcePayments(source, total);
  return {
    ...base,
    model: 65,
    emissionType: emission.type,
    contingency: emission.contingency,
    finalConsumer: 1,
    presence: 1,
    recipient: consumer
      ? {
          document: clean(consumer.document),
          name: consumer.name.trim(),
          stateRegistration: null,
          email: consumer.email ?? null,
          address: withAddress ? base.recipient!.address : null,
        }
      : null,
    installments: [],
    payments,
    change,
    transport: { modFrete: 9, carrier: null, volumes: 0, grossWeight: 0, netWeight: 0 },
  };
}
