import fc from "fast-check";
import { type JsonSchema, resolve } from "../support/route-table";

/**
 * Generators of hostile HTTP input derived from the OpenAPI schemas: each field is either a value
 * its schema accepts or something hostile (wrong type, huge or fractional number, more than two
 * decimals, very long or odd unicode text, SQL and JSON injection, prototype keys).
 */

export const INJECTIONS = [
  "' OR '1'='1",
  "1; DROP TABLE bank_accounts; --",
  "1 UNION SELECT password_hash FROM users",
  '"; DELETE FROM titles; --',
  "%' OR 1=1 --",
  "\\'; SELECT 1; --",
  '{"$gt": ""}',
  '{"__proto__": {"admin": true}}',
  "$\u007b7*7}",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00",
  "\u0000",
  "\u202Egnp.exe",
  "𝕏𝕐ℤ 🎉 çãõ Ω",
  "\uD800",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x7fffffff",
];

export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  -2_147_483_648,
  2_147_483_647,
  2_147_483_648,
  4_294_967_296,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  1e-7,
  0.1 + 0.2,
  1.005,
  1.001,
  12.345,
  0.5,
  -0.01,
  99_999_999_999.99,
];

/** Dates no calendar has, or outside the accepted range (1900-01-01 to 2100-12-31). */
export const CALENDAR_INVALID_DATES = [
  "2026-02-30",
  "2026-02-29",
  "2026-13-01",
  "2026-04-31",
  "2026-00-10",
  "0000-01-01",
  "0001-01-01",
  "1899-12-31",
  "2101-01-01",
  "9999-12-31",
  "2026-02-30 10:00:00",
  "2026-01-31 24:00:00",
  "2026-01-31 23:60:00",
  "9999-12-31 23:59:59",
];

/** Search text: long (200+ characters, more than a LIKE pattern may hold) and with the wildcards `%` and `_`. */
export const SEARCH_TEXTS = [
  "%",
  "_",
  "%%",
  "a%b_c",
  "100% algodão",
  "\\%",
  "%".repeat(60),
  "_".repeat(60),
  "camiseta ".repeat(25),
  "ç".repeat(200),
  "x".repeat(255),
];

/** C0 and C1 controls, NUL, emoji, CJK and right-to-left text. */
export const CONTROL_TEXTS = [
  "\u0000",
  "a\u0000b",
  "\u0007sino",
  "linha\nnova",
  "tab\taqui",
  "fim\r\n",
  "\u001B[31m",
  "\u007F",
  "\u0085",
  "\u009B",
  "🎉🧾👩‍👩‍👧",
  "漢字テスト",
  "עברית",
  "مرحبا بالعالم",
  "\u202Eabc\u202C",
  "\uFEFFbom",
];

/** CPF/CNPJ with wrong check digits, all-same digits, wrong length or stray characters. */
export const INVALID_DOCUMENTS = [
  "11111111111",
  "00000000000000",
  "11444777000162",
  "111.444.777-36",
  "11144477735a",
  "abc",
  "-",
  "1234567890",
  "123456789012",
  "11.444.777/0001-6",
];

/**
 * Text an NF-e text field (the layout's `TString`: U+0020 to U+00FF, no space at either end) cannot
 * hold, or too short or long for an address field (2 to 60 characters): typographic dashes and quotes,
 * characters beyond U+00FF, C1 controls, line breaks, blank text.
 */
export const NFE_TEXTS = [
  "Rua A — esquina",
  "“Fundos”",
  "Rua ‘B’",
  "Centro 🎉",
  "São\u202EPaulo",
  "Rua\u0085A",
  "Rua A\nBloco B",
  "R",
  " R ",
  "   ",
  "R".repeat(61),
  "ç".repeat(61),
];

/** State registrations (IE) outside `TIe`: letters, too short or long, a number, near misses of ISENTO. */
export const INVALID_STATE_REGISTRATIONS = [
  "11004249011A",
  "1",
  "123456789012345",
  "ISENT0",
  "isenta",
  "IE 123",
  110042490114,
];

/** IBGE municipality codes: wrong check digit, no UF's prefix, wrong length, a number, another UF's city. */
export const INVALID_CITY_CODES = [
  "3550309",
  "9950308",
  "0000000",
  "355030",
  "35503080",
  "355030A",
  3550308,
  "3304557",
];

/** UF initials no Brazilian state has (the exterior's EX included), and near misses. */
export const INVALID_UFS = ["XX", "EX", "S", "SPP", "São Paulo", "sp ", 35];

/** CEPs and phones of the wrong length, with letters, a country code, or as numbers. */
export const INVALID_ZIPS_AND_PHONES = [
  "0131020",
  "01310-20a",
  1310200,
  "12345",
  "123456789012345",
  "+55 11 3333-4444",
  "(11) 3333-444x",
];

/** Integers beyond int32 and beyond the JavaScript safe range. */
export const BEYOND_INT32 = [2_147_483_648, -2_147_483_649, 4_294_967_296, 2 ** 53, 2 ** 53 + 2, 1e15];

/** Quantities with 4 decimals (3 is the most a quantity has). */
export const FOUR_DECIMALS = [1.0001, 0.0001, 12.3456, 999_999.9999];

/**
 * The hostile values aimed at a field by its name (dates, documents, text, ids, quantities, and the
 * NF-e parties' fields: IE, address text, municipality, UF, CEP, phone).
 */
export function targetedValues(name: string): unknown[] {
  const values: unknown[] = [];
  if (/date|time|timestamp|expire/i.test(name)) values.push(...CALENDAR_INVALID_DATES);
  if (/document|cpf|cnpj/i.test(name)) values.push(...INVALID_DOCUMENTS);
  if (
    /search|name|description|title|notes|comments|keywords|code|email|reason|subject|body|url|order$|shippingid|packid|coupon|utm/i.test(
      name,
    )
  )
    values.push(...SEARCH_TEXTS, ...CONTROL_TEXTS);
  if (/street|district|^city$|complement|^number$|natop/i.test(name)) values.push(...NFE_TEXTS);
  if (/stateregistration/i.test(name)) values.push(...INVALID_STATE_REGISTRATIONS);
  if (/citycode/i.test(name)) values.push(...INVALID_CITY_CODES);
  if (/^uf$/i.test(name)) values.push(...INVALID_UFS);
  if (/zipcode|phone/i.test(name)) values.push(...INVALID_ZIPS_AND_PHONES);
  if (/quantity|qty/i.test(name)) values.push(...FOUR_DECIMALS);
  if (/^id|id$|^page|installments|number/i.test(name)) values.push(...BEYOND_INT32);
  return values;
}

const longString = fc.constantFrom(
  "a".repeat(256),
  "ã".repeat(1_001),
  "9".repeat(10_000),
  "x".repeat(70_000),
);

/** A value of the wrong kind for almost any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...INJECTIONS),
  longString,
  fc.constantFrom(null, true, false, "", " ", "1", "1.5", "-1", "2026-02-30", "31/01/2026", "2026-13-01"),
  fc.constantFrom(...CALENDAR_INVALID_DATES, ...SEARCH_TEXTS, ...CONTROL_TEXTS, ...INVALID_DOCUMENTS),
  fc.constantFrom(...BEYOND_INT32, ...FOUR_DECIMALS),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom([], [1], [null], {}, { a: 1 }, JSON.parse('{"__proto__": {"polluted": 1}}'), [[[[]]]]),
);

const typeOf = (s: JsonSchema): string | undefined =>
  Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;

const validDate = fc.oneof(
  fc
    .date({
      min: new Date("2000-01-01T00:00:00Z"),
      max: new Date("2099-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom("1900-01-01", "1970-01-01", "2000-02-29", "2024-02-29", "2100-12-31"),
);

/** Values the schema accepts (as far as the schema says; the domain may still refuse them). */
export function validFor(
  schema: JsonSchema | undefined,
  depth = 0,
  ids: number[] = [1, 2, 3],
): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  for (const key of ["anyOf", "oneOf"] as const) {
    if (Array.isArray(s[key]) && s[key].length > 0)
      return fc.oneof(...s[key].map((option: JsonSchema) => validFor(option, depth + 1, ids)));
  }
  const nullable = Array.isArray(s.type) && s.type.includes("null");
  const base = ((): fc.Arbitrary<unknown> => {
    switch (typeOf(s)) {
      case "integer": {
        const min = typeof s.minimum === "number" ? s.minimum : -1000;
        const max = typeof s.maximum === "number" ? s.maximum : 100_000;
        return fc.oneof(fc.constantFrom(...ids), fc.integer({ min, max: Math.min(max, 2 ** 31 - 1) }));
      }
      case "number":
        return fc.integer({ min: -1_000_000, max: 10_000_000 }).map((cents) => cents / 100);
      case "boolean":
        return fc.boolean();
      case "string":
        if (s.format === "date") return validDate;
        if (s.format === "binary") return fc.string({ maxLength: 20 });
        return fc.string({ unit: "grapheme", maxLength: Math.min(s.maxLength ?? 40, 60) });
      case "array":
        if (depth > 3) return fc.constant([]);
        return fc.array(validFor(s.items, depth + 1, ids), { maxLength: 4 });
      case "object":
        if (depth > 3) return fc.constant({});
        return objectFor(s, depth + 1, ids);
      default:
        return fc.oneof(fc.integer({ min: 0, max: 10 }), fc.string({ maxLength: 10 }));
    }
  })();
  return nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

/** A field's value: mostly accepted by its schema, otherwise hostile (aimed at the field's name when it has one). */
export const fieldFor = (schema: JsonSchema, depth = 0, ids?: number[], name = "") => {
  const targeted = targetedValues(name);
  return fc.oneof(
    { arbitrary: validFor(schema, depth, ids), weight: 3 },
    { arbitrary: hostileValue, weight: 2 },
    ...(targeted.length > 0 ? [{ arbitrary: fc.constantFrom(...targeted), weight: 2 }] : []),
  );
};

const EXTRA_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "IDCompany",
  "companyId",
  "Status",
  "id",
  "",
  "ÇÃO",
];

/** An object: each declared property present or missing, each value valid or hostile, plus extra keys. */
export function objectFor(
  schema: JsonSchema,
  depth = 0,
  ids?: number[],
): fc.Arbitrary<Record<string, unknown>> {
  const s = resolve(schema);
  const properties = Object.entries<JsonSchema>(s.properties ?? {});
  const fields = Object.fromEntries(
    properties.map(([name, property]) => [
      name,
      fc.option(fieldFor(property, depth, ids, name), { nil: undefined, freq: 4 }),
    ]),
  );
  const extras = fc.dictionary(
    fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 8 })),
    hostileValue,
    {
      maxKeys: 2,
    },
  );
  return fc.tuple(fc.record(fields), extras, fc.boolean()).map(([declared, extra, withExtras]) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(declared)) if (value !== undefined) out[key] = value;
    if (withExtras) {
      for (const [key, value] of Object.entries(extra)) {
        // An own `__proto__` key, as JSON.parse would create it.
        Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
      }
    }
    return out;
  });
}

/** Raw numeric literals JSON.stringify cannot write: out-of-range, overlong, negative zero. */
export const RAW_NUMBERS = [
  "1e309",
  "-1e309",
  "1E400",
  "123456789012345678901234567890",
  "-0",
  "1.0000000000000001",
  "0.1e-400",
];

/** Path segments: mostly valid ids, otherwise hostile spellings of a number. */
export const hostilePathSegment = fc.oneof(
  fc.constantFrom(
    "0",
    "-1",
    "1.5",
    "1e3",
    "0x10",
    "2147483648",
    "99999999999999999999",
    " 1",
    "1 ",
    "+1",
    "１",
    "٣",
    "abc",
    "null",
    "undefined",
    "NaN",
    "%",
    "..",
    "../..",
    "' OR 1=1 --",
    "1;DROP TABLE titles",
    "\u0000",
    "🎉",
    "a".repeat(5_000),
    // sent as they are: malformed percent-encoding and encoded separators
    "\u0001%",
    "\u0001%E0%A4%A",
    "\u0001%ED%A0%80",
    "\u0001%FF",
    "\u0001%2F..%2F..",
    "\u0001%00",
    "\u0001..;",
  ),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
);

/** A query-string value: valid for its schema, or a hostile text (aimed at the parameter's name when given). */
export function queryValueFor(schema: JsonSchema, ids?: number[], name = ""): fc.Arbitrary<string> {
  const targeted = targetedValues(name).map(String);
  return fc.oneof(
    ...(targeted.length > 0 ? [{ arbitrary: fc.constantFrom(...targeted), weight: 2 }] : []),
    {
      arbitrary: validFor(schema, 0, ids).map((v) => (typeof v === "string" ? v : JSON.stringify(v))),
      weight: 3,
    },
    { arbitrary: hostilePathSegment, weight: 2 },
    { arbitrary: fc.constantFrom(...INJECTIONS), weight: 1 },
  );
}
