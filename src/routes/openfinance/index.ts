import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { WEBHOOK_SECRET_HEADER } from "../../adapters/openfinance/webhook";
import { BANK_ACCOUNT_NOT_FOUND } from "../../domain/bank-accounts/messages";
import { getFeed, putFeed, removeFeed, requestFeedSync } from "../../domain/openfinance/feed";
import { OPENFINANCE_MESSAGES as M } from "../../domain/openfinance/messages";
import { openFinanceSettings, saveOpenFinance } from "../../domain/openfinance/settings";
import { authenticatedIntegration, receiveWebhook } from "../../domain/openfinance/webhook";
import type { AppEnv } from "../../env";
import { type AppRouteHandler, createRouter } from "../../http/router";
import { errorResponses, idPath, jsonBody, jsonOk, SuccessStringSchema } from "../../http/schemas";
import {
  FeedBodySchema,
  FeedSchema,
  feedAnswer,
  OpenFinanceSettingsBodySchema,
  OpenFinanceSettingsSchema,
  SyncAnswerSchema,
  settingsAnswer,
  WebhookAnswerSchema,
} from "./schemas";

const integrationParams = z.object({ idcompanyintegration: idPath("idcompanyintegration") });
const accountParams = z.object({ idbankaccount: idPath("idbankaccount") });
const refusals = (...messages: string[]) => messages.map((m) => `\`${m}\``).join(", ");

export const putOpenFinanceSettingsRoute = createRoute({
  method: "put",
  path: "/company/integration/{idcompanyintegration}/openfinance",
  operationId: "putOpenFinanceSettings",
  tags: ["Company"],
  summary: "Configura a integração Open Finance (agregador Pluggy)",
  description: [
    "A integração deve ser de Kind `OPENFINANCE` (POST /company/integration). A primeira configuração exige BaseUrl",
    "e Credentials e devolve `WebhookSecret` uma única vez (registre no agregador `POST /webhooks` com",
    '`url` = https://<host>/openfinance/webhook/{id} e `headers` `{"X-Feed-Webhook-Secret": <segredo>}`). Campos',
    "omitidos mantêm o gravado; nova BaseUrl ou Credentials descartam a chave de API guardada. Credentials nunca",
    `são devolvidas. 400 ${refusals(M.notOpenFinanceIntegration, M.baseUrlRequired, M.credentialsRequired, M.noCipherKey)}.`,
  ].join(" "),
  request: { params: integrationParams, body: jsonBody(OpenFinanceSettingsBodySchema) },
  responses: jsonOk(OpenFinanceSettingsSchema, "A integração Open Finance"),
});

const putOpenFinanceSettings: AppRouteHandler<typeof putOpenFinanceSettingsRoute> = async (c) => {
  const body = c.req.valid("json");
  const view = await saveOpenFinance(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idcompanyintegration,
    {
      baseUrl: body.BaseUrl,
      credentials: body.Credentials
        ? { clientId: body.Credentials.ClientId, clientSecret: body.Credentials.ClientSecret }
        : undefined,
      rotateWebhookSecret: body.RotateWebhookSecret === 1,
    },
    { env: c.env, production: c.env.ENVIRONMENT !== "development" },
  );
  return c.json(settingsAnswer(view), 200);
};

export const getOpenFinanceSettingsRoute = createRoute({
  method: "get",
  path: "/company/integration/{idcompanyintegration}/openfinance",
  operationId: "getOpenFinanceSettings",
  tags: ["Company"],
  summary: "A integração Open Finance (sem credenciais nem segredo)",
  description: `400 ${refusals(M.notOpenFinanceIntegration, M.notConfigured)}.`,
  request: { params: integrationParams },
  responses: jsonOk(OpenFinanceSettingsSchema, "A integração Open Finance"),
});

const getOpenFinanceSettings: AppRouteHandler<typeof getOpenFinanceSettingsRoute> = async (c) => {
  const view = await openFinanceSettings(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idcompanyintegration,
  );
  return c.json(settingsAnswer(view), 200);
};

export const putBankFeedRoute = createRoute({
  method: "put",
  path: "/accounts/bank-account/{idbankaccount}/feed",
  operationId: "putBankFeed",
  tags: ["Bank account"],
  summary: "Liga (ou muda) o feed Open Finance de uma conta bancária",
  description: [
    "O item e a conta do agregador cujos movimentos viram linhas do extrato bancário (Source=2, `Origin`",
    "`OpenFinance`) desta conta. Apontar para outra integração, item ou conta recomeça o feed (estado `new`,",
    "primeira sincronização lê 90 dias). Não muda PUT /accounts/bank-account/{id}. 400",
    `${refusals(BANK_ACCOUNT_NOT_FOUND, M.notOpenFinanceIntegration, M.notConfigured, M.feedAccountTaken(7))}.`,
  ].join(" "),
  request: { params: accountParams, body: jsonBody(FeedBodySchema) },
  responses: jsonOk(FeedSchema, "O feed"),
});

const putBankFeed: AppRouteHandler<typeof putBankFeedRoute> = async (c) => {
  const body = c.req.valid("json");
  const view = await putFeed(c.get("db"), c.get("caller").companyId, c.req.valid("param").idbankaccount, {
    integrationId: body.IDCompanyIntegration,
    itemId: body.ItemId,
    accountId: body.AccountId,
  });
  return c.json(feedAnswer(view), 200);
};

export const getBankFeedRoute = createRoute({
  method: "get",
  path: "/accounts/bank-account/{idbankaccount}/feed",
  operationId: "getBankFeed",
  tags: ["Bank account"],
  summary: "O feed Open Finance da conta: estado do item, o que fazer, última sincronização e orçamento",
  description: `400 ${refusals(BANK_ACCOUNT_NOT_FOUND, M.feedNotFound)}.`,
  request: { params: accountParams },
  responses: jsonOk(FeedSchema, "O feed"),
});

const getBankFeed: AppRouteHandler<typeof getBankFeedRoute> = async (c) => {
  const view = await getFeed(c.get("db"), c.get("caller").companyId, c.req.valid("param").idbankaccount);
  return c.json(feedAnswer(view), 200);
};

export const deleteBankFeedRoute = createRoute({
  method: "delete",
  path: "/accounts/bank-account/{idbankaccount}/feed",
  operationId: "deleteBankFeed",
  tags: ["Bank account"],
  summary: "Desliga o feed Open Finance da conta (as linhas já gravadas ficam)",
  description: `400 ${refusals(BANK_ACCOUNT_NOT_FOUND, M.feedNotFound)}.`,
  request: { params: accountParams },
  responses: jsonOk(SuccessStringSchema, "Feed removido"),
});

const deleteBankFeed: AppRouteHandler<typeof deleteBankFeedRoute> = async (c) => {
  await removeFeed(c.get("db"), c.get("caller").companyId, c.req.valid("param").idbankaccount);
  return c.json("sucesso" as const, 200);
};

export const syncBankFeedRoute = createRoute({
  method: "post",
  path: "/accounts/bank-account/{idbankaccount}/feed/sync",
  operationId: "syncBankFeed",
  tags: ["Bank account"],
  summary: "Sincroniza agora o feed Open Finance da conta",
  description: [
    "Agenda um job `OpenFinanceSync` e responde 202 sem esperar. O job lê o estado do item (erro de login,",
    "consentimento revogado/expirado: job `Failed` com o que fazer), pede uma atualização à instituição se o",
    "orçamento mensal permitir (senão anota o motivo e lê a cópia do agregador), lê os últimos dias",
    "(`GET /v2/transactions`, páginas por cursor) e grava as linhas (pendentes marcadas `Pending`; efetivadas",
    "passam pelas regras). Falha do agregador (429, 5xx, resposta inválida): `Failed` com o motivo, sem repetir.",
    `Já havendo uma sincronização na fila, devolve o job dela. 400 ${refusals(BANK_ACCOUNT_NOT_FOUND, M.feedNotFound)}.`,
  ].join(" "),
  request: { params: accountParams },
  responses: {
    202: { description: "O job", content: { "application/json": { schema: SyncAnswerSchema } } },
    ...errorResponses,
  },
});

const syncBankFeed: AppRouteHandler<typeof syncBankFeedRoute> = async (c) => {
  const caller = c.get("caller");
  const job = await requestFeedSync(
    { db: c.get("db"), queue: c.env.JOBS, account: c.get("account") },
    { companyId: caller.companyId, userId: caller.userId, bankAccountId: c.req.valid("param").idbankaccount },
  );
  return c.json({ IDJob: job.jobId, Message: job.created ? M.syncScheduled : M.syncAlreadyOpen }, 202);
};

/** The webhook secret is checked before the body is read: a wrong or missing one is a 401, nothing written. */
const requireWebhookSecret = createMiddleware<AppEnv>(async (c, next) => {
  const id = Number(c.req.param("idcompanyintegration"));
  await authenticatedIntegration(
    { db: c.get("db"), queue: c.env.JOBS, account: c.get("account") },
    c.env,
    Number.isInteger(id) && id > 0 ? id : 0,
    c.req.raw.headers,
  );
  await next();
});

export const receiveOpenFinanceWebhookRoute = createRoute({
  method: "post",
  path: "/openfinance/webhook/{idcompanyintegration}",
  operationId: "receiveOpenFinanceWebhook",
  tags: ["Bank reconciliation"],
  summary: "Recebe as notificações do agregador Open Finance (Pluggy)",
  description: [
    `Sem token: o cabeçalho \`${WEBHOOK_SECRET_HEADER}\` deve trazer o segredo da integração (o atual ou o`,
    "anterior durante a troca); ausente ou errado: 401, nada gravado. O corpo é a notificação do agregador",
    "(`event`, `eventId`, `itemId`, `accountId`, `transactionIds`, `clientId` da aplicação); fora do formato: 400.",
    "Cada `eventId` é gravado uma vez por integração (repetido: `replayed`, nada feito). Eventos de transações e",
    "de item agendam um job `OpenFinanceSync` dos feeds do item/conta (`queued`); item ou conta que nenhum feed",
    "da integração lê: `refused` com o motivo gravado; outros eventos: `ignored`. Responde logo (o job faz o resto).",
  ].join(" "),
  security: [],
  middleware: [requireWebhookSecret] as const,
  request: {
    params: integrationParams,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({}).passthrough().openapi("OpenFinanceWebhookBody", {
            type: "object",
            description:
              "A notificação do agregador como ele a envia (`event`, `eventId`, `itemId`, `accountId`, `transactionIds`, `clientId`), lida pelo domínio",
          }),
        },
      },
    },
  },
  responses: jsonOk(WebhookAnswerSchema, "O que foi feito da notificação"),
});

const receiveOpenFinanceWebhook: AppRouteHandler<typeof receiveOpenFinanceWebhookRoute> = async (c) => {
  const deps = { db: c.get("db"), queue: c.env.JOBS, account: c.get("account") };
  const id = c.req.valid("param").idcompanyintegration;
  const settings = await authenticatedIntegration(deps, c.env, id, c.req.raw.headers);
  const outcome = await receiveWebhook(deps, c.env, settings, await c.req.text());
  return c.json({ State: outcome.state, IDJobs: outcome.jobIds, Reason: outcome.reason }, 200);
};

/** The Open Finance settings of an integration and the feed of each bank account (authenticated). */
export const openFinanceRouter = createRouter()
  .openapi(putOpenFinanceSettingsRoute, putOpenFinanceSettings)
  .openapi(getOpenFinanceSettingsRoute, getOpenFinanceSettings)
  .openapi(putBankFeedRoute, putBankFeed)
  .openapi(getBankFeedRoute, getBankFeed)
  .openapi(deleteBankFeedRoute, deleteBankFeed)
  .openapi(syncBankFeedRoute, syncBankFeed);

/** Mounted before authentication: the aggregator's webhook carries the integration's secret in a header. */
export const openFinanceWebhookRouter = createRouter().openapi(
  receiveOpenFinanceWebhookRoute,
  receiveOpenFinanceWebhook,
);
