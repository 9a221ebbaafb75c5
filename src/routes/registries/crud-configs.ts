import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { COMPANY_NOT_FOUND } from "../../domain/company/messages";
import type { AppEnv, Db } from "../../env";
import { jsonBody, jsonOk, SuccessStringSchema } from "../../http/schemas";

type ZodObject = z.ZodObject<z.ZodRawShape>;

/**
 * What a company-scoped registry declares once: its schemas, names and notes. The route configs below
 * are built from it; each registry still writes its routes as module-level constants with literal paths.
 */
export type CrudSpec = {
  /** Path parameters of the item path, e.g. `{ idsupplier }`. */
  params: ZodObject;
  /** Query of the list (at least `Page`). */
  listQuery: ZodObject;
  item: z.ZodType;
  createBody: z.ZodType;
  updateBody: z.ZodType;
  tag: string;
  /** Portuguese names for summaries: `{ one: "fornecedor", many: "fornecedores" }`. */
  noun: { one: string; many: string };
  /** Message of a missing id (PUT/DELETE), documented on the operations. */
  notFound: string;
  operationIds: { list: string; get: string; create: string; update: string; remove: string };
  /** Extra text per operation (rules of the registry). */
  notes?: Partial<Record<"list" | "get" | "create" | "update" | "remove", string>>;
};

const scope = "Registros de outra empresa ou excluídos são tratados como inexistentes.";
const missing = (spec: CrudSpec) => `400 \`${spec.notFound}\` quando o id não existe. ${scope}`;
const text = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" ");

/*
 * The conventions every registry shares: GET list (`Page` 0-based, 5000 rows), GET by id answering
 * `[item]` or `[]`, POST and PUT answering `[item]`, DELETE (Status 0) answering `"sucesso"`. Rows of
 * another company and deleted rows do not exist.
 */

export const listConfig = <S extends CrudSpec>(spec: S) => ({
  method: "get" as const,
  operationId: spec.operationIds.list,
  tags: [spec.tag],
  summary: `Lista ${spec.noun.many}`,
  description: text(`Ativos da empresa, 5000 por página (\`Page\` a partir de 0).`, spec.notes?.list),
  request: { query: spec.listQuery as S["listQuery"] },
  responses: jsonOk(
    z.array(spec.item as S["item"]),
    `Lista de ${spec.noun.many} (vazia quando nada corresponde)`,
  ),
});

export const getConfig = <S extends CrudSpec>(spec: S) => ({
  method: "get" as const,
  operationId: spec.operationIds.get,
  tags: [spec.tag],
  summary: `Consulta ${spec.noun.one} pelo id`,
  description: text(`Array com o registro, ou array vazio quando não existe. ${scope}`, spec.notes?.get),
  request: { params: spec.params as S["params"] },
  responses: jsonOk(z.array(spec.item as S["item"]), "Array com o registro, ou vazio"),
});

export const createConfig = <S extends CrudSpec>(spec: S) => ({
  method: "post" as const,
  operationId: spec.operationIds.create,
  tags: [spec.tag],
  summary: `Cria ${spec.noun.one}`,
  description: text(
    `400 \`${COMPANY_NOT_FOUND}\` quando a empresa do usuário não existe.`,
    spec.notes?.create,
  ),
  request: { body: jsonBody(spec.createBody as S["createBody"]) },
  responses: jsonOk(z.array(spec.item as S["item"]), "Array de um item: o registro criado"),
});

export const updateConfig = <S extends CrudSpec>(spec: S) => ({
  method: "put" as const,
  operationId: spec.operationIds.update,
  tags: [spec.tag],
  summary: `Altera ${spec.noun.one}`,
  description: text("Só os campos enviados mudam.", missing(spec), spec.notes?.update),
  request: { params: spec.params as S["params"], body: jsonBody(spec.updateBody as S["updateBody"]) },
  responses: jsonOk(z.array(spec.item as S["item"]), "Array de um item: o registro alterado"),
});

export const deleteConfig = <S extends CrudSpec>(spec: S) => ({
  method: "delete" as const,
  operationId: spec.operationIds.remove,
  tags: [spec.tag],
  summary: `Exclui ${spec.noun.one}`,
  description: text(
    "Exclusão lógica (Status 0): some das listas e consultas.",
    missing(spec),
    spec.notes?.remove,
  ),
  request: { params: spec.params as S["params"] },
  responses: jsonOk(SuccessStringSchema, "A string `sucesso`"),
});

/** A registry's domain operations as its routes call them: validated query and bodies in, rows out. */
type Rows<Row, Item> = {
  findAsList(db: Db, companyId: number, id: number): Promise<Row[]>;
  remove(db: Db, companyId: number, id: number): Promise<void>;
  toBody(row: Row): Item;
};

/*
 * One implementation per conventional operation, shared by the registries' typed handlers: GET list
 * and GET by id answer the rows, POST and PUT `[row]`, DELETE `"sucesso"`.
 */

export const listRows = async <Q, Row, Item>(
  c: Context<AppEnv>,
  rows: Rows<Row, Item> & { list(db: Db, companyId: number, query: Q): Promise<Row[]> },
  query: Q,
): Promise<Item[]> => (await rows.list(c.get("db"), c.get("caller").companyId, query)).map(rows.toBody);

export const getRows = async <Row, Item>(
  c: Context<AppEnv>,
  rows: Rows<Row, Item>,
  id: number,
): Promise<Item[]> => (await rows.findAsList(c.get("db"), c.get("caller").companyId, id)).map(rows.toBody);

export const createRow = async <B, Row, Item>(
  c: Context<AppEnv>,
  rows: Rows<Row, Item> & { create(db: Db, companyId: number, body: B): Promise<Row> },
  body: B,
): Promise<Item[]> => [rows.toBody(await rows.create(c.get("db"), c.get("caller").companyId, body))];

export const changeRow = async <B, Row, Item>(
  c: Context<AppEnv>,
  rows: Rows<Row, Item> & { change(db: Db, companyId: number, id: number, body: B): Promise<Row> },
  id: number,
  body: B,
): Promise<Item[]> => [rows.toBody(await rows.change(c.get("db"), c.get("caller").companyId, id, body))];

export const removeRow = async <Row, Item>(c: Context<AppEnv>, rows: Rows<Row, Item>, id: number) => {
  await rows.remove(c.get("db"), c.get("caller").companyId, id);
  return "sucesso" as const;
};

/** The routes' view of a domain `registry()`: page from the query, bodies mapped to its values. */
export const registryRows = <Row, Values, Changes, Create, Update, Item>(
  registry: {
    list(db: Db, companyId: number, options: { page: number }): Promise<Row[]>;
    findAsList(db: Db, companyId: number, id: number): Promise<Row[]>;
    create(db: Db, companyId: number, values: Values): Promise<Row>;
    change(db: Db, companyId: number, id: number, changes: Changes): Promise<Row>;
    remove(db: Db, companyId: number, id: number): Promise<void>;
  },
  toBody: (row: Row) => Item,
  toValues: (body: Create) => Values,
  toChanges: (body: Update) => Changes,
) => ({
  list: (db: Db, companyId: number, query: { Page: number }) =>
    registry.list(db, companyId, { page: query.Page }),
  findAsList: registry.findAsList,
  create: (db: Db, companyId: number, body: Create) => registry.create(db, companyId, toValues(body)),
  change: (db: Db, companyId: number, id: number, body: Update) =>
    registry.change(db, companyId, id, toChanges(body)),
  remove: registry.remove,
  toBody,
});
