import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createTitle, type TitleInput } from "../../domain/titles/titles";
import type { AppEnv } from "../../env";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import {
  detailBody,
  PAYABLE_ROUTES,
  RECEIVABLE_ROUTES,
  type TitleJson,
  type TitleRouteKind,
  titleInput,
} from "./schemas";

const createConfig = (kind: TitleRouteKind) => ({
  method: "post" as const,
  operationId: `create${kind.name}`,
  tags: [kind.tag],
  summary: `Cria uma ${kind.noun}`,
  description:
    "Um valor e um vencimento por conta (sem parcelas); nasce aberta, com OpenValue = Value. " +
    "Cada id de cadastro enviado deve existir na empresa do usuário. NossoNumero e TxId (extensão) são as chaves " +
    "de cobrança do boleto e do Pix: opcionais, únicas quando informadas.",
  request: { body: jsonBody(kind.schemas.Create) },
  responses: jsonOk(kind.schemas.Detail, `A ${kind.noun} criada`),
});

export const createAccountPayableRoute = createRoute({
  path: "/accounts/payable",
  ...createConfig(PAYABLE_ROUTES),
});

export const createAccountReceivableRoute = createRoute({
  path: "/accounts/receivable",
  ...createConfig(RECEIVABLE_ROUTES),
});

async function addTitle(c: Context<AppEnv>, kind: TitleRouteKind, body: TitleJson) {
  const input = titleInput(kind, body) as TitleInput;
  return detailBody(kind, await createTitle(c.get("db"), c.get("caller").companyId, kind.domain, input));
}

export const createAccountPayable: AppRouteHandler<typeof createAccountPayableRoute> = async (c) =>
  c.json(await addTitle(c, PAYABLE_ROUTES, c.req.valid("json")), 200);

export const createAccountReceivable: AppRouteHandler<typeof createAccountReceivableRoute> = async (c) =>
  c.json(await addTitle(c, RECEIVABLE_ROUTES, c.req.valid("json")), 200);
