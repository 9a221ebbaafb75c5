import { z } from "@hono/zod-openapi";
import type { WarehouseRow } from "../../db/stock/registry";
import { flagBody, idField, idPath, requiredText, statusField } from "../../http/schemas";

export const WarehouseSchema = z
  .object({
    IDWarehouse: idField("Depósito"),
    Name: z.string().openapi({ example: "Depósito principal" }),
    IsActive: z
      .number()
      .int()
      .openapi({ description: "1 movimenta estoque; 0 não aceita movimentações", example: 1 }),
    Status: statusField,
  })
  .openapi("Warehouse");

export const WarehouseCreateSchema = z
  .object({
    Name: requiredText("Name", 120).openapi({ example: "Depósito principal" }),
    IsActive: flagBody("IsActive").optional().openapi({ default: 1 }),
  })
  .openapi("WarehouseCreate");

export const WarehouseUpdateSchema = WarehouseCreateSchema.partial().openapi("WarehouseUpdate");

export const WarehouseParams = z.object({ idwarehouse: idPath("idwarehouse") });

export const warehouseBody = (row: WarehouseRow) => ({
  IDWarehouse: row.id,
  Name: row.name,
  IsActive: row.isActive,
  Status: row.status,
});
