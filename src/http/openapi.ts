import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { addRequestExamples } from "./openapi-examples";
import { describeFields } from "./openapi-fields";
import { KNOWN_VERSIONS } from "./versions";

export const API_VERSION_LABEL = "2026-05-29";
export const API_TITLE = "Finance and commerce back-office API";

/** The areas of the API, in the order a newcomer meets them: tag name as the spec writes it. */
export const API_TAGS = [
  {
    name: "User",
    description:
      "Entrada (`POST /user/signin/local`, sem token) e dados do usuário autenticado. O `Token` devolvido vai em `Authorization: JWT <Token>`.",
  },
  { name: "Company", description: "A empresa do usuário, seus faturadores e suas integrações (TEF, Pix)." },
  {
    name: "Bank account",
    description:
      "Contas bancárias da empresa com saldo atual e previsto, conta principal por faturador, ajuste de saldo inicial e histórico.",
  },
  {
    name: "Bank reconciliation",
    description:
      "Extrato interno (Source=1) e extrato bancário importado (Source=2), transferências entre contas, conciliação manual " +
      "de títulos ou transferências a uma linha do extrato (e o desfazer), lançamentos de adquirente e regras de conciliação automática.",
  },
  {
    name: "Accounts payable",
    description: "Contas a pagar (títulos de fornecedores) e seus pagamentos, que lançam no extrato interno.",
  },
  {
    name: "Accounts receivable",
    description: "Contas a receber (títulos de clientes) e seus recebimentos, que lançam no extrato interno.",
  },
  {
    name: "Job",
    description:
      "Processamento de arquivos em segundo plano: upload em dois passos (RequestUploadUrl → PUT → ConfirmUpload), " +
      "importação de extrato OFX (`BankStatementOFX`) e de planilhas; acompanhamento por `GET /job/{idjob}`.",
  },
  { name: "Supplier", description: "Fornecedores (e transportadoras, com `IsCarrier` e modalidade)." },
  { name: "Consumer", description: "Clientes." },
  {
    name: "Type",
    description:
      "Cadastros de tipos: plano de contas, tipos de documento, de pagamento e de pedido, centros de custo.",
  },
  { name: "Brand", description: "Marcas de produtos." },
  { name: "Carrier", description: "Modalidades de transporte e o de/para de transportadoras do hub." },
  {
    name: "SKU",
    description:
      "SKUs (o cadastro de produtos), importação da planilha, recálculo de custo, e o razão de estoque: movimentações imutáveis (Kardex) com saldos correntes por SKU/depósito e por lote gravados no mesmo lote atômico da movimentação, custo médio ponderado móvel por SKU e empresa, reservas (status 23 e 50 a 56), lotes e validade, inventários e precificação. Quantidades: números com até 3 casas decimais (guardadas em milésimos); inteiras quando a unidade do SKU não aceita frações.",
  },
  { name: "Stock", description: "Depósitos (onde o estoque de cada SKU é contado)." },
  {
    name: "Store front",
    description: "Frente de caixa (PDV): abertura e fechamento de caixa por conta bancária.",
  },
  {
    name: "Orders",
    description:
      "Pedidos: cabeçalho, itens (movimentações de SKU com tributos), pagamentos como contas a receber, transições de status com reserva, saída e retorno de estoque, vale-troca em PDF e a planilha de pedidos.",
  },
  {
    name: "Order statuses",
    description: "Status de pedido (semeados): cor, flags e transições permitidas.",
  },
  {
    name: "Tax",
    description: "Perfis tributários (alíquotas e CSTs dos itens de pedido) e CSTs de IBS/CBS.",
  },
  {
    name: "Purchase",
    description:
      "Compras: fornecedor, depósito, itens com agendamentos de entrega (status 1 recebido, 2 agendado, 3 atrasado, 4 não agendado, derivado na leitura), condições de pagamento, status 0 a 12 com transições, e a conferência de recebimento, que dá entrada no estoque pelo custo da compra e cria as contas a pagar num único lote atômico.",
  },
  {
    name: "Production",
    description:
      "Produção: ficha técnica (insumos por unidade) e ordens de produção; a finalização baixa os insumos pelo custo médio, dá entrada no produto pela soma e gera um documento de recebimento no formato de GET /purchase/{idpurchase}.",
  },
  {
    name: "Webhook",
    description:
      "Webhooks: endpoints que recebem os eventos da empresa (seção `webhooks` deste documento: cada tipo, seu corpo e exemplo), " +
      "assinados com HMAC-SHA256 (`X-Signature: t=<timestamp>,v1=<hex>` sobre `<timestamp>.<corpo>`), com `X-Event-Id` para " +
      "idempotência, retentativas com espera exponencial e fim após N tentativas; segredo por endpoint, rotação com carência.",
  },
  {
    name: "Webhook delivery",
    description:
      "Log de entregas dos webhooks: cada tentativa com status, código de resposta, duração e próxima tentativa; reenvio.",
  },
  {
    name: "Tracking message",
    description:
      "Mensagens de rastreio: modelos Mustache de e-mail e webhook por status de rastreio, disparados na transição do pedido " +
      "(e de novo com `PUT /orders/{id}` com `Resend` e `TypeMessage`).",
  },
  {
    name: "Mail",
    description: "Caixa de saída dos e-mails da API (em desenvolvimento, onde ler o que foi enviado).",
  },
  {
    name: "Hub",
    description:
      "Canais de venda (marketplaces, lojas virtuais): integrações com credenciais criptografadas, pedidos recebidos dos canais, reclamações, anexos, produtos e etiquetas. Os canais sandbox se comportam como canais reais.",
  },
  {
    name: "NF-e",
    description:
      "Emissão de NF-e (modelo 55) dos pedidos, leitura das notas e do XML, e os eventos do emitente na SEFAZ: cancelamento, carta de correção (CC-e), inutilização de números e lacunas da numeração.",
  },
  { name: "Health", description: "Verificação de vida do serviço, sem conta nem token." },
] as const;

const TAG_GROUPS = [
  { name: "Acesso", tags: ["User", "Company", "Health"] },
  { name: "Eventos", tags: ["Webhook", "Webhook delivery", "Tracking message", "Mail"] },
  {
    name: "Financeiro",
    tags: ["Bank account", "Bank reconciliation", "Accounts payable", "Accounts receivable", "Job"],
  },
  {
    name: "Cadastros",
    tags: ["Supplier", "Consumer", "Type", "Brand", "Carrier", "SKU", "Stock", "Store front", "Tax"],
  },
  { name: "Pedidos", tags: ["Orders", "Order statuses", "NF-e"] },
  { name: "Compras e produção", tags: ["Purchase", "Production"] },
  { name: "Canais de venda", tags: ["Hub"] },
];

const DESCRIPTION = `Finanças e comércio, multiempresa. Finanças: contas bancárias, extrato interno, transferências, importação OFX,
conciliação bancária (manual e por regras) e títulos a pagar/receber. Comércio: SKUs e estoque (kardex, lotes, reservas,
inventário, preços), pedidos, compras e notas de entrada, produção e o hub de canais de venda.

**Endereço.** A conta é o primeiro rótulo do host e a versão o primeiro segmento do caminho:
\`{scheme}://{account}.{domain}/{version}/...\` (ex.: \`http://demo.localhost:8787/1.0/company\`). Sem versão, vale 1.0.

**Autenticação.** \`POST /user/signin/local\` com \`Email\` e \`Password\` devolve \`Token\`; envie
\`Authorization: JWT <Token>\` (\`Bearer\` também é aceito) em todas as outras operações. Localmente:
\`admin@demo.local\` / \`demo123\` na conta \`demo\`.

**Respostas.** Sucesso é 200 com JSON. Todo erro tem o corpo \`{"errorMessage": "<texto>", "code": "<código>"}\`
(às vezes também \`detail\`): \`errorMessage\` é o texto exato da especificação, para pessoas; \`code\` é estável, para
programas (a lista está no esquema \`Error\` e em docs/ERRORS.md). 400 validação (\`validation_failed\`, \`field_required\`,
\`malformed_json\`), 401 token (\`Não autorizado\`, com \`WWW-Authenticate: JWT\` e o motivo em \`code\`: \`token_missing\`,
\`token_malformed\`, \`token_invalid\`, \`token_expired\`, \`token_other_account\`), 404 conta, versão, rota ou registro
desconhecidos, 405 método que o caminho não aceita (o cabeçalho \`Allow\` lista os aceitos), 413 corpo grande demais,
415 \`Content-Type\` que a rota não aceita (envie \`application/json\`), 500 falha interna. \`GET /\` (sem token) aponta
para esta referência (\`/docs\`) e para o documento (\`/openapi.json\`).

**Dados.** Campos em PascalCase; dinheiro em número com até 2 casas (\`1500.25\`); datas \`AAAA-MM-DD\`, data-hora
\`AAAA-MM-DD HH:MM:SS\` no fuso da empresa; listas são arrays, \`Page\` começa em 0 e nenhuma lista passa de 5000 itens.
Registros de outra empresa são tratados como inexistentes.`;

type Operation = {
  requestBody?: unknown;
  security?: unknown[];
  responses: Record<string, unknown>;
};
type Document = ReturnType<OpenAPIHono<AppEnv>["getOpenAPI31Document"]>;

const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

/**
 * Answers every route gets from the middleware chain rather than from its own handler, so they are
 * added here once: an unknown account or version (404), where a body is read a body above the limit (413),
 * and where the body is JSON only a body of another media type (415, the OpenAPI routes' media type gate).
 */
function addMiddlewareResponses(doc: Document): void {
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods as Record<string, Operation>)) {
      if (!["get", "post", "put", "delete", "patch"].includes(method)) continue;
      operation.responses["404"] ??= {
        description: "Conta (subdomínio) ou versão desconhecida: `Conta não encontrada`",
        content: errorContent,
      };
      const bodyTypes = Object.keys(
        (operation.requestBody as { content?: object } | undefined)?.content ?? {},
      );
      if (bodyTypes.length === 1 && bodyTypes[0] === "application/json") {
        operation.responses["415"] ??= {
          description:
            "Corpo com `Content-Type` que não é JSON (ou sem `Content-Type`): `code` `unsupported_media_type`; envie `application/json`",
          content: errorContent,
        };
      }
      if (operation.requestBody) {
        operation.responses["413"] ??= {
          description:
            "Corpo acima do limite: `Corpo da requisição excede o tamanho máximo de <n> bytes` (1 MB em JSON, 20 MB nos uploads)",
          content: errorContent,
        };
      }
    }
  }
}

/** Server variables from the host the document was asked on: `demo.localhost:8787` → account `demo`, domain `localhost:8787`. */
function serverVariables(url: URL) {
  const port = url.port ? `:${url.port}` : "";
  const [label, ...rest] = url.hostname.split(".");
  const bare = /^(localhost|\d+\.\d+\.\d+\.\d+|\[[0-9a-f:]+\])$/i.test(url.hostname) || rest.length === 0;
  return {
    scheme: { default: url.protocol.replace(":", ""), enum: ["http", "https"] },
    account: { default: bare ? "demo" : label!, description: "Nome da conta (subdomínio)" },
    domain: {
      default: bare ? `localhost${port}` : `${rest.join(".")}${port}`,
      description: "Domínio da API",
    },
    version: { default: "1.0", enum: [...KNOWN_VERSIONS], description: "Versão da API" },
  };
}

/** The OpenAPI 3.1 document of the app, as seen from `requestUrl` (its host fills the server variables). */
export function buildOpenApiDocument(app: OpenAPIHono<AppEnv>, requestUrl: string): Document {
  const doc = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: API_TITLE,
      version: API_VERSION_LABEL,
      description: DESCRIPTION,
    },
    servers: [
      {
        url: "{scheme}://{account}.{domain}/{version}",
        description: "Servidor da conta",
        variables: serverVariables(new URL(requestUrl)),
      },
    ],
    security: [{ JWT: [] }],
    tags: API_TAGS.map((tag) => ({ ...tag })),
  });
  addMiddlewareResponses(doc);
  describeFields(doc);
  addRequestExamples(doc);
  return { ...doc, "x-tagGroups": TAG_GROUPS } as Document;
}

/** Serves the OpenAPI 3.1 document generated from the routes' zod schemas (built once per host). */
export function registerOpenApi(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "JWT", {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description:
      "`JWT <token>` (também aceito `Bearer <token>`), token obtido em `POST /user/signin/local`. " +
      "Na referência interativa, informe `JWT ` seguido do token.",
  });
  const byOrigin = new Map<string, string>();
  app.get("/openapi.json", (c) => {
    const url = new URL(c.req.url);
    let body = byOrigin.get(url.origin);
    if (!body) {
      body = JSON.stringify(buildOpenApiDocument(app, c.req.url));
      if (byOrigin.size < 32) byOrigin.set(url.origin, body);
    }
    return c.body(body, 200, { "Content-Type": "application/json; charset=UTF-8" });
  });
}
