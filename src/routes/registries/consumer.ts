import { z } from "@hono/zod-openapi";
import type { ConsumerRow } from "../../db/registries/simple-registries";
import { CONSUMER_NOT_FOUND } from "../../domain/registries/messages";
import { consumerRegistry } from "../../domain/registries/simple-registries";
import { createRouter } from "../../http/router";
import { idPath, pageQuery } from "../../http/schemas";
import { crudRoutes } from "./crud-routes";
import { cpfOrCnpjBody, documentField, idField, requiredText, statusField } from "./fields";

const ConsumerSchema = z
  .object({
    IDConsumer: idField("Id do cliente"),
    Name: z.string(),
    Document: documentField,
    Status: statusField,
  })
  .openapi("Consumer");

const ConsumerCreateSchema = z
  .object({ Name: requiredText("Name", 150), Document: cpfOrCnpjBody.optional() })
  .openapi("ConsumerCreate");

const ConsumerUpdateSchema = ConsumerCreateSchema.partial().openapi("ConsumerUpdate");

const routes = crudRoutes({
  path: "/consumer",
  itemPath: "/consumer/{idconsumer}",
  params: z.object({ idconsumer: idPath("idconsumer") }),
  listQuery: z.object({ Page: pageQuery }),
  item: ConsumerSchema,
  createBody: ConsumerCreateSchema,
  updateBody: ConsumerUpdateSchema,
  tag: "Consumer",
  noun: { one: "cliente", many: "clientes" },
  notFound: CONSUMER_NOT_FOUND,
  operationIds: {
    list: "listConsumers",
    get: "getConsumer",
    create: "createConsumer",
    update: "updateConsumer",
    remove: "deleteConsumer",
  },
});

const consumerBody = (row: ConsumerRow) => ({
  IDConsumer: row.id,
  Name: row.name,
  Document: row.document ?? null,
  Status: row.status,
});

export const consumerRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const { Page } = c.req.valid("query");
    const rows = await consumerRegistry.list(c.get("db"), c.get("caller").companyId, { page: Page });
    return c.json(rows.map(consumerBody), 200);
  })
  .openapi(routes.get, async (c) => {
    const { idconsumer } = c.req.valid("param");
    const rows = await consumerRegistry.findAsList(c.get("db"), c.get("caller").companyId, idconsumer);
    return c.json(rows.map(consumerBody), 200);
  })
  .openapi(routes.create, async (c) => {
    const body = c.req.valid("json");
    const row = await consumerRegistry.create(c.get("db"), c.get("caller").companyId, {
      name: body.Name,
      document: body.Document ?? null,
    });
    return c.json([consumerBody(row)], 200);
  })
  .openapi(routes.update, async (c) => {
    const { idconsumer } = c.req.valid("param");
    const body = c.req.valid("json");
    const row = await consumerRegistry.change(c.get("db"), c.get("caller").companyId, idconsumer, {
      name: body.Name,
      document: body.Document,
    });
    return c.json([consumerBody(row)], 200);
  })
  .openapi(routes.remove, async (c) => {
    const { idconsumer } = c.req.valid("param");
    await consumerRegistry.remove(c.get("db"), c.get("caller").companyId, idconsumer);
    return c.json("sucesso" as const, 200);
  });
