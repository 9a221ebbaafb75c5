import { createRoute, type RouteHandler } from "@hono/zod-openapi";
import { getTitleDetail } from "../../domain/titles/titles";
import type { AppEnv } from "../../env";
import { jsonOk } from "../../http/schemas";
import { detailBody } from "./body";
import type { TitleRouteKind } from "./kinds";
import { titleIdOf, titleParams, titlePath } from "./params";

export const getTitleRoute = <K extends TitleRouteKind>(kind: K) =>
  createRoute({
    method: "get",
    path: titlePath(kind),
    operationId: `get${kind.name}`,
    tags: [kind.tag],
    summary: `Uma ${kind.noun} com seus ${kind.paymentNoun}s`,
    description: `Conta excluída ou de outra empresa: 400 \`${kind.domain.messages.notFound}\`.`,
    request: { params: titleParams(kind) },
    responses: jsonOk(kind.schemas.Detail, `A ${kind.noun}`),
  });

export const getTitleHandler =
  <K extends TitleRouteKind>(kind: K): RouteHandler<ReturnType<typeof getTitleRoute<K>>, AppEnv> =>
  async (c) => {
    const id = titleIdOf(kind, c.req.valid("param"));
    const detail = await getTitleDetail(c.get("db"), c.get("caller").companyId, kind.domain, id);
    return c.json(detailBody(kind, detail), 200);
  };
