/**
 * The sources of notes (`EmissionSource`), read for many orders at once (a batch of 500 is a dozen
 * queries), and the invoicing company of each order: the one its order type is enabled for, or the
 * `IDCompanyInvoice` asked when the type is enabled for several.
 */
import {
  activeNotesOfOrders,
  type CompanyInvoiceRow,
  carriersByIds,
  companyEmissionSettings,
  consumersByIds,
  emissionItems,
  emissionPayments,
  type IssuedNfeRow,
  invoiceCompaniesByIds,
  invoiceCompaniesOfTypes,
  ordersByIds,
  orderTypesByIds,
} from "../../db/emission";
import { cashChangeOfTitles, type TefReceipt, tefReceiptsOfTitles } from "../../db/emission-nfce";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { ORDER_NOT_FOUND } from "../orders/messages";
import type { EmissionSource, SourceItem, SourcePayment } from "./draft";
import { assertOrderIssuable } from "./draft";
import {
  INVOICE_COMPANY_NOT_ENABLED,
  invoiceCompanyRequired,
  ORDER_WITHOUT_TYPE,
  TYPE_WITHOUT_INVOICE_COMPANY,
} from "./messages";
import type { FiscalEnvironment } from "./model";

export type OrderSource = EmissionSource & {
  invoice: CompanyInvoiceRow;
  activeNote: IssuedNfeRow | null;
  /** 65 (NFC-e) for a store-front order (its type `EnabledPOS` 1), else 55. */
  model: 55 | 65;
};

/** An order asked for, with the invoicing company asked (optional). */
export type SourceRequest = { orderId: number; invoiceId?: number | undefined };

/**
 * The cashier's TEF receipts of the store-front orders' titles and the change given on their cash,
 * by title (two reads, none without store-front orders).
 */
async function cashierReceiptsOf(
  db: Db,
  companyId: number,
  posOrders: { id: number }[],
  paymentsOf: Map<number, { titleId: number }[]>,
): Promise<{ tef: Map<number, TefReceipt>; change: Map<number, number> }> {
  const titleIds = posOrders.flatMap((o) => (paymentsOf.get(o.id) ?? []).map((p) => p.titleId));
  const [receipts, changes] = await Promise.all([
    tefReceiptsOfTitles(db, companyId, titleIds),
    cashChangeOfTitles(db, companyId, titleIds),
  ]);
  return {
    tef: new Map(receipts.map((r) => [r.titleId, r])),
    change: new Map(changes.map((c) => [c.titleId, c.change])),
  };
}

const groupBy = <T extends { orderId: number }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.orderId, [...(map.get(row.orderId) ?? []), row]);
  return map;
};

/**
 * Reads every order's source. Refuses (400) an order that does not exist or whose invoicing company
 * cannot be told; `prefix` names the order in a batch's message.
 */
export async function loadSources(
  db: Db,
  companyId: number,
  requests: SourceRequest[],
  prefix: (orderId: number, message: string) => string = (_, message) => message,
): Promise<OrderSource[]> {
  const orderIds = requests.map((r) => r.orderId);
  const [orderRows, items, payments, notes, company] = await Promise.all([
    ordersByIds(db, companyId, orderIds),
    emissionItems(db, companyId, orderIds),
    emissionPayments(db, companyId, orderIds),
    activeNotesOfOrders(db, companyId, orderIds),
    companyEmissionSettings(db, companyId),
  ]);
  const byId = new Map(orderRows.map((o) => [o.id, o]));
  const itemsOf = groupBy(items);
  const paymentsOf = groupBy(payments);
  const refuse = (orderId: number, message: string) => badRequest(prefix(orderId, message));
  for (const request of requests) {
    const order = byId.get(request.orderId);
    if (!order) throw refuse(request.orderId, ORDER_NOT_FOUND);
    try {
      assertOrderIssuable(order, itemsOf.get(order.id)?.length ?? 0);
    } catch (error) {
      throw refuse(order.id, (error as Error).message);
    }
    if (order.orderTypeId === null) throw refuse(order.id, ORDER_WITHOUT_TYPE);
  }
  const typeIds = orderRows.flatMap((o) => (o.orderTypeId === null ? [] : [o.orderTypeId]));
  const [types, links, consumerRows, carrierRows] = await Promise.all([
    orderTypesByIds(db, companyId, typeIds),
    invoiceCompaniesOfTypes(db, companyId, typeIds),
    consumersByIds(
      db,
      companyId,
      orderRows.flatMap((o) => (o.consumerId === null ? [] : [o.consumerId])),
    ),
    carriersByIds(
      db,
      companyId,
      orderRows.flatMap((o) => (o.carrierId === null ? [] : [o.carrierId])),
    ),
  ]);
  const invoiceOf = new Map<number, number>();
  for (const request of requests) {
    const order = byId.get(request.orderId)!;
    const enabled = links.filter((l) => l.orderTypeId === order.orderTypeId).map((l) => l.companyInvoiceId);
    let invoiceId: number;
    if (request.invoiceId !== undefined) {
      if (!enabled.includes(request.invoiceId)) throw refuse(order.id, INVOICE_COMPANY_NOT_ENABLED);
      invoiceId = request.invoiceId;
    } else if (enabled.length === 1) invoiceId = enabled[0]!;
    else if (enabled.length === 0) throw refuse(order.id, TYPE_WITHOUT_INVOICE_COMPANY(order.orderTypeId!));
    else throw refuse(order.id, invoiceCompanyRequired(order.orderTypeId!, enabled));
    invoiceOf.set(order.id, invoiceId);
  }
  const invoices = await invoiceCompaniesByIds(db, companyId, [...new Set(invoiceOf.values())]);
  const invoiceById = new Map(invoices.map((i) => [i.id, i]));
  const typeById = new Map(types.map((t) => [t.id, t]));
  const consumerById = new Map(consumerRows.map((c) => [c.id, c]));
  const carrierById = new Map(carrierRows.map((c) => [c.id, c]));
  const noteOf = new Map(notes.map((n) => [n.orderId, n]));
  const isPos = (order: { orderTypeId: number | null }) => typeById.get(order.orderTypeId!)?.enabledPos === 1;
  const environment = (company?.environment === 1 ? 1 : 2) as FiscalEnvironment;
  const environmentNfc = (company?.environmentNfc === 1 ? 1 : 2) as FiscalEnvironment;
  const cashier = await cashierReceiptsOf(
    db,
    companyId,
    orderRows.filter((o) => typeById.get(o.orderTypeId!)?.enabledPos === 1),
    paymentsOf,
  );
  return requests.map((request) => {
    const order = byId.get(request.orderId)!;
    const invoice = invoiceById.get(invoiceOf.get(order.id)!)!;
    const carrier = order.carrierId === null ? undefined : carrierById.get(order.carrierId);
    return {
      order,
      items: (itemsOf.get(order.id) ?? []) as SourceItem[],
      orderType: typeById.get(order.orderTypeId!)!,
      issuer: invoice,
      invoice,
      consumer: order.consumerId === null ? null : (consumerById.get(order.consumerId) ?? null),
      carrier: carrier ? { name: carrier.name, document: carrier.document } : null,
      payments: ((paymentsOf.get(order.id) ?? []) as SourcePayment[]).map((p) => ({
        ...p,
        ...(cashier.tef.has(p.titleId) ? { tef: cashier.tef.get(p.titleId)! } : {}),
        ...(cashier.change.has(p.titleId) ? { cashChange: cashier.change.get(p.titleId)! } : {}),
      })),
      environment: isPos(order) ? environmentNfc : environment,
      activeNote: noteOf.get(order.id) ?? null,
      model: isPos(order) ? 65 : 55,
    };
  });
}
