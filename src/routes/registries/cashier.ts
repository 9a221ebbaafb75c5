import { createRoute, z } from "@hono/zod-openapi";
import { type Cashier, closeCashier, listCashiers, openCashier } from "../../domain/registries/cashiers";
import {
  BANK_ACCOUNT_NOT_FOUND,
  CASHIER_ALREADY_OPEN,
  CASHIER_NOT_OPEN,
  COMPANY_NOT_FOUND,
} from "../../domain/registries/messages";
import { createRouter } from "../../http/router";
import { idPath, idQuery, jsonOk, pageQuery } from "../../http/schemas";
import { idField } from "./fields";

const dateTime = (description: string) =>
  z.string().openapi({ description: `${description}, no fuso da empresa`, example: "2026-05-29 08:00:00" });

const CashierSchema = z
  .object({
    IDCashier: idField("Id da abertura de caixa"),
    IDBankAccount: idField("Conta bancária do caixa"),
    OpenedAt: dateTime("Abertura"),
    ClosedAt: dateTime("Fechamento; nulo enquanto aberto").nullable(),
  })
  .openapi("Cashier");

const CashierListSchema = z.array(CashierSchema).openapi("CashierList");
const params = z.object({ idbankaccount: idPath("idbankaccount") });

const listCashiersRoute = createRoute({
  method: "get",
  path: "/store-front/cashier",
  operationId: "listCashiers",
  tags: ["Store front"],
  summary: "Lista aberturas e fechamentos de caixa (PDV)",
  description: "Mais recentes primeiro, 5000 por página (`Page` a partir de 0).",
  request: {
    query: z.object({ IDBankAccount: idQuery("IDBankAccount", "Só os caixas desta conta"), Page: pageQuery }),
  },
  responses: jsonOk(CashierListSchema, "Caixas da empresa"),
});

const openCashierRoute = createRoute({
  method: "post",
  path: "/store-front/cashier/{idbankaccount}/open",
  operationId: "openCashier",
  tags: ["Store front"],
  summary: "Abre o caixa de uma conta bancária",
  description: `A conta deve ser uma conta ativa da empresa; um só caixa aberto por conta (aberturas simultâneas: só uma passa). 400 \`${COMPANY_NOT_FOUND}\`, \`${BANK_ACCOUNT_NOT_FOUND}\`, \`${CASHIER_ALREADY_OPEN}\`.`,
  request: { params },
  responses: jsonOk(CashierListSchema, "Array de um item: o caixa aberto"),
});

const closeCashierRoute = createRoute({
  method: "post",
  path: "/store-front/cashier/{idbankaccount}/close",
  operationId: "closeCashier",
  tags: ["Store front"],
  summary: "Fecha o caixa aberto de uma conta bancária",
  description: `400 \`${COMPANY_NOT_FOUND}\`, \`${BANK_ACCOUNT_NOT_FOUND}\`, \`${CASHIER_NOT_OPEN}\`.`,
  request: { params },
  responses: jsonOk(CashierListSchema, "Array de um item: o caixa fechado"),
});

const cashierBody = (cashier: Cashier) => ({
  IDCashier: cashier.id,
  IDBankAccount: cashier.bankAccountId,
  OpenedAt: cashier.openedAt,
  ClosedAt: cashier.closedAt,
});

export const cashierRouter = createRouter()
  .openapi(listCashiersRoute, async (c) => {
    const { IDBankAccount, Page } = c.req.valid("query");
    const cashiers = await listCashiers(c.get("db"), c.get("caller").companyId, {
      page: Page,
      bankAccountId: IDBankAccount,
    });
    return c.json(cashiers.map(cashierBody), 200);
  })
  .openapi(openCashierRoute, async (c) => {
    const { idbankaccount } = c.req.valid("param");
    const { companyId, userId } = c.get("caller");
    return c.json([cashierBody(await openCashier(c.get("db"), companyId, userId, idbankaccount))], 200);
  })
  .openapi(closeCashierRoute, async (c) => {
    const { idbankaccount } = c.req.valid("param");
    const { companyId, userId } = c.get("caller");
    return c.json([cashierBody(await closeCashier(c.get("db"), companyId, userId, idbankaccount))], 200);
  });
