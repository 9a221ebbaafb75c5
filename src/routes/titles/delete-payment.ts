import { createRoute, type RouteHandler } from "@hono/zod-openapi";
import { deleteTitlePayment } from "../../domain/titles/payments";
import type { AppEnv } from "../../env";
import { jsonOk } from "../../http/schemas";
import type { TitleRouteKind } from "./kinds";
import { paymentParams, titleIdOf, titlePath } from "./params";
import { EmptyListSchema } from "./schemas";

export const deletePaymentRoute = <K extends TitleRouteKind>(kind: K) =>
  createRoute({
    method: "delete",
    path: `${titlePath(kind)}/payment/{idaccountpayment}` as `${K["basePath"]}/{${K["idParam"]}}/payment/{idaccountpayment}`,
    operationId: `delete${kind.name}Payment`,
    tags: [kind.tag],
    summary: `Exclui um ${kind.paymentNoun} da ${kind.noun}`,
    description:
      "Remove o lançamento do extrato interno e devolve o valor ao em aberto da conta, na mesma transação. " +
      `Recusado quando o lançamento está conciliado (\`${kind.domain.messages.paymentReconciled}\`). Resposta: \`[]\`.`,
    request: { params: paymentParams(kind) },
    responses: jsonOk(EmptyListSchema, "Lista vazia"),
  });

export const deletePaymentHandler =
  <K extends TitleRouteKind>(kind: K): RouteHandler<ReturnType<typeof deletePaymentRoute<K>>, AppEnv> =>
  async (c) => {
    const params = c.req.valid("param");
    await deleteTitlePayment(
      c.get("db"),
      c.get("caller").companyId,
      kind.domain,
      titleIdOf(kind, params),
      (params as { idaccountpayment: number }).idaccountpayment,
    );
    return c.json([], 200);
  };
