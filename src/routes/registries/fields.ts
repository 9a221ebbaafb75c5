import { z } from "@hono/zod-openapi";
import { idBody } from "../../http/schemas";

/** Fields only the registries use; those other areas share are in `src/http/schemas.ts`. */

export const documentField = z.string().nullable().openapi({
  description: "CPF ou CNPJ sem pontuação (o CNPJ alfanumérico em maiúsculas, ex. `12ABC34501DE35`)",
  example: "11222333000181",
});

/** An optional reference to another registry in a body; null clears it. */
export const nullableIdBody = (name: string, description: string) =>
  idBody(name)
    .nullable()
    .optional()
    .openapi({ type: ["integer", "null"], format: "int32", description });

/** A row of a registry whose only field is a description (document types, payment types, cost centers). */
export type DescribedRow = { id: number; description: string; status: number };
