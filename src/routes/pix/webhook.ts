import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { PIX_INBOX_MESSAGES } from "../../domain/pix/inbox-messages";
import {
  receivePixCallback,
  webhookIntegration,
  webhookSecretOfAuthorization,
} from "../../domain/pix/inbox-webhook";
import type { AppEnv } from "../../env";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { InboxCountsSchema, PixCallbackSchema } from "./schemas";

const SecretParams = z.object({
  secret: z
    .string()
    .min(1)
    .max(200)
    .openapi({
      param: { name: "secret", in: "path" },
      description: "O segredo do webhook da integração Pix (só o seu SHA-256 fica gravado)",
      example: "f3b1c2d4e5a6978812ab34cd56ef7890",
    }),
});

/**
 * The secret in the path is the credential, checked before the body is read: a wrong secret is a
 * 401 whatever the body, and nothing is written.
 */
const requireWebhookSecret = createMiddleware<AppEnv>(async (c, next) => {
  await webhookIntegration(c.get("db"), c.req.param("secret") ?? "");
  await next();
});

/** The same check for the secret in an `Authorization` header (`Bearer` or `Basic`). */
const requireWebhookHeader = createMiddleware<AppEnv>(async (c, next) => {
  await webhookIntegration(c.get("db"), webhookSecretOfAuthorization(c.req.header("Authorization")) ?? "");
  await next();
});

const countsBody = (counts: Awaited<ReturnType<typeof receivePixCallback>>) => ({
  Received: counts.received,
  Imported: counts.imported,
  Duplicate: counts.duplicate,
  SettledByTxId: counts.settledByTxId,
  SettledByDocument: counts.settledByDocument,
  Pending: counts.pending,
});

const CALLBACK_EFFECT = [
  `Corpo \`{pix: [...]}\` da API Pix; fora do formato: 400 \`${PIX_INBOX_MESSAGES.invalidCallback("…")}\`.`,
  "Cada Pix vira um lançamento bancário (crédito) na conta da integração, uma vez só por endToEndId (consulta e",
  "webhook juntos), e liquida o título pelo txid ou pelo CPF/CNPJ do pagador + valor em aberto + vencimento próximo,",
  "conciliando o lançamento (status 2); senão o lançamento fica pendente para as regras.",
].join(" ");

export const receivePixWebhookRoute = createRoute({
  method: "post",
  path: "/pix/webhook/{secret}/pix",
  operationId: "receivePixWebhook",
  tags: ["Bank reconciliation"],
  summary: "Recebe os Pix que o PSP notifica (callback da API Pix)",
  description: [
    "Sem token: o segredo do caminho identifica a integração Pix (em produção, o PSP também se autentica por mTLS",
    "na Cloudflare). O caminho fica nos logs de requisição de quem o vê passar (servidor local, proxies): o PSP que",
    "puder enviar um cabeçalho deve usar `POST /pix/webhook/pix` com `Authorization`. Segredo errado ou de",
    "integração inativa: 401, nada gravado.",
    CALLBACK_EFFECT,
  ].join(" "),
  security: [],
  middleware: [requireWebhookSecret] as const,
  request: { params: SecretParams, body: jsonBody(PixCallbackSchema) },
  responses: jsonOk(InboxCountsSchema, "Os Pix recebidos e o que foi feito deles"),
});

export const receivePixWebhook: AppRouteHandler<typeof receivePixWebhookRoute> = async (c) => {
  c.req.valid("json");
  // the body as sent (the request's check strips fields it does not name): the adapter reads it exactly
  const counts = await receivePixCallback(c.get("db"), c.req.valid("param").secret, await c.req.json());
  return c.json(countsBody(counts), 200);
};

export const receivePixWebhookWithHeaderRoute = createRoute({
  method: "post",
  path: "/pix/webhook/pix",
  operationId: "receivePixWebhookWithHeader",
  tags: ["Bank reconciliation"],
  summary: "Recebe os Pix que o PSP notifica, com o segredo no cabeçalho Authorization",
  description: [
    "Para PSPs que enviam um cabeçalho no callback: registre `https://<host>/pix/webhook` como `webhookUrl`",
    "(o PSP chama `<webhookUrl>/pix`) e configure `Authorization: Bearer <segredo>` ou",
    "`Authorization: Basic base64(<usuário>:<segredo>)` (o usuário não é lido), onde o segredo é o último trecho",
    "da `WebhookUrl` que a integração devolveu. Assim o segredo não fica no caminho, que os logs de requisição",
    "guardam. Sem cabeçalho, segredo errado ou de integração inativa: 401, nada gravado.",
    CALLBACK_EFFECT,
  ].join(" "),
  security: [],
  middleware: [requireWebhookHeader] as const,
  request: { body: jsonBody(PixCallbackSchema) },
  responses: jsonOk(InboxCountsSchema, "Os Pix recebidos e o que foi feito deles"),
});

export const receivePixWebhookWithHeader: AppRouteHandler<typeof receivePixWebhookWithHeaderRoute> = async (
  c,
) => {
  c.req.valid("json");
  const secret = webhookSecretOfAuthorization(c.req.header("Authorization")) ?? "";
  const counts = await receivePixCallback(c.get("db"), secret, await c.req.json());
  return c.json(countsBody(counts), 200);
};
