import type { CsvRecord } from "../../lib/csv";
import { isValidDate } from "../../lib/dates";
import { type Cents, formatCents } from "../../lib/money";
import { parseMoneyCell } from "../sku/money-cell";
import { headerKey } from "../sku/template";
import type { SettledAmounts } from "./conciliation";
import {
  lineInvalidAmount,
  lineInvalidDate,
  lineNetMismatch,
  lineOrderRequired,
  SETTLEMENT_CSV_HEADER,
} from "./messages";

/** Columns of a settlement report: every one required. */
export type SettlementColumns = Record<"order" | "date" | "gross" | "commission" | "fees" | "net", number>;

const ALIASES: Record<string, keyof SettlementColumns> = {
  pedido: "order",
  order: "order",
  orderid: "order",
  channelorderid: "order",
  data: "date",
  date: "date",
  datarepasse: "date",
  settlementdate: "date",
  bruto: "gross",
  valorbruto: "gross",
  gross: "gross",
  comissao: "commission",
  commission: "commission",
  tarifas: "fees",
  tarifa: "fees",
  fees: "fees",
  liquido: "net",
  valorliquido: "net",
  net: "net",
};

export function settlementHeader(fields: string[]): { columns: SettlementColumns } | { error: string } {
  const found: Partial<SettlementColumns> = {};
  fields.forEach((field, index) => {
    const column = ALIASES[headerKey(field)];
    if (column && found[column] === undefined) found[column] = index;
  });
  const required: (keyof SettlementColumns)[] = ["order", "date", "gross", "commission", "fees", "net"];
  if (required.some((column) => found[column] === undefined)) return { error: SETTLEMENT_CSV_HEADER };
  return { columns: found as SettlementColumns };
}

export type SettlementLine =
  | ({ ok: true; line: number } & SettledAmounts)
  | { ok: false; line: number; message: string };

/** `YYYY-MM-DD` or the Brazilian `DD/MM/YYYY`, a real date; null otherwise. */
function readDate(text: string): string | null {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : text;
  return isValidDate(iso) ? iso : null;
}

/**
 * A record of the report as a settlement: amounts in Brazilian or plain notation; the net must be
 * exactly gross - commission - fees, so a misread column never enters the conciliation.
 */
export function readSettlementLine(record: CsvRecord, columns: SettlementColumns): SettlementLine {
  const cell = (index: number) => (record.fields[index] ?? "").trim();
  const line = record.line;
  const channelOrderId = cell(columns.order);
  if (!channelOrderId) return { ok: false, line, message: lineOrderRequired };
  const settlementDate = readDate(cell(columns.date));
  if (!settlementDate) return { ok: false, line, message: lineInvalidDate(cell(columns.date)) };
  const amounts = {} as Record<"gross" | "commission" | "fees" | "net", Cents>;
  const names = { gross: "Bruto", commission: "Comissão", fees: "Tarifas", net: "Líquido" } as const;
  for (const key of ["gross", "commission", "fees", "net"] as const) {
    const value = parseMoneyCell(cell(columns[key]));
    if (value === null)
      return { ok: false, line, message: lineInvalidAmount(names[key], cell(columns[key])) };
    amounts[key] = value;
  }
  if (amounts.gross - amounts.commission - amounts.fees !== amounts.net) {
    const f = (c: Cents) => formatCents(c);
    return {
      ok: false,
      line,
      message: lineNetMismatch(f(amounts.gross), f(amounts.commission), f(amounts.fees), f(amounts.net)),
    };
  }
  return { ok: true, line, channelOrderId, settlementDate, ...amounts };
}
