import { createRoute, z } from "@hono/zod-openapi";
import { BATCH_CODE_DUPLICATE, SKU_NOT_FOUND } from "../../domain/stock/messages";
import { createBatch as createBatchRow } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { dateString, idBody, jsonBody, jsonOk, requiredText } from "../../http/schemas";
import { BatchSchema, batchBody } from "./schemas";

const BatchCreateSchema = z
  .object({
    IDSku: idBody("IDSku"),
    Code: requiredText("Code", 60).openapi({ example: "L2026-05A" }),
    ExpirationDate: dateString("ExpirationDate").nullable().optional(),
    ManufacturingDate: dateString("ManufacturingDate").nullable().optional(),
  })
  .openapi("SkuBatchCreate");

export const createBatchRoute = createRoute({
  method: "post",
  path: "/sku/batch",
  operationId: "createSkuBatch",
  tags: ["SKU"],
  summary: "Cadastra um lote do SKU",
  description: `O código é único por SKU. O lote nasce sem saldo: entra em estoque pelas movimentações que o informam. 400 \`${SKU_NOT_FOUND}\`, \`${BATCH_CODE_DUPLICATE}\`.`,
  request: {
    body: jsonBody(
      BatchCreateSchema.openapi({ example: { IDSku: 1, Code: "L2026-05A", ExpirationDate: "2026-12-31" } }),
    ),
  },
  responses: jsonOk(z.array(BatchSchema), "Array com o lote"),
});

export const createBatch: AppRouteHandler<typeof createBatchRoute> = async (c) => {
  const body = c.req.valid("json");
  const row = await createBatchRow(c.get("db"), c.get("caller").companyId, {
    skuId: body.IDSku,
    code: body.Code,
    expirationDate: body.ExpirationDate ?? null,
    manufacturingDate: body.ManufacturingDate ?? null,
  });
  return c.json([batchBody({ ...row, qty: 0, daysToExpire: null })], 200);
};
