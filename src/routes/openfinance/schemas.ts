import { z } from "@hono/zod-openapi";
import type { FeedView } from "../../domain/openfinance/feed";
import type { OpenFinanceSettingsView } from "../../domain/openfinance/settings";
import { feedBudget } from "../../domain/openfinance/sync";
import { flagBody, idBody, idField, requiredText, urlBody } from "../../http/schemas";
import { fromCents } from "../../lib/money";

export const OpenFinanceSettingsBodySchema = z
  .object({
    BaseUrl: urlBody("BaseUrl").optional().openapi({
      description:
        "Endereço da API do agregador (`https://api.pluggy.ai`); em produção só https em host público. Obrigatório na primeira configuração",
      example: "https://api.pluggy.ai",
    }),
    Credentials: z
      .object({
        ClientId: requiredText("ClientId", 200).openapi({
          description: "clientId da aplicação no Pluggy",
          example: "0b6f6f1c-2f4e-4d0a-9a55-3c1e7d1b2a10",
        }),
        ClientSecret: requiredText("ClientSecret", 500).openapi({
          description: "clientSecret da aplicação no Pluggy (guardado cifrado, nunca devolvido)",
          example: "8c2d4e6f-secret",
        }),
      })
      .optional()
      .openapi({
        description:
          "Client id/secret da aplicação no agregador: gravados cifrados, nunca devolvidos. Obrigatório na primeira configuração; omitido mantém os gravados",
      }),
    RotateWebhookSecret: flagBody("RotateWebhookSecret").optional().openapi({
      description:
        "1: gera um novo segredo do webhook (devolvido só nesta resposta); o anterior continua aceito até a próxima troca",
    }),
  })
  .openapi("OpenFinanceSettingsBody");

export const OpenFinanceSettingsSchema = z
  .object({
    IDCompanyIntegration: idField("Integração de Kind `OPENFINANCE`"),
    Description: z.string(),
    Provider: z.string().openapi({ description: "O agregador de Open Finance", example: "Pluggy" }),
    BaseUrl: z.string().nullable().openapi({
      description: "Endereço da API do agregador; null: o endereço real (https://api.pluggy.ai)",
    }),
    HasCredentials: z
      .boolean()
      .openapi({ description: "Se ClientId/ClientSecret estão gravados (nunca devolvidos)" }),
    WebhookPath: z.string().openapi({
      description:
        "Caminho do webhook nesta API (`POST`), a registrar no agregador com o cabeçalho `X-Feed-Webhook-Secret`",
      example: "/openfinance/webhook/12",
    }),
    WebhookSecretHeader: z.string().openapi({
      description: "Cabeçalho em que o agregador envia o segredo do webhook",
      example: "X-Feed-Webhook-Secret",
    }),
    WebhookSecret: z.string().optional().openapi({
      description:
        "O segredo do webhook, só na resposta que o cria (primeira configuração ou RotateWebhookSecret 1): guarde-o e registre-o no agregador (`POST /webhooks` com `headers`)",
    }),
  })
  .openapi("OpenFinanceSettings");

export const settingsAnswer = (view: OpenFinanceSettingsView) => ({
  IDCompanyIntegration: view.integrationId,
  Description: view.description,
  Provider: view.settings.provider,
  BaseUrl: view.settings.baseUrl,
  HasCredentials: view.settings.credentials !== null,
  WebhookPath: `/openfinance/webhook/${view.integrationId}`,
  WebhookSecretHeader: "X-Feed-Webhook-Secret",
  ...(view.newWebhookSecret === null ? {} : { WebhookSecret: view.newWebhookSecret }),
});

const aggregatorId = (name: string, example: string) =>
  requiredText(name, 100)
    .refine((v) => /^[A-Za-z0-9_.:-]+$/.test(v), `${name} deve ter só letras, dígitos, '-', '_', '.' ou ':'`)
    .openapi({ example });

export const FeedBodySchema = z
  .object({
    IDCompanyIntegration: idBody("IDCompanyIntegration").openapi({
      description: "Integração de Kind `OPENFINANCE` configurada, da empresa",
    }),
    ItemId: aggregatorId("ItemId", "7d9f0335-8dcc-4054-9bf9-0dbd61d36906").openapi({
      description: "O item do agregador (a conexão/consentimento criado pelo widget)",
    }),
    AccountId: aggregatorId("AccountId", "a1b2c3d4-0000-4000-8000-000000000001").openapi({
      description: "A conta do item no agregador (`GET /accounts?itemId=`)",
    }),
  })
  .openapi("BankFeedBody");

const budgetLine = z
  .object({
    Limit: z.number().int().openapi({ description: "Atualizações permitidas no mês" }),
    Spent: z.number().int().openapi({ description: "Atualizações já pedidas neste mês" }),
    Left: z.number().int().openapi({ description: "Atualizações que restam neste mês" }),
  })
  .openapi({ description: "Uma janela do orçamento mensal" });

export const FeedSchema = z
  .object({
    IDBankAccount: idField("Conta bancária"),
    IDCompanyIntegration: idField("Integração Open Finance"),
    ItemId: z.string().openapi({ description: "Id do item (consentimento) no agregador" }),
    AccountId: z.string().openapi({ description: "Id da conta no agregador" }),
    State: z.string().openapi({
      description:
        "`new` (nunca sincronizado), `ok`, `updating`, `partial`, `outdated`, `consent_expiring`, `waiting_user`, `login_error`, `consent_expired`, `consent_revoked`",
      example: "ok",
    }),
    UserAction: z
      .string()
      .nullable()
      .openapi({ description: "O que o usuário deve fazer; null quando nada" }),
    LastError: z.string().nullable().openapi({ description: "Por que a última sincronização falhou" }),
    LastSyncAt: z.string().nullable().openapi({ description: "UTC da última sincronização completa" }),
    SyncedThrough: z.string().nullable().openapi({ description: "Último dia (São Paulo) lido por completo" }),
    RetryAfter: z
      .string()
      .nullable()
      .openapi({ description: "UTC antes do qual o agregador não é chamado (429)" }),
    IDJobLastSync: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "O último job OpenFinanceSync da conta" }),
    PendingLines: z.number().int().openapi({ description: "Linhas do feed ainda pendentes no banco" }),
    PendingValue: z
      .number()
      .openapi({ description: "Soma (com sinal) das linhas pendentes: entra no BalanceForecast" }),
    Budget: z
      .object({
        Month: z.string().openapi({ description: "Mês do orçamento (`YYYY-MM`)" }),
        Wide: budgetLine,
        Narrow: budgetLine,
        RenewsOn: z.string().openapi({ description: "Dia em que o orçamento recomeça (`YYYY-MM-DD`)" }),
      })
      .openapi({
        description:
          "Orçamento mensal de atualizações pedidas à instituição (Open Finance): `Wide` janela de 7 a 365 dias, `Narrow` últimos 7 dias; `Left` o que resta neste mês",
      }),
  })
  .openapi("BankFeed");

export const feedAnswer = ({ feed, pending }: FeedView) => {
  const budget = feedBudget(feed);
  const line = (l: { limit: number; spent: number; left: number }) => ({
    Limit: l.limit,
    Spent: l.spent,
    Left: l.left,
  });
  return {
    IDBankAccount: feed.bankAccountId,
    IDCompanyIntegration: feed.companyIntegrationId,
    ItemId: feed.itemId,
    AccountId: feed.accountId,
    State: feed.state,
    UserAction: feed.userAction,
    LastError: feed.lastError,
    LastSyncAt: feed.lastSyncAt,
    SyncedThrough: feed.syncedThrough,
    RetryAfter: feed.retryAfter,
    IDJobLastSync: feed.lastJobId,
    PendingLines: pending.count,
    PendingValue: fromCents(pending.sum),
    Budget: {
      Month: budget.month,
      Wide: line(budget.wide),
      Narrow: line(budget.narrow),
      RenewsOn: budget.renewsOn,
    },
  };
};

export const SyncAnswerSchema = z
  .object({
    IDJob: z.number().int().openapi({ description: "Job `OpenFinanceSync` (GET /job/{idjob})" }),
    Message: z.string(),
  })
  .openapi("BankFeedSyncAnswer");

export const WebhookAnswerSchema = z
  .object({
    State: z.enum(["queued", "ignored", "refused", "replayed"]).openapi({
      description:
        "O que foi feito do evento: sincronização enfileirada, ignorado, recusado (com o motivo guardado) ou repetido",
    }),
    IDJobs: z.array(z.number().int()).openapi({ description: "Os jobs OpenFinanceSync enfileirados" }),
    Reason: z.string().nullable(),
  })
  .openapi("OpenFinanceWebhookAnswer");
