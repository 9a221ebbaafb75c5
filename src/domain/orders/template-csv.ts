import type { CsvRecord } from "../../lib/csv";
import { isValidDate } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { parseMoneyCell } from "../sku/money-cell";
import { headerKey } from "../sku/template";
import {
  lineInvalidDate,
  lineInvalidId,
  lineInvalidMoney,
  lineInvalidQuantity,
  lineOrderKeyRequired,
  lineSkuCodeRequired,
  ORDERS_CSV_HEADER,
} from "./messages";

/**
 * The orders template: one CSV line per item, the lines of one order next to each other under the
 * same `pedido` key (a new key, or the same key after another one, starts another order). Columns
 * (header names in Portuguese or English, any order, `;` or `,`):
 * - required: `pedido`/`order` (the order's key in the file), `deposito`/`warehouse` (IDWarehouse),
 *   `sku`/`codigo`/`code` (the SKU code), `quantidade`/`quantity` (`,` or `.` decimals);
 * - optional per item: `preco`/`price` (unit price; the SKU's price when blank), `desconto`/`discount`;
 * - optional per order, read from its first line: `cliente`/`consumer` (IDConsumer), `data`/`date`
 *   (`AAAA-MM-DD`), `status` (IDStatusOrder), `frete`/`freight`, `canal`/`channel` (IDSalesChannel).
 */
export type OrderColumn =
  | "order"
  | "warehouse"
  | "sku"
  | "quantity"
  | "price"
  | "discount"
  | "consumer"
  | "date"
  | "status"
  | "freight"
  | "channel";
export type OrderColumns = Partial<Record<OrderColumn, number>> &
  Record<"order" | "warehouse" | "sku" | "quantity", number>;

const ALIASES: Record<string, OrderColumn> = {
  pedido: "order",
  order: "order",
  deposito: "warehouse",
  warehouse: "warehouse",
  sku: "sku",
  codigo: "sku",
  code: "sku",
  quantidade: "quantity",
  quantity: "quantity",
  qtd: "quantity",
  preco: "price",
  price: "price",
  desconto: "discount",
  discount: "discount",
  cliente: "consumer",
  consumer: "consumer",
  data: "date",
  date: "date",
  status: "status",
  frete: "freight",
  freight: "freight",
  canal: "channel",
  channel: "channel",
};

export function ordersHeader(fields: string[]): { columns: OrderColumns } | { error: string } {
  const found: Partial<Record<OrderColumn, number>> = {};
  fields.forEach((field, index) => {
    const column = ALIASES[headerKey(field)];
    if (column && found[column] === undefined) found[column] = index;
  });
  if (
    found.order === undefined ||
    found.warehouse === undefined ||
    found.sku === undefined ||
    found.quantity === undefined
  )
    return { error: ORDERS_CSV_HEADER };
  return { columns: found as OrderColumns };
}

export type OrderLine =
  | {
      ok: true;
      line: number;
      key: string;
      warehouseId: number;
      code: string;
      quantity: number;
      unitPrice?: Cents;
      discount?: Cents;
      consumerId?: number;
      date?: string;
      statusId?: number;
      freight?: Cents;
      salesChannelId?: number;
    }
  | { ok: false; line: number; key: string; message: string };

/** A record as an item line; the first problem of the line is its message. */
export function readOrderLine(record: CsvRecord, columns: OrderColumns): OrderLine {
  const cell = (index: number | undefined) =>
    index === undefined ? "" : (record.fields[index] ?? "").trim();
  const line = record.line;
  const key = cell(columns.order);
  const fail = (message: string): OrderLine => ({ ok: false, line, key, message });
  if (!key) return fail(lineOrderKeyRequired);
  const id = (column: OrderColumn, label: string): number | undefined | string => {
    const raw = cell(columns[column]);
    if (!raw) return undefined;
    return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : lineInvalidId(label, raw);
  };
  const money = (column: OrderColumn, label: string): Cents | undefined | string => {
    const raw = cell(columns[column]);
    if (!raw) return undefined;
    const cents = parseMoneyCell(raw);
    return cents === null || cents < 0 ? lineInvalidMoney(label, raw) : cents;
  };
  const warehouseId = id("warehouse", "Depósito");
  if (warehouseId === undefined) return fail(lineInvalidId("Depósito", ""));
  if (typeof warehouseId === "string") return fail(warehouseId);
  const code = cell(columns.sku);
  if (!code) return fail(lineSkuCodeRequired);
  const rawQuantity = cell(columns.quantity);
  const normalised = rawQuantity.replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return fail(lineInvalidQuantity(rawQuantity));
  const values: Record<string, number | string | undefined> = {
    unitPrice: money("price", "Preço"),
    discount: money("discount", "Desconto"),
    consumerId: id("consumer", "Cliente"),
    statusId: id("status", "Status"),
    freight: money("freight", "Frete"),
    salesChannelId: id("channel", "Canal"),
  };
  for (const value of Object.values(values)) if (typeof value === "string") return fail(value);
  const date = cell(columns.date);
  if (date && !isValidDate(date)) return fail(lineInvalidDate(date));
  return {
    ok: true,
    line,
    key,
    warehouseId,
    code,
    quantity: Number(normalised),
    ...(values as Record<string, number | undefined>),
    date: date || undefined,
  };
}

/** Consecutive lines with the same key form one order. */
export function* groupLines(lines: Iterable<OrderLine>): Generator<OrderLine[]> {
  let group: OrderLine[] = [];
  for (const line of lines) {
    if (group.length > 0 && group[0]!.key !== line.key) {
      yield group;
      group = [];
    }
    group.push(line);
  }
  if (group.length > 0) yield group;
}
