import { z } from "@hono/zod-openapi";
import { isValidCnpj, isValidCpfOrCnpj, onlyDigits } from "../../domain/registries/document-number";
import { idBody, textBody } from "../../http/schemas";

/** Output id column of an item. */
export const idField = (description: string) =>
  z.number().int().openapi({ type: "integer", format: "int32", description, example: 1 });

export const statusField = z
  .number()
  .int()
  .openapi({ description: "1 ativo; 0 excluído (nunca listado)", example: 1 });

/** A required name or description: trimmed, not empty, a single line. */
export const requiredText = (name: string, max: number) =>
  textBody(name, max, { required: true }).openapi({ example: "Exemplo" });

/** Digits with the usual punctuation of a CPF/CNPJ (`.`, `-`, `/`, spaces): anything else is refused, never dropped. */
const DOCUMENT_TEXT = /^[\d./\s-]*$/;

/**
 * A document field: punctuation accepted and dropped, stored as digits; `""` or null clears it. Text with
 * any other character, or digits that are not a valid `kind` by their check digits, is a 400 (never a null
 * that would erase the stored value).
 */
const documentBody = (kind: string, isValid: (digits: string) => boolean, description: string) =>
  z
    .string({ error: "Document deve ser um texto" })
    .max(20, "Document aceita no máximo 20 caracteres")
    .refine((text) => DOCUMENT_TEXT.test(text), {
      message: `Document deve ser um ${kind} válido`,
      abort: true,
    })
    .transform((text) => (text.trim() === "" ? null : onlyDigits(text)))
    .refine((digits) => digits === null || isValid(digits), `Document deve ser um ${kind} válido`)
    .nullable()
    .openapi({ type: ["string", "null"], maxLength: 20, example: "11222333000181", description });

/** A CPF (11 digits) or CNPJ (14 digits) with valid check digits. */
export const cpfOrCnpjBody = documentBody(
  "CPF ou CNPJ",
  isValidCpfOrCnpj,
  "CPF (11 dígitos) ou CNPJ (14 dígitos) com dígitos verificadores válidos; pontuação (`.`, `-`, `/`) é aceita e removida, guardado só com dígitos; vazio ou null apaga",
);

/** A CNPJ (14 digits) with valid check digits. */
export const cnpjBody = documentBody(
  "CNPJ",
  isValidCnpj,
  "CNPJ (14 dígitos) com dígitos verificadores válidos; pontuação (`.`, `-`, `/`) é aceita e removida, guardado só com dígitos; vazio ou null apaga",
);

export const documentField = z
  .string()
  .nullable()
  .openapi({ description: "Documento, só dígitos", example: "11222333000181" });

/** An optional reference to another registry in a body; null clears it. */
export const nullableIdBody = (name: string, description: string) =>
  idBody(name)
    .nullable()
    .optional()
    .openapi({ type: ["integer", "null"], format: "int32", description });

/** A row of a registry whose only field is a description (document types, payment types, cost centers). */
export type DescribedRow = { id: number; description: string; status: number };
