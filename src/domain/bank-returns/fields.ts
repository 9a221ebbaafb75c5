import { isValidDate } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import type { FieldSpec, FieldType } from "./layouts/types";
import { BANK_RETURN_MESSAGES, FIELD_LABELS } from "./messages";

/**
 * Two-digit years (`DDMMAA`, CNAB 400) are read with a pivot: 00-79 are 2000-2079, 80-99 are
 * 1980-1999. A return file speaks of recent events, so the window covers every date it can hold.
 */
export const TWO_DIGIT_YEAR_PIVOT = 80;

const DIGITS = /^\d+$/;

/**
 * Reads the fields of one line by their table entries, collecting every problem instead of
 * stopping at the first: a line with a bad value and a bad date reports both.
 */
export class FieldReader {
  readonly problems: string[] = [];

  constructor(private readonly text: string) {}

  private slice(spec: FieldSpec): string {
    return this.text.slice(spec.start - 1, spec.end);
  }

  private expect(name: string, spec: FieldSpec, type: FieldType): void {
    if (spec.type !== type) throw new Error(`field ${name} is ${spec.type} in its layout, read as ${type}`);
  }

  /** Text trimmed of its padding. */
  alpha(name: string, spec: FieldSpec): string {
    this.expect(name, spec, "alpha");
    return this.slice(spec).trim();
  }

  /** The positions as written, padding kept: fields split into fixed-width codes (motivos). */
  raw(name: string, spec: FieldSpec): string {
    this.expect(name, spec, "alpha");
    return this.slice(spec);
  }

  /** Digits as written (zeros kept); a wholly blank field reads as an empty text. */
  numeric(name: string, spec: FieldSpec): string {
    this.expect(name, spec, "numeric");
    return this.digits(name, spec) ?? "";
  }

  /** Integer cents from digits with two implied decimals; a wholly blank field reads as zero. */
  cents(name: string, spec: FieldSpec): Cents {
    this.expect(name, spec, "cents");
    const digits = this.digits(name, spec);
    if (!digits) return 0;
    const cents = Number(digits);
    if (!Number.isSafeInteger(cents)) {
      this.problems.push(BANK_RETURN_MESSAGES.notNumeric(label(name), this.slice(spec)));
      return 0;
    }
    return cents;
  }

  /** `YYYY-MM-DD` from `DDMMAAAA` or `DDMMAA`; zeros or blanks mean no date (null). */
  date(name: string, spec: FieldSpec): string | null {
    this.expect(name, spec, "date");
    const raw = this.slice(spec);
    const digits = raw.trim();
    if (digits === "" || /^0+$/.test(digits)) return null;
    if (!/^\d+$/.test(digits) || digits.length !== raw.length) {
      this.problems.push(BANK_RETURN_MESSAGES.impossibleDate(label(name), raw));
      return null;
    }
    const date = calendarDate(digits);
    if (date === null) this.problems.push(BANK_RETURN_MESSAGES.impossibleDate(label(name), raw));
    return date;
  }

  /**
   * The digits of a numeric field; a field left wholly blank reads as empty. Anything else (a blank
   * among the digits is a field shifted out of its positions) is a problem: null.
   */
  private digits(name: string, spec: FieldSpec): string | null {
    const raw = this.slice(spec);
    if (raw.trim() === "") return "";
    if (!DIGITS.test(raw)) {
      this.problems.push(BANK_RETURN_MESSAGES.notNumeric(label(name), raw));
      return null;
    }
    return raw;
  }
}

/** A file repeats the same few dates thousands of times: each distinct text is checked once. */
const knownDates = new Map<string, string | null>();

/** `YYYY-MM-DD` of `DDMMAAAA`/`DDMMAA` digits, or null when no such day exists (or out of range). */
function calendarDate(digits: string): string | null {
  const known = knownDates.get(digits);
  if (known !== undefined) return known;
  const year = digits.length === 8 ? digits.slice(4, 8) : fullYear(digits.slice(4, 6));
  const text = `${year}-${digits.slice(2, 4)}-${digits.slice(0, 2)}`;
  const date = isValidDate(text) ? text : null;
  if (knownDates.size >= 10_000) knownDates.clear();
  knownDates.set(digits, date);
  return date;
}

function fullYear(twoDigits: string): string {
  const year = Number(twoDigits);
  return String(year < TWO_DIGIT_YEAR_PIVOT ? 2000 + year : 1900 + year);
}

function label(name: string): string {
  return FIELD_LABELS[name] ?? name;
}
