import { z } from "@hono/zod-openapi";
import { BANK_ACCOUNT_NOT_FOUND } from "../../../domain/bank-accounts/messages";
import type { IntegrationResult } from "../../../domain/pix/settings";
import { PIX_SETTINGS_MESSAGES as PIX } from "../../../domain/pix/settings-messages";
import { INTEGRATION_NOT_FOUND } from "../../../domain/registries/messages";
import {
  idBody,
  idField,
  idPath,
  pageQuery,
  requiredText,
  statusField,
  textBody,
  urlBody,
} from "../../../http/schemas";
import type { CrudSpec } from "../crud-configs";

export const kindDescription =
  "`TEF` (banco/TEF), `PIX` ou outro texto; `tef`/`pix` são gravados em maiúsculas";

const pixOnly = "Só em integrações de Kind `PIX` configuradas (ausente nas demais).";

export const CompanyIntegrationSchema = z
  .object({
    IDCompanyIntegration: idField("Id da integração"),
    Description: z.string().openapi({ example: "Pix Banco do Brasil" }),
    Kind: z.string().openapi({ description: kindDescription, example: "PIX" }),
    Status: statusField,
    IDBankAccount: idField(`Conta bancária onde caem os Pix recebidos. ${pixOnly}`).optional(),
    BaseUrl: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: `Endereço da API Pix do PSP (antes de \`/v2\`). ${pixOnly}` }),
    HasCredentials: z
      .boolean()
      .optional()
      .openapi({
        description: `Se ClientId/ClientSecret estão gravados (nunca são devolvidos). ${pixOnly}`,
      }),
    PixKey: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: `Chave Pix (DICT) das cobranças. ${pixOnly}` }),
    MtlsCertificate: z
      .string()
      .nullable()
      .optional()
      .openapi({
        description: `Nome do binding \`mtls_certificates\` do Worker usado em produção. ${pixOnly}`,
      }),
    State: z
      .string()
      .optional()
      .openapi({
        description: `\`Ok\`, \`NotConfigured\`, \`CredentialsRefused\`, \`RateLimited\`, \`Unavailable\`, \`Refused\`, \`InvalidRequest\`, \`InvalidAnswer\`, \`Timeout\` ou \`NetworkError\`. ${pixOnly}`,
        example: "Ok",
      }),
    StateReason: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: `Por que a última chamada ao PSP falhou (null quando Ok). ${pixOnly}` }),
    LastPollAt: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: `Última leitura de Pix recebidos (UTC). ${pixOnly}` }),
    RetryAfter: z
      .string()
      .nullable()
      .optional()
      .openapi({
        description: `Antes desta data-hora (UTC) o PSP não é chamado de novo (HTTP 429). ${pixOnly}`,
      }),
    WebhookUrl: z
      .string()
      .optional()
      .openapi({
        description:
          "URL a registrar no PSP (`PUT /v2/webhook/{chave}`), com o segredo no caminho; o PSP chama `<WebhookUrl>/pix`. " +
          "Só na resposta que cria o segredo (POST, o primeiro PUT com campos Pix, e `POST .../pix/webhook-secret`): guarde-a.",
      }),
  })
  .openapi("CompanyIntegration");

const PixCredentialsSchema = z
  .object({
    ClientId: requiredText("ClientId", 200).openapi({
      description: "Client id do PSP",
      example: "Client_Id_0a1b2c",
    }),
    ClientSecret: requiredText("ClientSecret", 500).openapi({
      description: "Client secret do PSP (nunca devolvido)",
      example: "Client_Secret_3d4e5f",
    }),
  })
  .openapi("PixCredentials", {
    description: "Credenciais OAuth2 (client credentials) do PSP: gravadas cifradas, nunca devolvidas",
  });

const pixFields = {
  IDBankAccount: idBody("IDBankAccount").optional().openapi({
    description:
      "Conta bancária da empresa onde caem os Pix recebidos; obrigatória na primeira gravação de campos Pix",
  }),
  BaseUrl: urlBody("BaseUrl").optional().openapi({
    description:
      "Endereço da API Pix do PSP, antes de `/v2` (ex.: `https://pix.api.efipay.com.br`); em produção só https em host público",
    example: "https://pix.psp.example",
  }),
  Credentials: PixCredentialsSchema.optional(),
  PixKey: textBody("PixKey", 77).optional().openapi({
    description:
      "Chave Pix da empresa no DICT: CPF (só dígitos) ou CNPJ (numérico ou alfanumérico, com dígitos verificadores válidos; pontuação e minúsculas aceitas, guardado sem pontuação e em maiúsculas: `12.abc.345/01de-35` é `12ABC34501DE35`), e-mail em minúsculas, telefone `+55DDDNÚMERO` ou chave aleatória (EVP, UUID minúsculo)",
    example: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
  }),
  MtlsCertificate: textBody("MtlsCertificate", 100).nullable().optional().openapi({
    description: "Nome do binding `[[mtls_certificates]]` do wrangler.toml (produção); null remove",
    example: "PIX_CERT_ACME",
  }),
};

const pixBodyNote =
  `Kind \`PIX\` aceita IDBankAccount, BaseUrl, Credentials, PixKey e MtlsCertificate (veja docs/PIX.md); outro Kind com esses campos: 400 \`${PIX.notPixKind}\`. ` +
  `A primeira gravação de campos Pix exige IDBankAccount (400 \`${PIX.bankAccountRequired}\`) e devolve \`WebhookUrl\` uma única vez. ` +
  "Credentials omitido mantém as gravadas. Mensagens: " +
  [
    PIX.baseUrlInvalid,
    PIX.baseUrlNotHttps,
    PIX.baseUrlPrivate,
    PIX.pixKeyInvalid,
    PIX.mtlsCertificateInvalid,
    BANK_ACCOUNT_NOT_FOUND,
  ]
    .map((m) => `\`${m}\``)
    .join(", ") +
  ".";

export const CompanyIntegrationCreateSchema = z
  .object({
    Description: requiredText("Description", 150).openapi({ example: "Pix Banco do Brasil" }),
    Kind: requiredText("Kind", 30).openapi({ description: kindDescription, example: "PIX" }),
    ...pixFields,
  })
  .openapi("CompanyIntegrationCreate");

export const CompanyIntegrationUpdateSchema =
  CompanyIntegrationCreateSchema.partial().openapi("CompanyIntegrationUpdate");

export const companyIntegrationCrud = {
  params: z.object({ idcompanyintegration: idPath("idcompanyintegration") }),
  listQuery: z.object({ Page: pageQuery }),
  item: CompanyIntegrationSchema,
  createBody: CompanyIntegrationCreateSchema,
  updateBody: CompanyIntegrationUpdateSchema,
  tag: "Company",
  noun: { one: "integração", many: "integrações" },
  notFound: INTEGRATION_NOT_FOUND,
  operationIds: {
    list: "listCompanyIntegrations",
    get: "getCompanyIntegration",
    create: "createCompanyIntegration",
    update: "updateCompanyIntegration",
    remove: "deleteCompanyIntegration",
  },
  notes: {
    list: "Integrações bancárias/TEF, Pix e outras da empresa; as Pix configuradas trazem suas configurações e o estado (nunca as credenciais nem o segredo do webhook).",
    create: pixBodyNote,
    update: `${pixBodyNote} Integração Pix configurada não muda de Kind (400 \`${PIX.kindLocked}\`); mudar BaseUrl, Credentials ou MtlsCertificate recoloca o estado em \`Ok\` (ou \`NotConfigured\`).`,
  },
} satisfies CrudSpec;

type CreateBody = z.infer<typeof CompanyIntegrationCreateSchema>;
type UpdateBody = z.infer<typeof CompanyIntegrationUpdateSchema>;

const pixInput = (body: UpdateBody) => ({
  bankAccountId: body.IDBankAccount,
  baseUrl: body.BaseUrl,
  credentials:
    body.Credentials === undefined
      ? undefined
      : { clientId: body.Credentials.ClientId, clientSecret: body.Credentials.ClientSecret },
  pixKey: body.PixKey,
  mtlsCertificate: body.MtlsCertificate,
});

export const integrationInput = (body: CreateBody) => ({
  description: body.Description,
  kind: body.Kind,
  pix: pixInput(body),
});

export const integrationChanges = (body: UpdateBody) => ({
  description: body.Description,
  kind: body.Kind,
  pix: pixInput(body),
});

/** The webhook URL of a secret, on the API's own origin (the account's host). */
const webhookUrl = (requestUrl: string, secret: string) =>
  `${new URL(requestUrl).origin}/pix/webhook/${secret}`;

/** The answer of an integration: the registry fields, and the Pix settings of a configured Pix one. */
export const integrationBody = ({ view, webhookSecret }: IntegrationResult, requestUrl: string) => {
  const { integration, pix } = view;
  const base = {
    IDCompanyIntegration: integration.id,
    Description: integration.description,
    Kind: integration.kind,
    Status: integration.status,
  };
  if (!pix) return base;
  return {
    ...base,
    IDBankAccount: pix.bankAccountId,
    BaseUrl: pix.baseUrl,
    HasCredentials: pix.credentials !== null,
    PixKey: pix.pixKey,
    MtlsCertificate: pix.mtlsCertificate,
    State: pix.state,
    StateReason: pix.stateReason,
    LastPollAt: pix.lastPollAt,
    RetryAfter: pix.retryAfter,
    ...(webhookSecret === null ? {} : { WebhookUrl: webhookUrl(requestUrl, webhookSecret) }),
  };
};
