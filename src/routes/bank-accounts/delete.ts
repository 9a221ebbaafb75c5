import { createRoute, z } from "@hono/zod-openapi";
import { deleteBankAccount as inactivateBankAccount } from "../../domain/bank-accounts/delete";
import { listBankAccounts } from "../../domain/bank-accounts/list";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonOk } from "../../http/schemas";
import { BankAccountListSchema, bankAccountBody, TAG } from "./schemas";

export const deleteBankAccountRoute = createRoute({
  method: "delete",
  path: "/accounts/bank-account/{idbankaccount}",
  operationId: "deleteBankAccount",
  tags: [TAG],
  summary: "Inativa uma conta bancária (Status 0)",
  description:
    "Bloqueado quando a conta tem lançamentos, é a conta prevista de um título a pagar/receber não excluído " +
    "ou já foi usada numa abertura de caixa (PDV). O registro é mantido; responde a lista atualizada, sem a conta.",
  request: { params: z.object({ idbankaccount: idPath("idbankaccount") }) },
  responses: jsonOk(BankAccountListSchema, "A lista atualizada"),
});

export const deleteBankAccount: AppRouteHandler<typeof deleteBankAccountRoute> = async (c) => {
  const db = c.get("db");
  const caller = c.get("caller");
  await inactivateBankAccount(db, caller, c.req.valid("param").idbankaccount);
  const items = await listBankAccounts(db, caller.companyId);
  return c.json(items.map(bankAccountBody), 200);
};
