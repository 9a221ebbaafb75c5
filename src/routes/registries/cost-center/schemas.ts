import { z } from "@hono/zod-openapi";
import { COST_CENTER_NOT_FOUND } from "../../../domain/registries/messages";
import { costCenterRegistry } from "../../../domain/registries/simple-registries";
import { idField, idPath, pageQuery, requiredText, statusField } from "../../../http/schemas";
import { type CrudSpec, registryRows } from "../crud-configs";
import type { DescribedRow } from "../fields";

export const CostCenterSchema = z
  .object({
    IDTypeCostCenter: idField("Id do centro de custo"),
    Description: z.string().openapi({ example: "Exemplo" }),
    Status: statusField,
  })
  .openapi("CostCenter");

export const CostCenterCreateSchema = z
  .object({ Description: requiredText("Description", 150) })
  .openapi("CostCenterCreate");

export const CostCenterUpdateSchema = CostCenterCreateSchema.partial().openapi("CostCenterUpdate");

export const costCenterCrud = {
  params: z.object({ idtypecostcenter: idPath("idtypecostcenter") }),
  listQuery: z.object({ Page: pageQuery }),
  item: CostCenterSchema,
  createBody: CostCenterCreateSchema,
  updateBody: CostCenterUpdateSchema,
  tag: "Type",
  noun: { one: "centro de custo", many: "centros de custo" },
  notFound: COST_CENTER_NOT_FOUND,
  operationIds: {
    list: "listCostCenters",
    get: "getCostCenter",
    create: "createCostCenter",
    update: "updateCostCenter",
    remove: "deleteCostCenter",
  },
} satisfies CrudSpec;

export const costCenterBody = (row: DescribedRow) => ({
  IDTypeCostCenter: row.id,
  Description: row.description,
  Status: row.status,
});

/** The registry's domain operations, taking the validated query and bodies of its routes. */
export const costCenterRows = registryRows(
  costCenterRegistry,
  costCenterBody,
  (body: z.infer<typeof CostCenterCreateSchema>) => ({ description: body.Description }),
  (body: z.infer<typeof CostCenterUpdateSchema>) => ({ description: body.Description }),
);
