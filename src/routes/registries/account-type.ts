import { z } from "@hono/zod-openapi";
import type { AccountTypeRow } from "../../db/registries/simple-registries";
import { ACCOUNT_TYPE_NOT_FOUND } from "../../domain/registries/messages";
import { accountTypeRegistry } from "../../domain/registries/simple-registries";
import { createRouter } from "../../http/router";
import { flagBody, idPath, pageQuery } from "../../http/schemas";
import { crudRoutes } from "./crud-routes";
import { idField, requiredText, statusField } from "./fields";

const typeAccountDescription = "0 entrada (a receber), 1 saída (a pagar)";

const AccountTypeSchema = z
  .object({
    IDTypeAccountPayableReceivable: idField("Id do plano de contas"),
    Description: z.string().openapi({ example: "Receita de vendas" }),
    IDTypeAccount: z.number().int().openapi({ description: typeAccountDescription, example: 0 }),
    Status: statusField,
  })
  .openapi("AccountType");

const AccountTypeCreateSchema = z
  .object({
    Description: requiredText("Description", 150).openapi({ example: "Receita de vendas" }),
    IDTypeAccount: flagBody("IDTypeAccount").openapi({ description: typeAccountDescription }),
  })
  .openapi("AccountTypeCreate");

const AccountTypeUpdateSchema = AccountTypeCreateSchema.partial().openapi("AccountTypeUpdate");

const routes = crudRoutes({
  path: "/type/account/type",
  itemPath: "/type/account/type/{idtypeaccountpayablereceivable}",
  params: z.object({ idtypeaccountpayablereceivable: idPath("idtypeaccountpayablereceivable") }),
  listQuery: z.object({ Page: pageQuery }),
  item: AccountTypeSchema,
  createBody: AccountTypeCreateSchema,
  updateBody: AccountTypeUpdateSchema,
  tag: "Type",
  noun: { one: "plano de contas", many: "planos de contas" },
  notFound: ACCOUNT_TYPE_NOT_FOUND,
  operationIds: {
    list: "listAccountTypes",
    get: "getAccountType",
    create: "createAccountType",
    update: "updateAccountType",
    remove: "deleteAccountType",
  },
});

const accountTypeBody = (row: AccountTypeRow) => ({
  IDTypeAccountPayableReceivable: row.id,
  Description: row.description,
  IDTypeAccount: row.typeAccount,
  Status: row.status,
});

export const accountTypeRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const { Page } = c.req.valid("query");
    const rows = await accountTypeRegistry.list(c.get("db"), c.get("caller").companyId, { page: Page });
    return c.json(rows.map(accountTypeBody), 200);
  })
  .openapi(routes.get, async (c) => {
    const { idtypeaccountpayablereceivable: id } = c.req.valid("param");
    const rows = await accountTypeRegistry.findAsList(c.get("db"), c.get("caller").companyId, id);
    return c.json(rows.map(accountTypeBody), 200);
  })
  .openapi(routes.create, async (c) => {
    const body = c.req.valid("json");
    const row = await accountTypeRegistry.create(c.get("db"), c.get("caller").companyId, {
      description: body.Description,
      typeAccount: body.IDTypeAccount,
    });
    return c.json([accountTypeBody(row)], 200);
  })
  .openapi(routes.update, async (c) => {
    const { idtypeaccountpayablereceivable: id } = c.req.valid("param");
    const body = c.req.valid("json");
    const row = await accountTypeRegistry.change(c.get("db"), c.get("caller").companyId, id, {
      description: body.Description,
      typeAccount: body.IDTypeAccount,
    });
    return c.json([accountTypeBody(row)], 200);
  })
  .openapi(routes.remove, async (c) => {
    const { idtypeaccountpayablereceivable: id } = c.req.valid("param");
    await accountTypeRegistry.remove(c.get("db"), c.get("caller").companyId, id);
    return c.json("sucesso" as const, 200);
  });
