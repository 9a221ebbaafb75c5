import { createRoute, type RouteHandler } from "@hono/zod-openapi";
import { payTitle } from "../../domain/titles/payments";
import type { AppEnv } from "../../env";
import { jsonOk } from "../../http/schemas";
import { detailBody } from "./body";
import type { TitleRouteKind } from "./kinds";
import { titleIdOf, titleParams, titlePath } from "./params";
import { TitlePaymentCreateSchema } from "./schemas";

export const payTitleRoute = <K extends TitleRouteKind>(kind: K) =>
  createRoute({
    method: "post",
    path: `${titlePath(kind)}/payment` as `${K["basePath"]}/{${K["idParam"]}}/payment`,
    operationId: `create${kind.name}Payment`,
    tags: [kind.tag],
    summary: `Registra um ${kind.paymentNoun} da ${kind.noun}`,
    description:
      `Lança uma ${kind.domain.typeAccount === 0 ? "entrada" : "saída"} no extrato interno da conta bancária ` +
      `(descrição \`${kind.domain.entryPrefix} <descrição da conta>\`, data-hora \`<Date> 00:00:00\` no fuso ` +
      "da empresa, documento da conta) e baixa o valor em aberto na mesma transação. O IDAccountPayment é o " +
      "IDBankStatement desse lançamento. Valor acima do em aberto é recusado, também entre pagamentos " +
      "simultâneos. Resposta: o detalhe da conta.",
    request: {
      params: titleParams(kind),
      body: { required: true, content: { "application/json": { schema: TitlePaymentCreateSchema } } },
    },
    responses: jsonOk(kind.schemas.Detail, `A ${kind.noun} com o ${kind.paymentNoun}`),
  });

export const payTitleHandler =
  <K extends TitleRouteKind>(kind: K): RouteHandler<ReturnType<typeof payTitleRoute<K>>, AppEnv> =>
  async (c) => {
    const id = titleIdOf(kind, c.req.valid("param"));
    const body = c.req.valid("json");
    const detail = await payTitle(c.get("db"), c.get("caller"), kind.domain, id, {
      bankAccountId: body.IDBankAccount,
      value: body.Value,
      date: body.Date,
    });
    return c.json(detailBody(kind, detail), 200);
  };
