import { z } from "@hono/zod-openapi";
import { COST_CENTER_NOT_FOUND } from "../../domain/registries/messages";
import { costCenterRegistry } from "../../domain/registries/simple-registries";
import { createRouter } from "../../http/router";
import { idPath, pageQuery } from "../../http/schemas";
import { crudRoutes } from "./crud-routes";
import { type DescribedRow, idField, requiredText, statusField } from "./fields";

const CostCenterSchema = z
  .object({
    IDTypeCostCenter: idField("Id do centro de custo"),
    Description: z.string().openapi({ example: "Exemplo" }),
    Status: statusField,
  })
  .openapi("CostCenter");

const CostCenterCreateSchema = z
  .object({ Description: requiredText("Description", 150) })
  .openapi("CostCenterCreate");

const CostCenterUpdateSchema = CostCenterCreateSchema.partial().openapi("CostCenterUpdate");

const routes = crudRoutes({
  path: "/type/cost-center",
  itemPath: "/type/cost-center/{idtypecostcenter}",
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
});

const costCenterBody = (row: DescribedRow) => ({
  IDTypeCostCenter: row.id,
  Description: row.description,
  Status: row.status,
});

export const costCenterRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const { Page } = c.req.valid("query");
    const rows = await costCenterRegistry.list(c.get("db"), c.get("caller").companyId, { page: Page });
    return c.json(rows.map(costCenterBody), 200);
  })
  .openapi(routes.get, async (c) => {
    const { idtypecostcenter } = c.req.valid("param");
    const rows = await costCenterRegistry.findAsList(
      c.get("db"),
      c.get("caller").companyId,
      idtypecostcenter,
    );
    return c.json(rows.map(costCenterBody), 200);
  })
  .openapi(routes.create, async (c) => {
    const { Description } = c.req.valid("json");
    const row = await costCenterRegistry.create(c.get("db"), c.get("caller").companyId, {
      description: Description,
    });
    return c.json([costCenterBody(row)], 200);
  })
  .openapi(routes.update, async (c) => {
    const { idtypecostcenter } = c.req.valid("param");
    const { Description } = c.req.valid("json");
    const row = await costCenterRegistry.change(c.get("db"), c.get("caller").companyId, idtypecostcenter, {
      description: Description,
    });
    return c.json([costCenterBody(row)], 200);
  })
  .openapi(routes.remove, async (c) => {
    const { idtypecostcenter } = c.req.valid("param");
    await costCenterRegistry.remove(c.get("db"), c.get("caller").companyId, idtypecostcenter);
    return c.json("sucesso" as const, 200);
  });
