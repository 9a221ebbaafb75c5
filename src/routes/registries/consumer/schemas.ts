import { z } from "@hono/zod-openapi";
import type { ConsumerRow } from "../../../db/registries/consumers";
import {
  changeConsumer,
  createConsumer,
  deleteConsumer,
  findConsumerAsList,
  listConsumers,
  recipientIeIndicator,
} from "../../../domain/registries/consumers";
import { CONSUMER_NOT_FOUND } from "../../../domain/registries/messages";
import type { Db } from "../../../env";
import { cpfOrCnpjBody, idField, idPath, pageQuery, requiredText, statusField } from "../../../http/schemas";
import type { CrudSpec } from "../crud-configs";
import {
  clearableField,
  documentField,
  fiscalAddressBodyShape,
  fiscalAddressOf,
  fiscalAddressSchemaShape,
  fiscalAddressValues,
  stateRegistrationBody,
} from "../fields";

/*
 * The recipient of the NF-e (`dest`): the state registration and the address, optional here, every field
 * null until informed, under the invoicing company's rules and messages (the same builders); the NF-e
 * emission will require what model 55 requires. Addresses are in Brazil only (no country field).
 */

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
    StateRegistration: clearableField(
      "Inscrição estadual (IE) do destinatário: só dígitos, ISENTO, ou null (não contribuinte do ICMS)",
    ),
    IndIEDest: z
      .number()
      .int()
      .openapi({
        enum: [1, 2, 9],
        description:
          "indIEDest que a NF-e levará (calculado, só leitura): 1 contribuinte do ICMS (IE em dígitos), 2 contribuinte isento de inscrição (ISENTO), 9 não contribuinte (sem IE, ou CPF: um CPF é sempre 9)",
        example: 9,
      }),
  })
  .extend(fiscalAddressSchemaShape)
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
    StateRegistration: stateRegistrationBody(
      "Inscrição estadual do destinatário (IE): dígitos dão indIEDest 1, ISENTO dá 2, null (não contribuinte) dá 9; um CPF é sempre 9.",
    ),
  })
  .extend(fiscalAddressBodyShape)
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
  notes: {
    list: "Clientes da empresa, com os dados do destinatário da NF-e (IE, endereço) e o indIEDest que a nota levará.",
    create:
      "IE e endereço (o destinatário da NF-e) são opcionais aqui; a emissão da NF-e modelo 55 os exigirá. Só endereços no Brasil. CityCode deve ser de um município da UF.",
    update:
      "Só os campos enviados mudam; IE e campos do endereço enviados como null ou vazio são apagados. Document só é verificado quando enviado. CityCode deve ser de um município da UF (a do corpo ou a gravada).",
  },
} satisfies CrudSpec;

export const consumerBody = (row: ConsumerRow) => ({
  IDConsumer: row.id,
  Name: row.name,
  Document: row.document ?? null,
  Email: row.email ?? null,
  Status: row.status,
  StateRegistration: row.stateRegistration,
  IndIEDest: recipientIeIndicator(row.document, row.stateRegistration),
  ...fiscalAddressOf(row),
});

/** The recipient's fiscal data of a body under its column names; `undefined` stays "not sent". */
const recipientValues = (body: z.infer<typeof ConsumerUpdateSchema>) => ({
  stateRegistration: body.StateRegistration,
  ...fiscalAddressValues(body),
});

/** The registry's domain operations, taking the validated query and bodies of its routes. */
export const consumerRows = {
  list: (db: Db, companyId: number, query: { Page: number }) =>
    listConsumers(db, companyId, { page: query.Page }),
  findAsList: findConsumerAsList,
  create: (db: Db, companyId: number, body: z.infer<typeof ConsumerCreateSchema>) =>
    createConsumer(db, companyId, {
      name: body.Name,
      document: body.Document ?? null,
      email: body.Email ?? null,
      ...recipientValues(body),
    }),
  change: (db: Db, companyId: number, id: number, body: z.infer<typeof ConsumerUpdateSchema>) =>
    changeConsumer(db, companyId, id, {
      name: body.Name,
      document: body.Document,
      email: body.Email,
      ...recipientValues(body),
    }),
  remove: deleteConsumer,
  toBody: consumerBody,
};
