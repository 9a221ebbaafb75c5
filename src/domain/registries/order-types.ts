import {
  activeInvoiceIds,
  insertOrderType,
  invoicesByOrderType,
  listOrderTypeRows,
  type OrderTypeRow,
  type OrderTypeValues,
  orderTypeRows,
  updateOrderType,
} from "../../db/registries/order-types";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { getCompany } from "../company/company";
import { COMPANY_INVOICE_NOT_FOUND, ORDER_TYPE_NOT_FOUND } from "./messages";
import { registry } from "./registry";

/** An order type with the invoicing companies it is enabled for. */
export type OrderType = OrderTypeRow & { invoiceIds: number[] };

export type OrderTypeInput = Partial<OrderTypeValues> & { invoiceIds?: number[] };

const orderTypesRegistry = registry(orderTypeRows, ORDER_TYPE_NOT_FOUND);
export const deleteOrderType = orderTypesRegistry.remove;

/** Every id must be an active invoicing company of the caller's company; duplicates are dropped. */
async function requireInvoices(db: Db, companyId: number, ids: number[] | undefined) {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  const found = await activeInvoiceIds(db, companyId, unique);
  if (unique.some((id) => !found.has(id))) throw badRequest(COMPANY_INVOICE_NOT_FOUND);
  return unique;
}

async function withInvoices(db: Db, companyId: number, row: OrderTypeRow): Promise<OrderType> {
  const invoices = await invoicesByOrderType(db, companyId, row.id);
  return { ...row, invoiceIds: invoices.get(row.id) ?? [] };
}

export async function listOrderTypes(
  db: Db,
  companyId: number,
  filter: { page: number; isTransfer?: number },
): Promise<OrderType[]> {
  const [rows, invoices] = await Promise.all([
    listOrderTypeRows(db, companyId, filter),
    invoicesByOrderType(db, companyId),
  ]);
  return rows.map((row) => ({ ...row, invoiceIds: invoices.get(row.id) ?? [] }));
}

export async function findOrderTypeAsList(db: Db, companyId: number, id: number): Promise<OrderType[]> {
  const row = await orderTypeRows.find(db, companyId, id);
  return row ? [await withInvoices(db, companyId, row)] : [];
}

export async function createOrderType(
  db: Db,
  companyId: number,
  input: OrderTypeInput & { description: string },
): Promise<OrderType> {
  await getCompany(db, companyId);
  const invoiceIds = (await requireInvoices(db, companyId, input.invoiceIds)) ?? [];
  const row = await insertOrderType(
    db,
    companyId,
    {
      description: input.description,
      isTransfer: input.isTransfer ?? 0,
      enabledPos: input.enabledPos ?? 0,
      cfopInState: input.cfopInState ?? null,
      cfopOutOfState: input.cfopOutOfState ?? null,
      natOp: input.natOp ?? null,
    },
    invoiceIds,
  );
  return withInvoices(db, companyId, row);
}

/** Partial update; `Companies`, when sent, replaces the whole list. */
export async function changeOrderType(
  db: Db,
  companyId: number,
  id: number,
  input: OrderTypeInput,
): Promise<OrderType> {
  await orderTypesRegistry.get(db, companyId, id);
  const invoiceIds = await requireInvoices(db, companyId, input.invoiceIds);
  const { description, isTransfer, enabledPos, cfopInState, cfopOutOfState, natOp } = input;
  const changes = { description, isTransfer, enabledPos, cfopInState, cfopOutOfState, natOp };
  const row = await updateOrderType(db, companyId, id, changes, invoiceIds);
  if (!row) throw badRequest(ORDER_TYPE_NOT_FOUND);
  return withInvoices(db, companyId, row);
}
