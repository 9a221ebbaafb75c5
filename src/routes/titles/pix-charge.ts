import { createRoute, z } from "@hono/zod-openapi";
import type { PixChargeRow } from "../../db/pix-integrations";
import { createPixCharge, DEFAULT_EXPIRES_IN_SECONDS, listPixCharges } from "../../domain/pix/charge";
import { PIX_MESSAGES } from "../../domain/pix/messages";
import {
  PIX_SETTINGS_MESSAGES as PIX,
  PIX_INTEGRATION_NOT_FOUND,
  RECEIVABLE_MESSAGES,
} from "../../domain/pix/settings-messages";
import { type AppRouteHandler, createRouter } from "../../http/router";
import { idBody, idField, jsonBody, jsonOk, moneyField, textBody } from "../../http/schemas";
import { fromCents } from "../../lib/money";
import { RECEIVABLE_ROUTES, receivableParams } from "./schemas";

const TAG = RECEIVABLE_ROUTES.tag;

/** `calendario.expiracao`: one minute to one year. */
const ExpiresSchema = z
  .number({ error: PIX.expiresInvalid })
  .int(PIX.expiresInvalid)
  .min(60, PIX.expiresInvalid)
  .max(31_536_000, PIX.expiresInvalid)
  .openapi({ type: "integer", minimum: 60, maximum: 31_536_000, example: DEFAULT_EXPIRES_IN_SECONDS });

const PixChargeCreateSchema = z
  .object({
    IDCompanyIntegration: idBody("IDCompanyIntegration").openapi({
      description: "Integração de Kind `PIX` configurada (BaseUrl, Credentials e PixKey)",
    }),
    ExpiresInSeconds: ExpiresSchema.optional().openapi({
      description: `Segundos em que a cobrança pode ser paga, contados da criação (padrão ${DEFAULT_EXPIRES_IN_SECONDS}: um dia)`,
    }),
    PayerRequest: textBody("PayerRequest", 140).optional().openapi({
      description: "Texto mostrado ao pagador no app (`solicitacaoPagador`), até 140 caracteres",
    }),
  })
  .openapi("PixChargeCreate");

const PixChargeSchema = z
  .object({
    IDPixCharge: idField("Id da cobrança"),
    IDCompanyIntegration: idField("Integração Pix que fez a cobrança"),
    TxId: z.string().openapi({ description: "txid da cobrança (também gravado no TxId da conta)" }),
    Status: z.string().openapi({
      description:
        "`CobrancaStatus` do PSP na criação: `ATIVA`, `CONCLUIDA`, `REMOVIDA_PELO_USUARIO_RECEBEDOR`, `REMOVIDA_PELO_PSP`",
      example: "ATIVA",
    }),
    Location: z
      .string()
      .nullable()
      .openapi({ description: "Onde o app do pagador lê o payload (sem esquema)" }),
    PixCopiaECola: z
      .string()
      .nullable()
      .openapi({ description: "O BR Code (texto do QR Code) que o PSP montou" }),
    Value: moneyField("Valor cobrado: o valor em aberto da conta"),
    ExpiresInSeconds: z
      .number()
      .int()
      .openapi({ description: "`calendario.expiracao`: segundos de validade" }),
    CreatedAt: z.string().openapi({ description: "Criação (UTC, `YYYY-MM-DD HH:MM:SS`)" }),
  })
  .openapi("PixCharge");

const chargeBody = (row: PixChargeRow) => ({
  IDPixCharge: row.id,
  IDCompanyIntegration: row.companyIntegrationId,
  TxId: row.txId,
  Status: row.status,
  Location: row.location,
  PixCopiaECola: row.pixCopiaECola,
  Value: fromCents(row.value),
  ExpiresInSeconds: row.expiresInSeconds,
  CreatedAt: row.createdAt,
});

const pspReasons = [
  PIX_MESSAGES.credentialsRefused(401),
  PIX_MESSAGES.rateLimited(30),
  PIX_MESSAGES.unavailable(503, "Serviço Indisponível"),
  PIX_MESSAGES.invalidAnswer("corpo não é JSON"),
  PIX_MESSAGES.timeout(10_000),
];

export const createAccountReceivablePixChargeRoute = createRoute({
  method: "post",
  path: "/accounts/receivable/{idaccountreceivable}/pix",
  operationId: "createAccountReceivablePixCharge",
  tags: [TAG],
  summary: "Cria uma cobrança Pix (cob) para a conta a receber",
  description:
    "Pede ao PSP da integração `PUT /v2/cob/{txid}` pelo valor em aberto da conta, com o cliente (CPF/CNPJ válido e nome) " +
    "como devedor quando houver. O txid é o TxId da conta quando definido e ainda não usado, senão um novo (32 letras e dígitos). " +
    "Grava a cobrança e o TxId da conta numa só transação e devolve o `PixCopiaECola`. " +
    `Recusas (400, nada gravado): \`${RECEIVABLE_MESSAGES.notFound}\` (excluída, a pagar ou de outra empresa), \`${PIX.chargePaid}\`, ` +
    `\`${PIX_INTEGRATION_NOT_FOUND}\`, \`${PIX.chargeNoPixKey}\`, \`${PIX.chargeActive("<txid>")}\` (também quando outra ` +
    "requisição está cobrando a mesma conta: uma só chamada ao PSP por conta). " +
    "Falha do PSP (credenciais recusadas, HTTP 429, 5xx, resposta fora da API Pix, tempo esgotado): 400 com o motivo, nada gravado " +
    `além do estado da integração (\`State\`/\`StateReason\`); por exemplo ${pspReasons.map((r) => `\`${r}\``).join(", ")}.`,
  request: { params: receivableParams, body: jsonBody(PixChargeCreateSchema) },
  responses: jsonOk(PixChargeSchema, "A cobrança criada"),
});

export const createAccountReceivablePixCharge: AppRouteHandler<
  typeof createAccountReceivablePixChargeRoute
> = async (c) => {
  const body = c.req.valid("json");
  const row = await createPixCharge(
    c.get("db"),
    c.env,
    c.get("caller").companyId,
    c.req.valid("param").idaccountreceivable,
    {
      integrationId: body.IDCompanyIntegration,
      expiresInSeconds: body.ExpiresInSeconds ?? DEFAULT_EXPIRES_IN_SECONDS,
      payerRequest: body.PayerRequest ?? null,
    },
    c.env.ENVIRONMENT !== "development",
  );
  return c.json(chargeBody(row), 200);
};

export const listAccountReceivablePixChargesRoute = createRoute({
  method: "get",
  path: "/accounts/receivable/{idaccountreceivable}/pix",
  operationId: "listAccountReceivablePixCharges",
  tags: [TAG],
  summary: "Cobranças Pix da conta a receber",
  description: `As cobranças Pix feitas para a conta, da mais nova à mais antiga. 400 \`${RECEIVABLE_MESSAGES.notFound}\`.`,
  request: { params: receivableParams },
  responses: jsonOk(z.array(PixChargeSchema), "As cobranças (vazio quando não há)"),
});

export const listAccountReceivablePixCharges: AppRouteHandler<
  typeof listAccountReceivablePixChargesRoute
> = async (c) => {
  const rows = await listPixCharges(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idaccountreceivable,
  );
  return c.json(rows.map(chargeBody), 200);
};

/** The Pix charges of receivable titles, mounted by the titles router. */
export const pixChargeRouter = createRouter()
  .openapi(createAccountReceivablePixChargeRoute, createAccountReceivablePixCharge)
  .openapi(listAccountReceivablePixChargesRoute, listAccountReceivablePixCharges);
