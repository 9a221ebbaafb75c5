import { createRoute, z } from "@hono/zod-openapi";
import { PRODUCT_NOT_FOUND } from "../../domain/registries/messages";
import { scheduleCostRecalculation } from "../../domain/sku/cost-recalculation";
import { COST_RECALCULATION_SCHEDULED } from "../../domain/sku/messages";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonOk } from "../../http/schemas";

const ScheduledSchema = z
  .object({ Message: z.literal(COST_RECALCULATION_SCHEDULED) })
  .openapi("CostRecalculationScheduled");

export const recalculateSkuCostRoute = createRoute({
  method: "post",
  path: "/sku/{idsku}/cost/recalculate",
  operationId: "recalculateSkuCost",
  tags: ["SKU"],
  summary: "Agenda o recálculo do custo do SKU",
  description: `Cria um job \`SkuCostRecalculate\`: o custo do produto passa a ser a média (arredondada ao centavo) dos custos registrados para o SKU nas importações; sem registros, o custo não muda. 400 \`${PRODUCT_NOT_FOUND}\` quando o SKU não é da empresa.`,
  request: { params: z.object({ idsku: idPath("idsku") }) },
  responses: jsonOk(ScheduledSchema, "Recálculo agendado"),
});

export const recalculateSkuCost: AppRouteHandler<typeof recalculateSkuCostRoute> = async (c) => {
  const { idsku } = c.req.valid("param");
  const caller = c.get("caller");
  await scheduleCostRecalculation(
    { db: c.get("db"), queue: c.env.JOBS, account: c.get("account") },
    caller,
    idsku,
  );
  return c.json({ Message: COST_RECALCULATION_SCHEDULED }, 200);
};
