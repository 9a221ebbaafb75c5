import { z } from "@hono/zod-openapi";
import type { SalesPolicyRow } from "../../db/stock/registry";
import { PICK_ORDER_INVALID } from "../../domain/stock/messages";
import { idField, idPath, requiredText, statusField } from "../../http/schemas";

export const SalesPolicySchema = z
  .object({
    IDCompanySalesPolicy: idField("Política de venda"),
    Name: z.string().openapi({ example: "Varejo: 30 dias de validade" }),
    MinShelfLifeDays: z
      .number()
      .int()
      .openapi({ description: "Validade mínima restante (dias) para o lote ser vendável", example: 30 }),
    PickOrder: z.string().openapi({
      description: "FEFO (vence primeiro, sai primeiro) ou FIFO (lote mais antigo primeiro)",
      example: "FEFO",
    }),
    Status: statusField,
  })
  .openapi("CompanySalesPolicy");

export const SalesPolicyCreateSchema = z
  .object({
    Name: requiredText("Name", 120).openapi({ example: "Varejo: 30 dias de validade" }),
    MinShelfLifeDays: z
      .number({ error: "MinShelfLifeDays deve ser um número inteiro" })
      .int("MinShelfLifeDays deve ser um número inteiro")
      .min(0, "MinShelfLifeDays não pode ser negativo")
      .max(36_500, "MinShelfLifeDays excede o máximo permitido")
      .optional()
      .openapi({ default: 0, example: 30 }),
    PickOrder: z
      .enum(["FEFO", "FIFO"], { error: PICK_ORDER_INVALID })
      .optional()
      .openapi({ default: "FEFO" }),
  })
  .openapi("CompanySalesPolicyCreate");

export const SalesPolicyUpdateSchema = SalesPolicyCreateSchema.partial().openapi("CompanySalesPolicyUpdate");

export const SalesPolicyParams = z.object({ idcompanysalespolicy: idPath("idcompanysalespolicy") });

export const salesPolicyBody = (row: SalesPolicyRow) => ({
  IDCompanySalesPolicy: row.id,
  Name: row.name,
  MinShelfLifeDays: row.minShelfLifeDays,
  PickOrder: row.pickOrder,
  Status: row.status,
});
