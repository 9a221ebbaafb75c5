import { z } from "@hono/zod-openapi";
import type { AccountTypeRow } from "../../../db/registries/simple-registries";
import { ACCOUNT_TYPE_NOT_FOUND } from "../../../domain/registries/messages";
import { accountTypeRegistry } from "../../../domain/registries/simple-registries";
import { flagBody, idField, idPath, pageQuery, requiredText, statusField } from "../../../http/schemas";
import { type CrudSpec, registryRows } from "../crud-configs";

export const typeAccountDescription = "0 entrada (a receber), 1 saída (a pagar)";

export const AccountTypeSchema = z
  .object({
    IDTypeAccountPayableReceivable: idField("Id do plano de contas"),
    Description: z.string().openapi({ example: "Receita de vendas" }),
    IDTypeAccount: z.number().int().openapi({ description: typeAccountDescription, example: 0 }),
    Status: statusField,
  })
  .openapi("AccountType");

export const AccountTypeCreateSchema = z
  .object({
    Description: requiredText("Description", 150).openapi({ example: "Receita de vendas" }),
    IDTypeAccount: flagBody("IDTypeAccount").openapi({ description: typeAccountDescription }),
  })
  .openapi("AccountTypeCreate");

export const AccountTypeUpdateSchema = AccountTypeCreateSchema.partial().openapi("AccountTypeUpdate");

export const accountTypeCrud = {
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
} satisfies CrudSpec;

export const accountTypeBody = (row: AccountTypeRow) => ({
  IDTypeAccountPayableReceivable: row.id,
  Description: row.description,
  IDTypeAccount: row.typeAccount,
  Status: row.status,
});

/** The body under its domain names; `undefined` stays "not sent". */
export const accountTypeInput = (body: z.infer<typeof accountTypeCrud.updateBody>) => ({
  description: body.Description,
  typeAccount: body.IDTypeAccount,
});

/** The registry's domain operations, taking the validated query and bodies of its routes. */
export const accountTypeRows = registryRows(
  accountTypeRegistry,
  accountTypeBody,
  (body: z.infer<typeof AccountTypeCreateSchema>) => ({
    ...accountTypeInput(body),
    description: body.Description,
  }),
  accountTypeInput,
);
