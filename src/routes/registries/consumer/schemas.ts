import { z } from "@hono/zod-openapi";
import type { ConsumerRow } from "../../../db/registries/simple-registries";
import { CONSUMER_NOT_FOUND } from "../../../domain/registries/messages";
import { consumerRegistry } from "../../../domain/registries/simple-registries";
import { cpfOrCnpjBody, idField, idPath, pageQuery, requiredText, statusField } from "../../../http/schemas";
import { type CrudSpec, registryRows } from "../crud-configs";
import { documentField } from "../fields";

export const ConsumerSchema = z
  .object({
    IDConsumer: idField("Id do cliente"),
    Name: z.string(),
    Document: documentField,
    Email: z
      .string()
      .nullable()
      .openapi({ description: "E-mail do cliente (mensagens de rastreio)", example: "cliente@example.com" }),
    Status: statusField,
  })
  .openapi("Consumer");

export const ConsumerCreateSchema = z
  .object({
    Name: requiredText("Name", 150),
    Document: cpfOrCnpjBody.optional(),
    Email: z
      .email({ error: "Email deve ser um e-mail válido" })
      .max(150, "Email aceita no máximo 150 caracteres")
      .nullable()
      .optional()
      .openapi({
        description: "E-mail do cliente: destino das mensagens de rastreio por e-mail",
        example: "cliente@example.com",
      }),
  })
  .openapi("ConsumerCreate");

export const ConsumerUpdateSchema = ConsumerCreateSchema.partial().openapi("ConsumerUpdate");

export const consumerCrud = {
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
} satisfies CrudSpec;

export const consumerBody = (row: ConsumerRow) => ({
  IDConsumer: row.id,
  Name: row.name,
  Document: row.document ?? null,
  Email: row.email ?? null,
  Status: row.status,
});

/** The registry's domain operations, taking the validated query and bodies of its routes. */
export const consumerRows = registryRows(
  consumerRegistry,
  consumerBody,
  (body: z.infer<typeof ConsumerCreateSchema>) => ({
    name: body.Name,
    document: body.Document ?? null,
    email: body.Email ?? null,
  }),
  (body: z.infer<typeof ConsumerUpdateSchema>) => ({
    name: body.Name,
    document: body.Document,
    email: body.Email,
  }),
);
