import { z } from "@hono/zod-openapi";
import { isValidCnpj, isValidCpfOrCnpj, onlyDigits } from "../../domain/registries/document-number";
import { idBody } from "../../http/schemas";

/** Output id column of an item. */
export const idField = (description: string) =>
  z.number().int().openapi({ type: "integer", format: "int32", description, example: 1 });

export const statusField = z
  .number()
  .int()
  .openapi({ description: "1 ativo; 0 excluído (nunca listado)", example: 1 });

/** A required name or description: trimmed, not empty. */
export const requiredText = (name: string, max: number) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${name} é obrigatório` : `${name} deve ser um texto`),
    })
    .trim()
    .min(1, `${name} é obrigatório`)
    .max(max, `${name} aceita no máximo ${max} caracteres`)
    .openapi({ maxLength: max, example: "Exemplo" });

/** A CPF (11 digits) or CNPJ (14 digits), punctuation accepted and dropped; `""` or null clears it. */
export const cpfOrCnpjBody = z
  .string({ error: "Document deve ser um texto" })
  .max(20, "Document aceita no máximo 20 caracteres")
  .transform((text) => onlyDigits(text) || null)
  .refine((digits) => digits === null || isValidCpfOrCnpj(digits), "Document deve ser um CPF ou CNPJ válido")
  .nullable()
  .openapi({
    type: ["string", "null"],
    maxLength: 20,
    example: "11222333000181",
    description: "CPF ou CNPJ; pontuação é aceita e removida, guardado só com dígitos",
  });

/** A CNPJ (14 digits), punctuation accepted and dropped; `""` or null clears it. */
export const cnpjBody = z
  .string({ error: "Document deve ser um texto" })
  .max(20, "Document aceita no máximo 20 caracteres")
  .transform((text) => onlyDigits(text) || null)
  .refine((digits) => digits === null || isValidCnpj(digits), "Document deve ser um CNPJ válido")
  .nullable()
  .openapi({
    type: ["string", "null"],
    maxLength: 20,
    example: "11222333000181",
    description: "CNPJ; pontuação é aceita e removida, guardado só com dígitos",
  });

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
