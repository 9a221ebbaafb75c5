import type { Hook } from "@hono/zod-openapi";
import { config, type core, type z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

const TYPE_NAMES: Record<string, string> = {
  string: "um texto",
  number: "um número",
  int: "um número inteiro",
  boolean: "verdadeiro ou falso (true/false)",
  object: "um objeto JSON",
  array: "uma lista (array JSON)",
  date: "uma data",
  null: "null",
};

const listed = (values: readonly unknown[]) => values.map((value) => JSON.stringify(value)).join(", ");

/**
 * The text of an issue whose schema names no message of its own, in Portuguese and without the field
 * (the field is put in front by `describeZodError`): `é obrigatório`, `deve ser um texto`... Installed
 * as zod's global error map, so no English text of the validator reaches a client. A schema's own
 * message (the spec's texts) always wins over it.
 */
function portugueseIssue(issue: core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "é obrigatório";
      return `deve ser ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `deve ser ${listed(issue.values)}`
        : `deve ser um de: ${listed(issue.values)}`;
    case "too_small": {
      const minimum = String(issue.minimum);
      if (issue.origin === "string")
        return issue.minimum === 1 ? "não pode ser vazio" : `deve ter pelo menos ${minimum} caracteres`;
      if (issue.origin === "array" || issue.origin === "set")
        return `deve ter pelo menos ${minimum} ${issue.minimum === 1 ? "item" : "itens"}`;
      return `deve ser maior ${issue.inclusive ? "ou igual a" : "que"} ${minimum}`;
    }
    case "too_big": {
      const maximum = String(issue.maximum);
      if (issue.origin === "string") return `aceita no máximo ${maximum} caracteres`;
      if (issue.origin === "array" || issue.origin === "set") return `aceita no máximo ${maximum} itens`;
      return `deve ser menor ${issue.inclusive ? "ou igual a" : "que"} ${maximum}`;
    }
    case "invalid_format":
      return issue.format === "email" ? "deve ser um e-mail válido" : "está em formato inválido";
    case "not_multiple_of":
      return `deve ser múltiplo de ${issue.divisor}`;
    case "unrecognized_keys":
      return `tem campos não reconhecidos: ${issue.keys.join(", ")}`;
    default:
      return "é inválido";
  }
}

config({ customError: portugueseIssue });

/** The value at `path` of `input`, and whether it is absent there (its parent object lacks it). */
function isAbsent(input: unknown, path: PropertyKey[]): boolean {
  let parent: unknown = input;
  for (const key of path.slice(0, -1)) {
    if (parent === null || typeof parent !== "object") return false;
    parent = (parent as Record<PropertyKey, unknown>)[key];
  }
  if (parent === null || typeof parent !== "object" || Array.isArray(parent)) return false;
  return (parent as Record<PropertyKey, unknown>)[path[path.length - 1]!] === undefined;
}

/** Issues about the type of a value: on a field that was not sent, they mean the field is required. */
const TYPE_ISSUES = new Set(["invalid_type", "invalid_union", "invalid_value"]);

/** A message that is a predicate without its subject (the global error map's): it starts in lower case. */
const isPredicate = (message: string) => /^\p{Ll}/u.test(message);

type ValidationFailure = { message: string; required: boolean };

/**
 * One message naming the first invalid field, e.g. `Value: Value aceita no máximo 2 casas decimais`,
 * `Email é obrigatório` or `Corpo da requisição deve ser um objeto JSON`. With the `input`, a type
 * message on a field that was not sent (`IDSku deve ser um número inteiro` for a missing IDSku)
 * becomes `<field> é obrigatório`; the spec's own texts for a missing field (`Conta bancária obrigatória`)
 * are kept, since they do not start with the field's name.
 */
function describeValidation(error: z.ZodError, input?: unknown): ValidationFailure {
  const issue = error.issues[0];
  if (!issue) return { message: "Requisição inválida", required: false };
  const path = issue.path.map(String).join(".");
  if (!path) {
    const message = isPredicate(issue.message)
      ? `Corpo da requisição ${issue.message}`
      : `Requisição inválida: ${issue.message}`;
    return { message, required: false };
  }
  const field = String(issue.path[issue.path.length - 1]);
  const absent = input !== undefined && isAbsent(input, issue.path);
  const generic = isPredicate(issue.message) || issue.message.startsWith(`${field} deve ser `);
  if (TYPE_ISSUES.has(issue.code) && generic && (absent || issue.message === "é obrigatório"))
    return { message: `${path} é obrigatório`, required: true };
  if (issue.message.includes(field)) return { message: issue.message, required: false };
  if (isPredicate(issue.message)) return { message: `${path} ${issue.message}`, required: false };
  return { message: `${path}: ${issue.message}`, required: false };
}

/** The 400 of a validation failure: `field_required` when a field was not sent, else `validation_failed`. */
export function validationError(error: z.ZodError, input?: unknown): ApiError {
  const { message, required } = describeValidation(error, input);
  return new ApiError(400, message, required ? { code: "field_required" } : {});
}

/** OpenAPI `defaultHook`: every validation failure becomes the same 400 error body. */
// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by routes of every shape
export const validationHook: Hook<any, AppEnv, any, any> = (result) => {
  if (!result.success) throw validationError(result.error as z.ZodError, (result as { data?: unknown }).data);
};
