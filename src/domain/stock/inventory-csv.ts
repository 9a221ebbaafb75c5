import type { CsvRecord } from "../../lib/csv";
import { headerKey } from "../sku/template";
import { INVENTORY_CSV_HEADER, lineInvalidQuantity } from "./messages";

/** Columns of an inventory count CSV: SKU code and counted quantity required, batch code optional. */
export type CountColumns = { sku: number; quantity: number; batch?: number };

const ALIASES: Record<string, keyof CountColumns> = {
  sku: "sku",
  code: "sku",
  codigo: "sku",
  codigosku: "sku",
  quantity: "quantity",
  quantidade: "quantity",
  qty: "quantity",
  qtd: "quantity",
  batch: "batch",
  lote: "batch",
};

export function countHeader(fields: string[]): { columns: CountColumns } | { error: string } {
  const found: Partial<CountColumns> = {};
  fields.forEach((field, index) => {
    const column = ALIASES[headerKey(field)];
    if (column && found[column] === undefined) found[column] = index;
  });
  if (found.sku === undefined || found.quantity === undefined) return { error: INVENTORY_CSV_HEADER };
  return { columns: found as CountColumns };
}

export type CountLine =
  | { ok: true; line: number; code: string; batchCode: string | null; quantity: number }
  | { ok: false; line: number; message: string };

/** A record as a counted line: quantity accepts `,` or `.` decimals (`12,5`). */
export function readCountLine(record: CsvRecord, columns: CountColumns): CountLine {
  const cell = (index: number | undefined) =>
    index === undefined ? "" : (record.fields[index] ?? "").trim();
  const code = cell(columns.sku);
  const raw = cell(columns.quantity);
  const normalised = raw.replace(",", ".");
  if (!code) return { ok: false, line: record.line, message: "Código do SKU obrigatório" };
  if (!/^-?\d+(\.\d+)?$/.test(normalised))
    return { ok: false, line: record.line, message: lineInvalidQuantity(raw) };
  const batch = cell(columns.batch);
  return { ok: true, line: record.line, code, batchCode: batch || null, quantity: Number(normalised) };
}
