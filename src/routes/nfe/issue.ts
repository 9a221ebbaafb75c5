import { createRoute, z } from "@hono/zod-openapi";
import {
  INVOICE_COMPANY_NOT_ENABLED,
  NFE_ORDERS_REPEATED,
  NFE_ORDERS_REQUIRED,
  NFE_ORDERS_TOO_MANY,
} from "../../domain/emission/messages";
import { issueOrders, MAX_BATCH_ORDERS } from "../../domain/emission/service";
import type { AppRouteHandler } from "../../http/router";
import { errorResponses, idBody, jsonBody } from "../../http/schemas";
import { orderParams } from "../orders/schemas/common";
import { IssueAnswerSchema, issueAnswer, NFE_TAG } from "./schemas";

const CHECKS =
  "Antes de tomar um número, recusa com 400 nomeando o que falta: pedido sem itens, já faturado ou com NF-e ativa, cancelado ou em status final, " +
  "em status que não leva ao 6 (Faturado), sem tipo de pedido, tipo sem faturador (ou com vários e sem `IDCompanyInvoice`), faturador sem o perfil fiscal " +
  "(IE, CRT, endereço, CNPJ), sem certificado digital ou com ele vencido, cliente sem CPF/CNPJ ou sem endereço, SKU sem NCM ou Origin (o SKU nomeado), " +
  "tipo de pedido sem CFOP (dentro ou fora da UF, pela UF do cliente) ou NatOp, mais de 990 itens, valores que o leiaute não escreve.";

const STATES =
  "A resposta 202 traz o job `NFeEmission` e a NF-e em `Processing`; o job assina, guarda o XML assinado no R2 antes do primeiro envio e envia à SEFAZ " +
  "(NFeAutorizacao4, indSinc 1): 100 autoriza (nfeProc no R2, pedido ao status 6 com a saída do estoque no mesmo lote, webhook `nfe.authorized`); " +
  "110/301/302 `Denied`; outras rejeições `Rejected` com cStat/xMotivo da SEFAZ (webhook `nfe.rejected`, o pedido não muda, o número fica para a nova emissão); " +
  "sem resposta, 204 e 539 consultam pela chave antes de qualquer reenvio; 656 e 108/109 deixam a NF-e `Pending` com o motivo e `RetryAt`. Ver docs/NFE.md.";

export const issueOrderNFeRoute = createRoute({
  method: "post",
  path: "/orders/{idorder}/nfe",
  operationId: "issueOrderNFe",
  tags: [NFE_TAG],
  summary: "Emite a NF-e (modelo 55) do pedido, por um job",
  description: `${CHECKS} \`IDCompanyInvoice\` (opcional): o faturador, quando o tipo do pedido está habilitado para mais de um (400 \`${INVOICE_COMPANY_NOT_ENABLED}\` quando não é um deles). Uma NF-e \`Rejected\` do pedido é emitida de novo com o mesmo número. ${STATES}`,
  request: {
    params: orderParams,
    body: {
      required: false,
      content: {
        "application/json": {
          schema: z
            .object({ IDCompanyInvoice: idBody("IDCompanyInvoice").optional() })
            .openapi("NFeIssueBody"),
        },
      },
    },
  },
  responses: {
    202: { description: "O job e a NF-e", content: { "application/json": { schema: IssueAnswerSchema } } },
    ...errorResponses,
  },
});

export const issueOrderNFe: AppRouteHandler<typeof issueOrderNFeRoute> = async (c) => {
  const caller = c.get("caller");
  const body = (c.req.valid("json") as { IDCompanyInvoice?: number } | undefined) ?? {};
  const result = await issueOrders(
    { db: c.get("db"), env: c.env, queue: c.env.JOBS, account: c.get("account") },
    caller,
    [{ orderId: c.req.valid("param").idorder, invoiceId: body.IDCompanyInvoice }],
    false,
  );
  return c.json(issueAnswer(result.jobId, result.notes), 202);
};

const BatchBodySchema = z
  .object({
    IDOrders: z
      .array(idBody("IDOrders"), { error: NFE_ORDERS_REQUIRED })
      .min(1, NFE_ORDERS_REQUIRED)
      .max(MAX_BATCH_ORDERS, NFE_ORDERS_TOO_MANY)
      .refine((ids) => new Set(ids).size === ids.length, NFE_ORDERS_REPEATED)
      .openapi({ description: `Pedidos (1 a ${MAX_BATCH_ORDERS}, sem repetição)`, example: [10, 11] }),
    IDCompanyInvoice: idBody("IDCompanyInvoice").optional().openapi({
      description: "O faturador de todos os pedidos, quando o tipo deles está habilitado para mais de um",
    }),
  })
  .openapi("NFeBatchBody");

export const issueNFeBatchRoute = createRoute({
  method: "post",
  path: "/nfe/batch",
  operationId: "issueNFeBatch",
  tags: [NFE_TAG],
  summary: `Emite as NF-e de até ${MAX_BATCH_ORDERS} pedidos em um job`,
  description: `Cada pedido passa pelas verificações de POST /orders/{idorder}/nfe; a primeira recusa responde 400 \`Pedido <id>: <motivo>\` e nada é numerado. Os números de cada série são tomados juntos, em ordem de IDOrders. ${STATES}`,
  request: { body: jsonBody(BatchBodySchema) },
  responses: {
    202: { description: "O job e as NF-e", content: { "application/json": { schema: IssueAnswerSchema } } },
    ...errorResponses,
  },
});

export const issueNFeBatch: AppRouteHandler<typeof issueNFeBatchRoute> = async (c) => {
  const body = c.req.valid("json");
  const result = await issueOrders(
    { db: c.get("db"), env: c.env, queue: c.env.JOBS, account: c.get("account") },
    c.get("caller"),
    body.IDOrders.map((orderId) => ({ orderId, invoiceId: body.IDCompanyInvoice })),
    true,
  );
  return c.json(issueAnswer(result.jobId, result.notes), 202);
};
