import { createRoute, type RouteHandler } from "@hono/zod-openapi";
import { createTitle, type TitleInput } from "../../domain/titles/titles";
import type { AppEnv } from "../../env";
import { jsonOk } from "../../http/schemas";
import { detailBody } from "./body";
import { titleInput } from "./input";
import type { TitleRouteKind } from "./kinds";

export const createTitleRoute = <K extends TitleRouteKind>(kind: K) =>
  createRoute({
    method: "post",
    path: kind.basePath as K["basePath"],
    operationId: `create${kind.name}`,
    tags: [kind.tag],
    summary: `Cria uma ${kind.noun}`,
    description:
      "Um valor e um vencimento por conta (sem parcelas); nasce aberta, com OpenValue = Value. " +
      "Cada id de cadastro enviado deve existir na empresa do usuário.",
    request: { body: { required: true, content: { "application/json": { schema: kind.schemas.Create } } } },
    responses: jsonOk(kind.schemas.Detail, `A ${kind.noun} criada`),
  });

export const createTitleHandler =
  <K extends TitleRouteKind>(kind: K): RouteHandler<ReturnType<typeof createTitleRoute<K>>, AppEnv> =>
  async (c) => {
    const input = titleInput(kind, c.req.valid("json")) as TitleInput;
    const detail = await createTitle(c.get("db"), c.get("caller").companyId, kind.domain, input);
    return c.json(detailBody(kind, detail), 200);
  };
