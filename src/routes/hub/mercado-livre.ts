import { createRoute, z } from "@hono/zod-openapi";
import { MercadoLivreChannel } from "../../adapters/channels/mercado-livre/adapter";
import { callChannel } from "../../domain/hub/channel-calls";
import { channelOf, findIntegration } from "../../domain/hub/integrations";
import { ML_NOT_MERCADO_LIVRE, ML_OAUTH_STATE_INVALID } from "../../domain/hub/mercado-livre/messages";
import { receiveMlNotification } from "../../domain/hub/mercado-livre/notifications";
import { finishMlAuthorization, startMlAuthorization } from "../../domain/hub/mercado-livre/oauth";
import { HUB_INTEGRATION_NOT_FOUND } from "../../domain/hub/messages";
import { type AppRouteHandler, createRouter } from "../../http/router";
import { jsonBody, jsonOk, requiredText } from "../../http/schemas";
import { badRequest } from "../../lib/errors";
import { writesNoEvents } from "../../middleware/event-dispatch";
import { hubDeps } from "./request";
import { HUB_TAG } from "./schemas/common";
import { integrationParams } from "./schemas/integrations";

const AuthorizationQuery = z.object({
  RedirectUri: requiredText("RedirectUri", 500)
    .optional()
    .openapi({
      param: { name: "RedirectUri", in: "query" },
      description: "A URL de retorno cadastrada no aplicativo do Mercado Livre (https)",
      example: "https://app.exemplo.com.br/mercado-livre/retorno",
    }),
});

const AuthorizationSchema = z
  .object({
    Url: z.string().openapi({ description: "URL que o vendedor abre para autorizar o aplicativo" }),
    State: z.string().openapi({ description: "state de uso único, ligado a esta integração" }),
    ExpiresAt: z.string().openapi({ description: "Validade do state (UTC)" }),
  })
  .openapi("HubMercadoLivreAuthorization");

export const mlAuthorizationRoute = createRoute({
  method: "get",
  path: "/hub/integration/{idcompanyintegration}/mercado-livre/authorization",
  operationId: "getMercadoLivreAuthorization",
  tags: [HUB_TAG],
  summary: "URL de autorização OAuth do Mercado Livre para conectar o vendedor",
  description: [
    "A integração Mercado Livre já tem `Credentials` `{ClientId, ClientSecret}` do aplicativo. Responde a URL",
    "`https://auth.mercadolivre.com.br/authorization?response_type=code&client_id=&redirect_uri=&state=`; o state vale",
    "10 minutos e uma vez só. O Mercado Livre devolve o vendedor a RedirectUri com `code` e `state`: repasse-os a",
    `GET /hub/mercado-livre/oauth/callback. 400 \`${HUB_INTEGRATION_NOT_FOUND}\`, \`${ML_NOT_MERCADO_LIVRE}\`.`,
  ].join(" "),
  request: { params: integrationParams, query: AuthorizationQuery },
  responses: jsonOk(AuthorizationSchema, "A URL de autorização"),
});

export const mlAuthorization: AppRouteHandler<typeof mlAuthorizationRoute> = async (c) => {
  const answer = await startMlAuthorization(
    hubDeps(c),
    c.req.valid("param").idcompanyintegration,
    c.req.valid("query").RedirectUri,
  );
  return c.json({ Url: answer.url, State: answer.state, ExpiresAt: answer.expiresAt }, 200);
};

const CallbackQuery = z.object({
  code: requiredText("code", 500).openapi({
    param: { name: "code", in: "query" },
    description:
      "Código de autorização que o Mercado Livre anexou à RedirectUri (trocado uma vez só pelos tokens)",
    example: "TG-abc-123",
  }),
  state: requiredText("state", 200).openapi({
    param: { name: "state", in: "query" },
    description: "O state da URL de autorização, devolvido pelo Mercado Livre: identifica a integração",
  }),
});

const ConnectedSchema = z
  .object({
    IDCompanyIntegration: z.number().int().openapi({ description: "A integração Mercado Livre conectada" }),
    AuthenticationStatus: z
      .literal("Authenticated")
      .openapi({ description: "Sempre `Authenticated`: os tokens do vendedor foram guardados" }),
  })
  .openapi("HubMercadoLivreConnected");

export const mlCallbackRoute = createRoute({
  method: "get",
  path: "/hub/mercado-livre/oauth/callback",
  operationId: "mercadoLivreOAuthCallback",
  tags: [HUB_TAG],
  summary: "Retorno do OAuth do Mercado Livre: troca o code pelos tokens do vendedor",
  description: [
    "Sem token: o `state` (uso único, 10 minutos) identifica a integração. Troca o `code` em `POST /oauth/token`",
    "(`grant_type=authorization_code`) e guarda os tokens criptografados; a integração fica `Authenticated`.",
    `400 \`${ML_OAUTH_STATE_INVALID}\`; code recusado pelo Mercado Livre: 400 com o motivo.`,
  ].join(" "),
  security: [],
  request: { query: CallbackQuery },
  responses: jsonOk(ConnectedSchema, "A integração conectada"),
});

export const mlCallback: AppRouteHandler<typeof mlCallbackRoute> = async (c) => {
  const { code, state } = c.req.valid("query");
  const bound = await finishMlAuthorization(
    {
      db: c.get("db"),
      credentialsKey: c.env.HUB_CREDENTIALS_KEY,
      now: new Date(),
      production: c.env.ENVIRONMENT !== "development",
    },
    code,
    state,
  );
  return c.json(
    { IDCompanyIntegration: bound.integrationId, AuthenticationStatus: "Authenticated" as const },
    200,
  );
};

/**
 * A Mercado Livre id: a number (up to the largest integer a JSON number carries exactly, 2^53 - 1:
 * above it the parsed value is no longer the id that was sent) or its digits as text.
 */
const mlId = (name: string) =>
  z.union(
    [
      z
        .number()
        .nonnegative(`${name} deve ser um número inteiro não negativo`)
        .max(
          Number.MAX_SAFE_INTEGER,
          `${name} excede o maior inteiro exato (${Number.MAX_SAFE_INTEGER}): envie-o como texto`,
        )
        .int(`${name} deve ser um número inteiro`),
      z.string().regex(/^\d{1,20}$/, `${name} deve ser um número (até 20 dígitos)`),
    ],
    { error: `${name} deve ser um número inteiro ou seus dígitos como texto` },
  );

const NotificationSchema = z
  .object({
    _id: z
      .string()
      .max(100)
      .optional()
      .openapi({ description: "Identificador da notificação no Mercado Livre (não usado)" }),
    resource: requiredText("resource", 300).openapi({
      description: "Recurso alterado, buscado depois pelo pull (`/orders/{id}`, `/shipments/{id}`...)",
      example: "/orders/2195160686",
    }),
    user_id: mlId("user_id").openapi({
      description: "Vendedor (user_id do Mercado Livre)",
      example: 468424240,
    }),
    topic: requiredText("topic", 60).openapi({
      description:
        "Tópico: `orders_v2`, `shipments` e `claims` são buscados; `items` e outros ficam guardados",
      example: "orders_v2",
    }),
    application_id: mlId("application_id").openapi({
      description: "Aplicativo (client id)",
      example: 5503910054141466,
    }),
    attempts: z
      .number()
      .int()
      .nonnegative()
      .max(1000)
      .optional()
      .openapi({ description: "Tentativa de entrega desta notificação (o Mercado Livre reenvia sem 200)" }),
    sent: z.string().max(60).optional().openapi({ description: "Quando o Mercado Livre enviou (ISO 8601)" }),
    received: z
      .string()
      .max(60)
      .optional()
      .openapi({ description: "Quando o Mercado Livre recebeu o evento (ISO 8601; não usado)" }),
  })
  .openapi("HubMercadoLivreNotification");

const NotificationAnswerSchema = z
  .object({
    Result: z.enum(["queued", "stored", "ignored"]).openapi({
      description:
        "`queued`: guardada e um pull da integração agendado; `stored`: guardada, sem busca; `ignored`: vendedor ou aplicativo desconhecido",
    }),
  })
  .openapi("HubMercadoLivreNotificationAnswer");

export const mlNotificationRoute = createRoute({
  method: "post",
  path: "/hub/mercado-livre/notifications",
  operationId: "receiveMercadoLivreNotification",
  tags: [HUB_TAG],
  summary: "Recebe as notificações do Mercado Livre (URL de notificações do aplicativo)",
  description: [
    "Sem token. Responde 200 na hora (nenhuma chamada ao canal): `orders_v2`, `shipments` e `claims` entram na fila",
    "da integração do vendedor (`user_id`) e do aplicativo (`application_id`) — uma linha por recurso — e um job",
    "`HubOrderPull` os busca (a reclamação com o seu pedido); `items` fica guardado (`stored`); vendedor ou aplicativo desconhecido:",
    "`ignored`, registrado em log. O pull de hora em hora varre `date_last_updated` e pega o que a notificação perdeu.",
  ].join(" "),
  security: [],
  // stores a notification and a pull job: no events, mail nor stock to dispatch after it
  middleware: [writesNoEvents] as const,
  request: { body: jsonBody(NotificationSchema) },
  responses: jsonOk(NotificationAnswerSchema, "O que foi feito da notificação"),
});

export const mlNotification: AppRouteHandler<typeof mlNotificationRoute> = async (c) => {
  const body = c.req.valid("json");
  const result = await receiveMlNotification(
    { db: c.get("db"), queue: c.env.JOBS, account: c.get("account") },
    body,
    new Date(),
  );
  return c.json({ Result: result }, 200);
};

const SellerSchema = z
  .object({
    SellerId: z.string().openapi({ description: "user_id do vendedor no Mercado Livre" }),
    Nickname: z
      .string()
      .nullable()
      .openapi({ description: "Apelido (nickname) do vendedor; null se o canal não o informa" }),
  })
  .openapi("HubMercadoLivreSeller");

export const mlSellerRoute = createRoute({
  method: "post",
  path: "/hub/integration/{idcompanyintegration}/mercado-livre/check",
  operationId: "checkMercadoLivreConnection",
  tags: [HUB_TAG],
  summary: "Confere a conexão com o Mercado Livre (GET /users/me)",
  description:
    "Chama `GET /users/me` com o token do vendedor (renovado uma vez só se venceu, mesmo com chamadas simultâneas). Falhas do canal: 400 com a mensagem.",
  request: { params: integrationParams },
  responses: jsonOk(SellerSchema, "O vendedor conectado"),
});

export const mlSeller: AppRouteHandler<typeof mlSellerRoute> = async (c) => {
  const deps = hubDeps(c);
  const row = await findIntegration(deps.db, deps.companyId, c.req.valid("param").idcompanyintegration);
  const seller = await callChannel(async () => {
    const channel = await channelOf(deps, row);
    if (!(channel instanceof MercadoLivreChannel)) throw badRequest(ML_NOT_MERCADO_LIVRE);
    return channel.seller();
  });
  return c.json({ SellerId: seller.id, Nickname: seller.nickname }, 200);
};

/** Mounted before authentication: Mercado Livre's notifications and its OAuth return. */
export const mercadoLivrePublicRouter = createRouter()
  .openapi(mlNotificationRoute, mlNotification)
  .openapi(mlCallbackRoute, mlCallback);
