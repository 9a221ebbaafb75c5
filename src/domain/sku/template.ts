import type { CsvRecord } from "../../lib/csv";
import type { Cents } from "../../lib/money";
import {
  LINE_CODE_REQUIRED,
  LINE_UNTERMINATED_QUOTE,
  lineCodeTooLong,
  lineInvalidActive,
  lineInvalidCost,
  lineInvalidPrice,
  lineNameTooLong,
  lineUnknownBrand,
  TEMPLATE_WITHOUT_CODE_COLUMN,
} from "./messages";
import { parseMoneyCell } from "./money-cell";

/** The columns of the SKU template, by their English names. */
export type SkuColumn = "code" | "name" | "brand" | "cost" | "price" | "active";
export type SkuColumns = Partial<Record<SkuColumn, number>>;

export const MAX_CODE_LENGTH = 60;
export const MAX_NAME_LENGTH = 255;

/** Header aliases (accent-, case- and punctuation-free), English and Portuguese. */
const HEADER_ALIASES: Record<string, SkuColumn> = {
  code: "code",
  codigo: "code",
  cod: "code",
  sku: "code",
  codigosku: "code",
  name: "name",
  nome: "name",
  descricao: "name",
  produto: "name",
  brand: "brand",
  marca: "brand",
  idbrand: "brand",
  cost: "cost",
  custo: "cost",
  precocusto: "cost",
  price: "price",
  preco: "price",
  precovenda: "price",
  active: "active",
  ativo: "active",
  isactive: "active",
};

/** Lower case, no accents, only letters and digits: `Preço de venda` -> `precodevenda`. */
export function headerKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** Lower case, no accents, single spaces: how brand names are compared. */
export function nameKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, " ");
}

/** Column positions of the header; unknown columns are ignored, the first of a repeated one wins. */
export function mapHeader(fields: string[]): { columns: SkuColumns } | { error: string } {
  const columns: SkuColumns = {};
  fields.forEach((field, index) => {
    const column = HEADER_ALIASES[headerKey(field)];
    if (column && columns[column] === undefined) columns[column] = index;
  });
  if (columns.code === undefined) return { error: TEMPLATE_WITHOUT_CODE_COLUMN };
  return { columns };
}

/** The company's active brands, to resolve the brand cell by id or by name. */
export type BrandIndex = { ids: Set<number>; byName: Map<string, number> };

/** A valid line: only the cells that were filled; blank cells keep the product's current value. */
export type SkuLine = {
  line: number;
  code: string;
  name?: string;
  brandId?: number;
  cost?: Cents;
  price?: Cents;
  active?: 0 | 1;
};

export type SkuLineResult = { ok: true; value: SkuLine } | { ok: false; line: number; errors: string[] };

const ACTIVE_VALUES: Record<string, 0 | 1> = {
  "1": 1,
  "0": 0,
  sim: 1,
  s: 1,
  nao: 0,
  n: 0,
  true: 1,
  false: 0,
  yes: 1,
  no: 0,
  ativo: 1,
  inativo: 0,
};

function resolveBrand(cell: string, brands: BrandIndex): number | undefined {
  if (/^\d{1,10}$/.test(cell) && brands.ids.has(Number(cell))) return Number(cell);
  return brands.byName.get(nameKey(cell));
}

/** Reads one data record of the template; every problem of the line is reported, in column order. */
export function readSkuLine(record: CsvRecord, columns: SkuColumns, brands: BrandIndex): SkuLineResult {
  const cell = (column: SkuColumn) => {
    const index = columns[column];
    return index === undefined ? "" : (record.fields[index] ?? "").trim();
  };
  const errors: string[] = [];
  if (record.unterminatedQuote) errors.push(LINE_UNTERMINATED_QUOTE);
  const value: SkuLine = { line: record.line, code: cell("code") };
  if (!value.code) errors.push(LINE_CODE_REQUIRED);
  else if (value.code.length > MAX_CODE_LENGTH) errors.push(lineCodeTooLong(MAX_CODE_LENGTH));

  const name = cell("name");
  if (name.length > MAX_NAME_LENGTH) errors.push(lineNameTooLong(MAX_NAME_LENGTH));
  else if (name) value.name = name;

  const brand = cell("brand");
  if (brand) {
    const brandId = resolveBrand(brand, brands);
    if (brandId === undefined) errors.push(lineUnknownBrand(brand));
    else value.brandId = brandId;
  }

  const money = (column: "cost" | "price", invalid: (text: string) => string) => {
    const text = cell(column);
    if (!text) return undefined;
    const cents = parseMoneyCell(text);
    if (cents === null) errors.push(invalid(text));
    return cents ?? undefined;
  };
  value.cost = money("cost", lineInvalidCost);
  value.price = money("price", lineInvalidPrice);

  const active = cell("active");
  if (active) {
    const flag = ACTIVE_VALUES[nameKey(active)];
    if (flag === undefined) errors.push(lineInvalidActive(active));
    else value.active = flag;
  }
  if (errors.length > 0) return { ok: false, line: record.line, errors };
  for (const key of ["name", "brandId", "cost", "price", "active"] as const) {
    if (value[key] === undefined) delete value[key];
  }
  return { ok: true, value };
}
