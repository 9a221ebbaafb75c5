import { createRoute, type RouteHandler } from "@hono/zod-openapi";
import { deleteTitle } from "../../domain/titles/titles";
import type { AppEnv } from "../../env";
import { jsonOk } from "../../http/schemas";
import type { TitleRouteKind } from "./kinds";
import { titleIdOf, titleParams, titlePath } from "./params";
import { EmptyListSchema } from "./schemas";

export const deleteTitleRoute = <K extends TitleRouteKind>(kind: K) =>
  createRoute({
    method: "delete",
    path: titlePath(kind),
    operationId: `delete${kind.name}`,
    tags: [kind.tag],
    summary: `Exclui uma ${kind.noun}`,
    description:
      `Exclusão lógica (Status 0): a conta some das listas e consultas. Recusada enquanto a conta tiver ` +
      `${kind.paymentNoun}s (\`${kind.domain.messages.hasPayments}\`). Resposta: \`[]\`.`,
    request: { params: titleParams(kind) },
    responses: jsonOk(EmptyListSchema, "Lista vazia"),
  });

export const deleteTitleHandler =
  <K extends TitleRouteKind>(kind: K): RouteHandler<ReturnType<typeof deleteTitleRoute<K>>, AppEnv> =>
  async (c) => {
    const id = titleIdOf(kind, c.req.valid("param"));
    await deleteTitle(c.get("db"), c.get("caller").companyId, kind.domain, id);
    return c.json([], 200);
  };
