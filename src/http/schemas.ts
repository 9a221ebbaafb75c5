import { z } from "@hono/zod-openapi";
import { isCalendarDate, isValidDate, isValidTime, MAX_DATE, MIN_DATE } from "../lib/dates";
import { isValidCnpj, isValidCpfOrCnpj, normaliseDocument } from "../lib/document-number";
import { ERROR_CODES, type ErrorCode } from "../lib/errors";
import { hasAtMostTwoDecimals, MAX_AMOUNT, toCents } from "../lib/money";

export const INT32_MAX = 2_147_483_647;

/** A positive int32 id in a path segment or query string (digits only, so `1e3`, `0x1`, ` 7` are refused). */
export const idString = (name: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${name} deve ser um número inteiro positivo`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, `${name} deve ser maior que zero`)
        .max(INT32_MAX, `${name} excede o limite int32`),
    )
    .openapi({ type: "integer", format: "int32", minimum: 1, maximum: INT32_MAX, description: name });

/** Path parameter `{name}` holding an int32 id. */
export const idPath = (name: string) =>
  idString(name).openapi({ param: { name, in: "path" }, type: "integer", format: "int32", example: 1 });

/** Optional int32 id in a query string. */
export const idQuery = (name: string, description?: string) =>
  idString(name)
    .optional()
    .openapi({
      param: { name, in: "query" },
      type: "integer",
      format: "int32",
      description: description ?? name,
    });

/** Optional small integer from a fixed set in a query string. */
export const enumIntQuery = <const T extends readonly number[]>(
  name: string,
  values: T,
  description: string,
) =>
  z
    .string()
    .regex(/^\d{1,3}$/, `${name} inválido`)
    .transform(Number)
    .pipe(z.number().refine((v) => values.includes(v), `${name} deve ser um de: ${values.join(", ")}`))
    .optional()
    .openapi({ param: { name, in: "query" }, type: "integer", enum: [...values], description });

/** `Page` query parameter: 0-based, default 0. */
export const pageQuery = z
  .string()
  .regex(/^\d{1,9}$/, "Page deve ser um inteiro maior ou igual a zero")
  .transform(Number)
  .optional()
  .default(0)
  .openapi({
    param: { name: "Page", in: "query" },
    type: "integer",
    minimum: 0,
    maximum: 999_999_999,
    default: 0,
    description: "Página, a partir de 0",
  });

const dateRangeMessage = (name: string) => `${name} deve estar entre ${MIN_DATE} e ${MAX_DATE}`;

/** `YYYY-MM-DD`, a real calendar date from `MIN_DATE` to `MAX_DATE` (the one date schema of every route). */
export const dateString = (name: string) =>
  z
    .string()
    .refine(isCalendarDate, {
      message: `${name} deve ser uma data válida no formato AAAA-MM-DD`,
      abort: true,
    })
    .refine(isValidDate, dateRangeMessage(name))
    .openapi({ type: "string", format: "date", example: "2026-01-31", description: name });

const DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/;

/**
 * A date-time `YYYY-MM-DD HH:MM:SS` (a `T` may stand for the space; the seconds, or the whole time, may be
 * left out): a real calendar date in the date range and a real time. Answers the text with a space
 * instead of `T`, completed to `YYYY-MM-DD HH:MM:SS` (a date alone at 00:00:00) when `complete`.
 */
export const dateTimeString = (name: string, { complete = false } = {}) =>
  z
    .string({ error: `${name} deve ser um texto AAAA-MM-DD HH:MM:SS` })
    .refine(
      (text) => {
        const m = DATE_TIME_RE.exec(text);
        return !!m && isCalendarDate(m[1] ?? "") && (m[2] === undefined || isValidTime(m[2]));
      },
      { message: `${name} deve ser uma data-hora válida no formato AAAA-MM-DD HH:MM:SS`, abort: true },
    )
    .refine((text) => isValidDate(text.slice(0, 10)), dateRangeMessage(name))
    .transform((text) => {
      const spaced = text.replace("T", " ");
      if (!complete) return spaced;
      return spaced.length === 10 ? `${spaced} 00:00:00` : spaced.length === 16 ? `${spaced}:00` : spaced;
    })
    .openapi({
      type: "string",
      pattern: "^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2})?)?$",
      maxLength: 19,
      example: "2026-11-23 10:00:00",
      description: name,
    });

export const dateQuery = (name: string, description: string) =>
  dateString(name)
    .optional()
    .openapi({ param: { name, in: "query" }, type: "string", format: "date", description });

/** An optional date-time filter in a query string (`dateTimeString`: a date alone is accepted too). */
export const dateTimeQuery = (name: string, description: string, example?: string) =>
  dateTimeString(name)
    .optional()
    .openapi({ param: { name, in: "query" }, description, ...(example === undefined ? {} : { example }) });

/** A body id: positive int32 number. */
export const idBody = (name: string) =>
  z
    .number({ error: `${name} deve ser um número inteiro` })
    .int(`${name} deve ser um número inteiro`)
    .min(1, `${name} deve ser maior que zero`)
    .max(INT32_MAX, `${name} excede o limite int32`)
    .openapi({ type: "integer", format: "int32", minimum: 1, maximum: INT32_MAX, example: 1 });

/** Money in a body: a number with at most two decimals, turned into integer cents. */
export const moneyBody = (name: string, { positive = false, allowNegative = false } = {}) =>
  z
    .number({ error: `${name} deve ser um número` })
    .refine(Number.isFinite, `${name} deve ser um número`)
    .refine(hasAtMostTwoDecimals, `${name} aceita no máximo 2 casas decimais`)
    .refine((v) => Math.abs(v) <= MAX_AMOUNT, `${name} excede o valor máximo permitido`)
    .refine((v) => allowNegative || v >= 0, `${name} não pode ser negativo`)
    .refine((v) => !positive || v > 0, `${name} deve ser maior que zero`)
    .transform(toCents)
    .openapi({
      type: "number",
      multipleOf: 0.01,
      ...(allowNegative ? { minimum: -MAX_AMOUNT } : positive ? { exclusiveMinimum: 0 } : { minimum: 0 }),
      maximum: MAX_AMOUNT,
      example: 150.25,
      description: `${name} (até 2 casas decimais)`,
    });

/** A 0/1 flag in a body. */
export const flagBody = (name: string) =>
  z
    .union([z.literal(0), z.literal(1)], { error: `${name} deve ser 0 ou 1` })
    .openapi({ type: "integer", enum: [0, 1] });

/**
 * True when `text` holds a C0 control (U+0000-U+001F), DEL or a C1 control (U+0080-U+009F); with
 * `keepBreaks`, tab, line feed and carriage return are allowed (multi-line texts: notes, descriptions).
 */
function hasControl(text: string, keepBreaks: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f && !(keepBreaks && (code === 0x09 || code === 0x0a || code === 0x0d))) return true;
    if (code >= 0x7f && code <= 0x9f) return true;
  }
  return false;
}

/**
 * Bounded text in a body, the one text schema of every route: control characters are refused (400 naming
 * the field), except tab and line breaks when `multiline`; any other character (accents, emoji, CJK,
 * right-to-left text) is kept as sent. `required`: trimmed and not empty, `<name> é obrigatório`.
 */
export const textBody = (
  name: string,
  max = 255,
  { multiline = false, required = false, tooLong = `${name} aceita no máximo ${max} caracteres` } = {},
) => {
  const text = z
    .string({
      error: (issue) =>
        required && issue.input === undefined ? `${name} é obrigatório` : `${name} deve ser um texto`,
    })
    .refine((value) => !hasControl(value, multiline), {
      message: multiline
        ? `${name} não pode conter caracteres de controle (só tabulação e quebra de linha)`
        : `${name} não pode conter caracteres de controle`,
      abort: true,
    });
  return (required ? text.trim().min(1, `${name} é obrigatório`) : text)
    .max(max, tooLong)
    .openapi({ maxLength: max });
};

/** A URL in a body: bounded, with no control character at all (no CR/LF smuggled into a header or a log). */
export const urlBody = (name: string, max = 2048) => textBody(name, max).openapi({ format: "uri" });

/** A required name or description: trimmed, not empty, a single line. */
export const requiredText = (name: string, max: number) =>
  textBody(name, max, { required: true }).openapi({ example: "Exemplo" });

/**
 * Digits and letters (the alphanumeric CNPJ) with the usual punctuation of a CPF/CNPJ (`.`, `-`, `/`,
 * spaces): anything else is refused, never dropped.
 */
const DOCUMENT_TEXT = /^[\dA-Za-z./\s-]*$/;

/**
 * A document field: punctuation accepted and dropped, letters upper-cased (`normaliseDocument`), stored
 * bare; `""` or null clears it. Text with any other character, or a document that is not a valid `kind`
 * by its check digits, is a 400 (never a null that would erase the stored value).
 */
const documentBody = (kind: string, isValid: (document: string) => boolean, description: string) =>
  z
    .string({ error: "Document deve ser um texto" })
    .max(20, "Document aceita no máximo 20 caracteres")
    .refine((text) => DOCUMENT_TEXT.test(text), {
      message: `Document deve ser um ${kind} válido`,
      abort: true,
    })
    .transform((text) => (text.trim() === "" ? null : normaliseDocument(text)))
    .refine((document) => document === null || isValid(document), `Document deve ser um ${kind} válido`)
    .nullable()
    .openapi({ type: ["string", "null"], maxLength: 20, example: "11222333000181", description });

/** A CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric) with valid check digits. */
export const cpfOrCnpjBody = documentBody(
  "CPF ou CNPJ",
  isValidCpfOrCnpj,
  "CPF (11 dígitos) ou CNPJ (14 caracteres: o numérico, ou o alfanumérico da Receita Federal, 12 letras maiúsculas ou dígitos e 2 dígitos verificadores, ex. `12.ABC.345/01DE-35`) com dígitos verificadores válidos; pontuação (`.`, `-`, `/`) é aceita e removida e letras minúsculas viram maiúsculas: guardado sem pontuação (`12ABC34501DE35`); vazio ou null apaga",
);

/** A CNPJ (14 characters, numeric or alphanumeric) with valid check digits. */
export const cnpjBody = documentBody(
  "CNPJ",
  isValidCnpj,
  "CNPJ (14 caracteres: o numérico, ou o alfanumérico da Receita Federal, 12 letras maiúsculas ou dígitos e 2 dígitos verificadores, ex. `12.ABC.345/01DE-35`) com dígitos verificadores válidos; pontuação (`.`, `-`, `/`) é aceita e removida e letras minúsculas viram maiúsculas: guardado sem pontuação (`12ABC34501DE35`); vazio ou null apaga",
);

/** A quantity in a body: any finite number; the domain refuses zero, negatives and fractions of whole units. */
export const quantityBody = (name: string) =>
  z.number({ error: `${name} deve ser um número` }).openapi({
    type: "number",
    multipleOf: 0.001,
    exclusiveMinimum: 0,
    maximum: 1_000_000,
    example: 10,
    description: `${name}: maior que zero, até 3 casas decimais; inteira quando a unidade do SKU não aceita frações`,
  });

/** Output id column of an item. */
export const idField = (description: string) =>
  z.number().int().openapi({ type: "integer", format: "int32", description, example: 1 });

/** The `Status` of a registry row in an answer. */
export const statusField = z
  .number()
  .int()
  .openapi({ description: "1 ativo; 0 excluído (nunca listado)", example: 1 });

/** An amount in an answer: reais, the cents of the service divided by 100 (`fromCents`). */
export const moneyField = (description: string, example = 150.25) =>
  z.number().openapi({ description, example });

/** A quantity in an answer: units with up to 3 decimals (the thousandths of the stock, `fromMilli`). */
export const quantityField = (description: string) =>
  z.number().openapi({ description: `${description} (até 3 casas decimais)`, example: 10 });

const codeTable = Object.entries(ERROR_CODES)
  .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
  .join("\n");

export const ErrorBodySchema = z
  .object({
    errorMessage: z.string().openapi({
      description: "Mensagem do erro, texto exato (com acentos); para pessoas: compare pelo `code`",
      example: "Conta bancária não existe",
    }),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).openapi({
      description: `Código estável do erro, para o programa decidir o que fazer (docs/ERRORS.md):\n${codeTable}`,
      example: "validation_failed",
    }),
    detail: z.string().optional().openapi({
      description:
        "O que fazer, quando o texto da especificação não diz (nas 401: qual verificação do token falhou)",
      example:
        "Token expirado em 2026-11-29T10:00:00Z: entre em POST /user/signin/local e envie `Authorization: JWT <Token>` de novo",
    }),
  })
  .strict()
  .openapi("Error", {
    description:
      "Corpo de todo erro: `errorMessage` (o texto da especificação), `code` (um dos códigos abaixo) e, às vezes, `detail`.",
  });

/** The 401 of every authenticated operation: the spec's text, the reason in `code` and `detail`. */
export const UNAUTHORIZED_DESCRIPTION =
  "`Não autorizado`, com `WWW-Authenticate: JWT`; `code` diz o motivo: `token_missing` (sem `Authorization`), " +
  "`token_malformed` (não é `JWT <header.payload.assinatura>`), `token_invalid` (assinatura, algoritmo ou claims " +
  "que esta API não emitiu), `token_expired` (entre de novo) ou `token_other_account` (token de outra conta); `detail` explica";

/** The error responses every operation can give. */
export const errorResponses = {
  400: {
    description:
      "Validação recusada: `code` `validation_failed`, `field_required` (`<campo> é obrigatório`) ou `malformed_json`",
    content: { "application/json": { schema: ErrorBodySchema } },
  },
  401: {
    description: UNAUTHORIZED_DESCRIPTION,
    content: { "application/json": { schema: ErrorBodySchema } },
  },
  500: { description: "Falha interna", content: { "application/json": { schema: ErrorBodySchema } } },
} as const;

/** A 200 JSON response with the given schema. */
export const jsonOk = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
  ...errorResponses,
});

/** The literal string `sucesso`, answer of some deletes. */
export const SuccessStringSchema = z.literal("sucesso").openapi({ example: "sucesso" });

/** A required JSON request body validated by `schema`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});
