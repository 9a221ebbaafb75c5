import { z } from "@hono/zod-openapi";
import { isValidDate } from "../lib/dates";
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

/** `YYYY-MM-DD`, a real calendar date. */
export const dateString = (name: string) =>
  z
    .string()
    .refine(isValidDate, `${name} deve ser uma data válida no formato AAAA-MM-DD`)
    .openapi({ type: "string", format: "date", example: "2026-01-31", description: name });

export const dateQuery = (name: string, description: string) =>
  dateString(name)
    .optional()
    .openapi({ param: { name, in: "query" }, type: "string", format: "date", description });

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

/** Bounded text in a body. */
export const textBody = (name: string, max = 255) =>
  z
    .string({ error: `${name} deve ser um texto` })
    .max(max, `${name} aceita no máximo ${max} caracteres`)
    .openapi({ maxLength: max });

export const ErrorBodySchema = z
  .object({ errorMessage: z.string().openapi({ example: "Conta bancária não existe" }) })
  .openapi("Error");

/** The error responses every operation can give. */
export const errorResponses = {
  400: { description: "Validação recusada", content: { "application/json": { schema: ErrorBodySchema } } },
  401: {
    description: "Token ausente, inválido ou expirado",
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
