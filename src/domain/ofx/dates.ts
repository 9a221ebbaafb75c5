import { zonedFormatter } from "../../lib/dates";
import type { OfxMoment } from "./types";

/**
 * OFX dates: `YYYYMMDD`, `YYYYMMDDHHMM`, `YYYYMMDDHHMMSS`, each optionally followed by `.XXX`
 * (fraction of a second) and a zone `[-3:BRT]`, `[-03:EST]`, `[-0300:BRT]`, `[0:GMT]`, `[+5.30:IST]`.
 */
const OFX_DATE =
  /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?(?:\.\d{1,6})?)?(?:\s*\[\s*([+-]?)(\d{1,4})(?:[.,](\d{1,2}))?\s*(?::[^\]]*)?\])?$/;

/**
 * Reads an OFX date in the company's zone (IANA `timeZone`).
 *
 * - A date without a time, or at exactly midnight, is a calendar day (a posting date): it is kept
 *   as written whatever the offset, so `20240105000000[0:GMT]` stays 5 January in São Paulo
 *   instead of slipping to the evening of the 4th.
 * - A time with an offset is an instant, shown in `timeZone`.
 * - A time without an offset is already local to the account: kept as written.
 *
 * Returns null when the text is not such a date or names an impossible one (`20120231`, `00000000`).
 */
export function parseOfxDate(text: string, timeZone: string): OfxMoment | null {
  // A file repeats the same few dates thousands of times: each distinct text is read once.
  const key = `${timeZone}\u0000${text}`;
  const known = readDates.get(key);
  if (known !== undefined) return known;
  const moment = readOfxDate(text, timeZone);
  if (readDates.size >= 10_000) readDates.clear();
  readDates.set(key, moment);
  return moment;
}

const readDates = new Map<string, OfxMoment | null>();

function readOfxDate(text: string, timeZone: string): OfxMoment | null {
  const m = OFX_DATE.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  const time = `${pad(hour)}:${pad(minute)}:${pad(second)}`;
  const midnight = hour === 0 && minute === 0 && second === 0;
  if (m[8] === undefined || midnight) return { date, dateTime: `${date} ${time}` };
  const offset = offsetMinutes(m[7]!, m[8], m[9]);
  if (offset === null) return null;
  const instant = Date.UTC(year, month - 1, day, hour, minute, second) - offset * 60_000;
  const local = wallClock(instant, timeZone);
  return { date: local.slice(0, 10), dateTime: local };
}

/**
 * For informational dates (DTSTART, DTEND, DTASOF): a malformed time (`2024051315034[-3:GMT]`, a
 * Santander habit) keeps its date when the first eight digits make a real one.
 */
export function parseOfxDateLenient(text: string, timeZone: string): OfxMoment | null {
  const strict = parseOfxDate(text, timeZone);
  if (strict) return strict;
  const m = /^\s*(\d{4})(\d{2})(\d{2})/.exec(text);
  if (!m || !isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  return { date, dateTime: `${date} 00:00:00` };
}

/**
 * `-3`, `-03` hours; `-0300`, `+530` hours and minutes; `+5.5`/`+5.75` decimal hours or `+5.30`/
 * `+5.45` hours.minutes, whichever gives a whole quarter hour (every real zone is one).
 */
function offsetMinutes(sign: string, digits: string, fraction: string | undefined): number | null {
  let minutes: number;
  if (digits.length <= 2) {
    minutes = Number(digits) * 60;
    if (fraction !== undefined) {
      const asDecimalHours = Math.round(Number(`0.${fraction}`) * 60);
      const asMinutes = Number(fraction.padEnd(2, "0"));
      const extra = asDecimalHours % 15 === 0 ? asDecimalHours : asMinutes % 15 === 0 ? asMinutes : null;
      if (extra === null) return null;
      minutes += extra;
    }
  } else {
    if (fraction !== undefined) return null;
    const hh = Number(digits.slice(0, -2));
    const mm = Number(digits.slice(-2));
    if (mm > 59) return null;
    minutes = hh * 60 + mm;
  }
  if (minutes > 14 * 60) return null;
  return sign === "-" ? -minutes : minutes;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

const offsets = new Map<string, number>();
const QUARTER_HOUR = 900_000;

/** `YYYY-MM-DD HH:MM:SS` of an instant (epoch ms) in `timeZone`. */
function wallClock(instant: number, timeZone: string): string {
  const iso = new Date(instant + zoneOffset(instant, timeZone)).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/**
 * Offset of `timeZone` at `instant`, in ms. Zones change offset only on quarter hours, so one
 * `Intl` lookup per zone and quarter hour serves every transaction in it (the lookup is the
 * costliest step of a parse otherwise).
 */
function zoneOffset(instant: number, timeZone: string): number {
  const bucket = Math.floor(instant / QUARTER_HOUR) * QUARTER_HOUR;
  const key = `${timeZone} ${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const parts: Record<string, number> = {};
    for (const part of zonedFormatter(timeZone).formatToParts(bucket)) parts[part.type] = Number(part.value);
    offset =
      Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second) - bucket;
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** Throws a RangeError for a zone name `Intl` does not know (a programming error, not a file problem). */
export function assertTimeZone(timeZone: string): void {
  try {
    wallClock(0, timeZone);
  } catch {
    throw new RangeError(`Fuso horário desconhecido: "${timeZone}"`);
  }
}
