import { createRoute, z } from "@hono/zod-openapi";
import { jsonOk, SuccessStringSchema } from "../../http/schemas";

type ZodObject = z.ZodObject<z.ZodRawShape>;

/** What a company-scoped registry declares once; the five conventional operations are built from it. */
export type CrudSpec<
  Path extends string,
  ItemPath extends string,
  Params extends ZodObject,
  Query extends ZodObject,
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
> = {
  /** Collection path, e.g. `/supplier`. */
  path: Path;
  /** Item path, e.g. `/supplier/{idsupplier}`. */
  itemPath: ItemPath;
  /** Path parameters of the item path. */
  params: Params;
  /** Query of the list (at least `Page`). */
  listQuery: Query;
  item: Item;
  createBody: Create;
  updateBody: Update;
  tag: string;
  /** Portuguese names for summaries: `{ one: "fornecedor", many: "fornecedores" }`. */
  noun: { one: string; many: string };
  /** Message of a missing id (PUT/DELETE), documented on the operations. */
  notFound: string;
  operationIds: { list: string; get: string; create: string; update: string; remove: string };
  /** Extra text per operation (rules of the registry). */
  notes?: Partial<Record<"list" | "get" | "create" | "update" | "remove", string>>;
};

const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

/**
 * Route declarations of a company-scoped registry, all with the same conventions: GET list (`Page`
 * 0-based, 5000 rows), GET by id answering `[item]` or `[]`, POST and PUT answering `[item]`, DELETE
 * (Status 0) answering `"sucesso"`. Rows of another company and deleted rows do not exist.
 */
export function crudRoutes<
  Path extends string,
  ItemPath extends string,
  Params extends ZodObject,
  Query extends ZodObject,
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(spec: CrudSpec<Path, ItemPath, Params, Query, Item, Create, Update>) {
  const { noun, notes = {} } = spec;
  const scope = "Registros de outra empresa ou excluídos são tratados como inexistentes.";
  const missing = `400 \`${spec.notFound}\` quando o id não existe. ${scope}`;
  const text = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" ");

  return {
    list: createRoute({
      method: "get",
      path: spec.path,
      operationId: spec.operationIds.list,
      tags: [spec.tag],
      summary: `Lista ${noun.many}`,
      description: text(`Ativos da empresa, 5000 por página (\`Page\` a partir de 0).`, notes.list),
      request: { query: spec.listQuery },
      responses: jsonOk(z.array(spec.item), `Lista de ${noun.many} (vazia quando nada corresponde)`),
    }),
    get: createRoute({
      method: "get",
      path: spec.itemPath,
      operationId: spec.operationIds.get,
      tags: [spec.tag],
      summary: `Consulta ${noun.one} pelo id`,
      description: text(`Array com o registro, ou array vazio quando não existe. ${scope}`, notes.get),
      request: { params: spec.params },
      responses: jsonOk(z.array(spec.item), "Array com o registro, ou vazio"),
    }),
    create: createRoute({
      method: "post",
      path: spec.path,
      operationId: spec.operationIds.create,
      tags: [spec.tag],
      summary: `Cria ${noun.one}`,
      description: text("400 `Empresa não existe` quando a empresa do usuário não existe.", notes.create),
      request: { body: jsonBody(spec.createBody) },
      responses: jsonOk(z.array(spec.item), "Array de um item: o registro criado"),
    }),
    update: createRoute({
      method: "put",
      path: spec.itemPath,
      operationId: spec.operationIds.update,
      tags: [spec.tag],
      summary: `Altera ${noun.one}`,
      description: text("Só os campos enviados mudam.", missing, notes.update),
      request: { params: spec.params, body: jsonBody(spec.updateBody) },
      responses: jsonOk(z.array(spec.item), "Array de um item: o registro alterado"),
    }),
    remove: createRoute({
      method: "delete",
      path: spec.itemPath,
      operationId: spec.operationIds.remove,
      tags: [spec.tag],
      summary: `Exclui ${noun.one}`,
      description: text("Exclusão lógica (Status 0): some das listas e consultas.", missing, notes.remove),
      request: { params: spec.params },
      responses: jsonOk(SuccessStringSchema, "A string `sucesso`"),
    }),
  };
}
