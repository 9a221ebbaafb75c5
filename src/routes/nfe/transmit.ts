import { createRoute } from "@hono/zod-openapi";
import { NFE_NOT_FOUND } from "../../domain/emission/messages";
import { OFFLINE_RETRY_SECONDS } from "../../domain/emission/nfce-rules";
import { transmitOfflineNow } from "../../domain/emission/nfce-transmit";
import type { AppRouteHandler } from "../../http/router";
import { errorResponses } from "../../http/schemas";
import { NFE_TAG, NFeSchema, nfeBody, nfeParams } from "./schemas";

export const transmitNFeRoute = createRoute({
  method: "post",
  path: "/nfe/{idnfe}/transmit",
  operationId: "transmitNFe",
  tags: [NFE_TAG],
  summary: "Transmite agora a NFC-e emitida em contingência off-line (tpEmis 9)",
  description:
    `Para quando a conexão da loja (ou a SEFAZ) voltou: a NFC-e \`Offline\` fica devida agora (\`RetryAt\` = agora) e o job \`NFeEmission\` que a emitiu recebe sua mensagem de novo, sem espera, em vez de tentar só na próxima vez (a cada ${OFFLINE_RETRY_SECONDS} s). ` +
    "A transmissão é a do job: a chave normal (tpEmis 1) é consultada primeiro (autorizada, vale ela e o XML off-line nunca é enviado), depois o XML off-line; autorizada, a NFC-e fica `Authorized` com a chave tpEmis 9 (webhook `nfe.authorized`), rejeitada `Rejected`, sem resposta volta a `Offline` com novo `RetryAt`; acompanhe por GET /nfe/{idnfe}. " +
    "Chamadas concorrentes: só uma torna a NFC-e devida e envia a mensagem; as outras respondem o estado sem enviar nada (uma NFC-e já devida não é enviada duas vezes). " +
    `Sem corpo. Recusa com 400: NF-e modelo 55 (não tem contingência off-line), NFC-e em outro estado (\`Authorized\`, \`Expired\`, \`Processing\`...: \`Só uma NFC-e em contingência off-line (Offline) pode ser transmitida: a NFC-e <id> está em <Status>\`), NF-e de outra empresa ou inexistente: \`${NFE_NOT_FOUND}\`.`,
  request: { params: nfeParams },
  responses: {
    202: {
      description:
        "A NFC-e como está: `Offline` com `RetryAt` agora (a transmissão a caminho), ou já `Authorized` se o job foi mais rápido que a resposta",
      content: { "application/json": { schema: NFeSchema } },
    },
    ...errorResponses,
  },
});

export const transmitNFe: AppRouteHandler<typeof transmitNFeRoute> = async (c) => {
  const note = await transmitOfflineNow(
    { db: c.get("db"), queue: c.env.JOBS, account: c.get("account") },
    c.get("caller").companyId,
    c.req.valid("param").idnfe,
  );
  return c.json(nfeBody(note), 202);
};
