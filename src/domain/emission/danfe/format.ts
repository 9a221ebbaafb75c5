import type { Cents } from "../../../lib/money";

/**
 * The DANFE's print forms (Brazilian: `1.234,56`, `20/11/2026`, `12.345.678/0001-95`), from the
 * view's texts and cents. Pure; shared by the A4 DANFE and the NFC-e's to come.
 */

const thousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");

/** Cents as `1.234,56` (`-` before a negative). */
export function formatMoney(cents: Cents): string {
  const abs = Math.abs(cents);
  const whole = thousands(String(Math.trunc(abs / 100)));
  return `${cents < 0 ? "-" : ""}${whole},${String(abs % 100).padStart(2, "0")}`;
}

/**
 * A layout decimal (`10.5000000000`) as `10,50`: at least `min` decimals, at most `max` (the digits
 * past `max` rounded half up), the trailing zeros between `min` and `max` dropped.
 */
export function formatDecimal(text: string, min: number, max: number): string {
  const parts = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!parts) return text;
  let whole = BigInt(parts[1]!);
  let fraction = parts[2] ?? "";
  if (fraction.length > max) {
    const scaled = BigInt(`${whole}${fraction.slice(0, max)}`) + (Number(fraction[max]) >= 5 ? 1n : 0n);
    const digits = scaled.toString().padStart(max + 1, "0");
    whole = BigInt(digits.slice(0, digits.length - max) || "0");
    fraction = max === 0 ? "" : digits.slice(digits.length - max);
  }
  fraction = fraction.replace(/0+$/, "");
  fraction = fraction.padEnd(min, "0");
  return `${thousands(whole.toString())}${fraction === "" ? "" : `,${fraction}`}`;
}

/** The access key in 11 groups of 4 (MOC, Anexo II). */
export const formatAccessKey = (key: string) => key.replace(/(.{4})(?=.)/g, "$1 ");

/** CNPJ `12.345.678/0001-95` (alphanumeric too), CPF `123.456.789-09`; anything else as it is. */
export function formatDocument(document: string | null): string {
  if (document === null) return "";
  if (/^[0-9A-Z]{12}\d{2}$/.test(document))
    return `${document.slice(0, 2)}.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-${document.slice(12)}`;
  if (/^\d{11}$/.test(document))
    return `${document.slice(0, 3)}.${document.slice(3, 6)}.${document.slice(6, 9)}-${document.slice(9)}`;
  return document;
}

/** CEP `01310-100`. */
export const formatZip = (zip: string | null) =>
  zip === null ? "" : /^\d{8}$/.test(zip) ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip;

/** The note's number as the DANFE writes it: `000.000.123`. */
export const formatNoteNumber = (n: number) => thousands(String(n).padStart(9, "0"));

/** The series, 3 digits. */
export const formatSeries = (n: number) => String(n).padStart(3, "0");

/** `2026-11-20T10:15:00-03:00` (or `2026-11-20`) as `20/11/2026`, the local date as written. */
export function formatDate(text: string | null): string {
  const parts = text ? /^(\d{4})-(\d{2})-(\d{2})/.exec(text) : null;
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]}` : (text ?? "");
}

/** The local time of a layout date-time as written: `10:15:00`. */
export function formatTime(text: string | null): string {
  const parts = text ? /T(\d{2}:\d{2}:\d{2})/.exec(text) : null;
  return parts ? parts[1]! : "";
}

/** `modFrete` as the DANFE names it (MOC, Anexo I, X02). */
export function freightByLabel(modFrete: string): string {
  const labels: Record<string, string> = {
    "0": "0-Remetente (CIF)",
    "1": "1-Destinatário (FOB)",
    "2": "2-Terceiros",
    "3": "3-Próprio remetente",
    "4": "4-Próprio destinatário",
    "9": "9-Sem transporte",
  };
  return labels[modFrete] ?? modFrete;
}
