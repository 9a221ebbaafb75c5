import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getTitleDetail } from "../../domain/titles/titles";
import type { AppEnv } from "../../env";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import {
  detailBody,
  PAYABLE_ROUTES,
  payableParams,
  RECEIVABLE_ROUTES,
  receivableParams,
  type TitleRouteKind,
} from "./schemas";

const getConfig = <P extends z.ZodObject>(kind: TitleRouteKind, params: P) => ({
  method: "get" as const,
  operationId: `get${kind.name}`,
  tags: [kind.tag],
  summary: `Uma ${kind.noun} com seus ${kind.paymentNoun}s`,
  description: `Conta excluída ou de outra empresa: 400 \`${kind.domain.messages.notFound}\`.`,
  request: { params },
  responses: jsonOk(kind.schemas.Detail, `A ${kind.noun}`),
});

export const getAccountPayableRoute = createRoute({
  path: "/accounts/payable/{idaccountpayable}",
  ...getConfig(PAYABLE_ROUTES, payableParams),
});

export const getAccountReceivableRoute = createRoute({
  path: "/accounts/receivable/{idaccountreceivable}",
  ...getConfig(RECEIVABLE_ROUTES, receivableParams),
});

async function titleDetail(c: Context<AppEnv>, kind: TitleRouteKind, id: number) {
  return detailBody(kind, await getTitleDetail(c.get("db"), c.get("caller").companyId, kind.domain, id));
}

export const getAccountPayable: AppRouteHandler<typeof getAccountPayableRoute> = async (c) =>
  c.json(await titleDetail(c, PAYABLE_ROUTES, c.req.valid("param").idaccountpayable), 200);

export const getAccountReceivable: AppRouteHandler<typeof getAccountReceivableRoute> = async (c) =>
  c.json(await titleDetail(c, RECEIVABLE_ROUTES, c.req.valid("param").idaccountreceivable), 200);
