import { z } from "@hono/zod-openapi";
import type { Db } from "../../env";
import { createRouter } from "../../http/router";
import { idPath, pageQuery } from "../../http/schemas";
import { crudRoutes } from "./crud-routes";
import { idField, requiredText, statusField } from "./fields";

type DescribedRow = { id: number; description: string; status: number };

/** The domain side of a registry whose only field is a description (document types, payment types...). */
export type DescribedRegistry = {
  list(db: Db, companyId: number, options: { page: number }): Promise<DescribedRow[]>;
  findAsList(db: Db, companyId: number, id: number): Promise<DescribedRow[]>;
  create(db: Db, companyId: number, values: { description: string }): Promise<DescribedRow>;
  change(db: Db, companyId: number, id: number, changes: { description?: string }): Promise<DescribedRow>;
  remove(db: Db, companyId: number, id: number): Promise<void>;
};

export type DescribedRegistrySpec<Path extends `/${string}` = `/${string}`, Param extends string = string> = {
  path: Path;
  /** Path parameter, e.g. `idtypedocument`. */
  param: Param;
  /** Id field of the JSON item, e.g. `IDTypeDocument`. */
  idField: string;
  /** OpenAPI component name of the item, e.g. `DocumentType`. */
  schemaName: string;
  tag: string;
  noun: { one: string; many: string };
  notFound: string;
  operationIds: { list: string; get: string; create: string; update: string; remove: string };
  registry: DescribedRegistry;
};

/**
 * Router of a description-only registry: `[IDxxx, Description, Status]` with the conventions of
 * `crudRoutes`. Each registry still declares its own path, operationIds, tag and schemas.
 */
export function describedRegistryRouter<const Path extends `/${string}`, const Param extends string>(
  spec: DescribedRegistrySpec<Path, Param>,
) {
  const item = z
    .object({
      [spec.idField]: idField(`Id do ${spec.noun.one}`),
      Description: z.string().openapi({ example: "Exemplo" }),
      Status: statusField,
    } as Record<string, z.ZodNumber | z.ZodString>)
    .openapi(spec.schemaName);
  const body = z.object({ Description: requiredText("Description", 150) });
  const params = z.object({ [spec.param]: idPath(spec.param) });

  const routes = crudRoutes({
    path: spec.path,
    itemPath: `${spec.path}/{${spec.param}}` as `${Path}/{${Param}}`,
    params,
    listQuery: z.object({ Page: pageQuery }),
    item,
    createBody: body.openapi(`${spec.schemaName}Create`),
    updateBody: body.partial().openapi(`${spec.schemaName}Update`),
    tag: spec.tag,
    noun: spec.noun,
    notFound: spec.notFound,
    operationIds: spec.operationIds,
  });

  const toBody = (row: DescribedRow) =>
    ({ [spec.idField]: row.id, Description: row.description, Status: row.status }) as z.infer<typeof item>;
  const idOf = (c: { req: { valid(target: "param"): Record<string, number> } }) =>
    c.req.valid("param")[spec.param]!;

  return createRouter()
    .openapi(routes.list, async (c) => {
      const { Page } = c.req.valid("query");
      const rows = await spec.registry.list(c.get("db"), c.get("caller").companyId, { page: Page });
      return c.json(rows.map(toBody), 200);
    })
    .openapi(routes.get, async (c) => {
      const rows = await spec.registry.findAsList(c.get("db"), c.get("caller").companyId, idOf(c));
      return c.json(rows.map(toBody), 200);
    })
    .openapi(routes.create, async (c) => {
      const { Description } = c.req.valid("json");
      const row = await spec.registry.create(c.get("db"), c.get("caller").companyId, {
        description: Description,
      });
      return c.json([toBody(row)], 200);
    })
    .openapi(routes.update, async (c) => {
      const { Description } = c.req.valid("json");
      const row = await spec.registry.change(c.get("db"), c.get("caller").companyId, idOf(c), {
        description: Description,
      });
      return c.json([toBody(row)], 200);
    })
    .openapi(routes.remove, async (c) => {
      await spec.registry.remove(c.get("db"), c.get("caller").companyId, idOf(c));
      return c.json("sucesso" as const, 200);
    });
}
