import { createRoute, type RouteHandler } from "@hono/zod-openapi";
import { changeTitle } from "../../domain/titles/titles";
import type { AppEnv } from "../../env";
import { jsonOk } from "../../http/schemas";
import { detailBody } from "./body";
import { titleInput } from "./input";
import type { TitleRouteKind } from "./kinds";
import { titleIdOf, titleParams, titlePath } from "./params";

export const updateTitleRoute = <K extends TitleRouteKind>(kind: K) =>
  createRoute({
    method: "put",
    path: titlePath(kind),
    operationId: `update${kind.name}`,
    tags: [kind.tag],
    summary: `Altera uma ${kind.noun}`,
    description:
      "Só os campos enviados mudam; null limpa um id de cadastro opcional. Um novo Value mantém o que já foi " +
      "liquidado: OpenValue = Value - liquidado, e Status é recalculado. Value abaixo do já liquidado é recusado. " +
      "Resposta: o detalhe da conta.",
    request: {
      params: titleParams(kind),
      body: { required: true, content: { "application/json": { schema: kind.schemas.Update } } },
    },
    responses: jsonOk(kind.schemas.Detail, `A ${kind.noun} alterada`),
  });

export const updateTitleHandler =
  <K extends TitleRouteKind>(kind: K): RouteHandler<ReturnType<typeof updateTitleRoute<K>>, AppEnv> =>
  async (c) => {
    const id = titleIdOf(kind, c.req.valid("param"));
    const changes = titleInput(kind, c.req.valid("json"));
    const detail = await changeTitle(c.get("db"), c.get("caller").companyId, kind.domain, id, changes);
    return c.json(detailBody(kind, detail), 200);
  };
