import { createRoute, z } from "@hono/zod-openapi";
import { COMMENTS_MAX, manifestInput } from "../../domain/nfe/events";
import * as feed from "../../domain/nfe/feed";
import { MANIFEST_COMMENTS_TOO_LONG } from "../../domain/nfe/messages";
import { manifestGatewayOf } from "../../domain/sefaz/manifest-gateway";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk, textBody } from "../../http/schemas";
import { FEED_TAG, FeedDocumentSchema, FeedParams, feedDocumentBody } from "./schemas";

const ManifestSchema = z
  .object({
    Event: z
      .union([z.number(), z.string()], { error: "Event deve ser um número" })
      .nullable()
      .optional()
      .openapi({
        type: "integer",
        enum: [210200, 210210, 210220, 210240],
        description:
          "210200 confirmação da operação, 210210 ciência da operação, 210220 desconhecimento da operação, 210240 operação não realizada",
        example: 210210,
      }),
    Comments: textBody("Comments", COMMENTS_MAX, { multiline: true, tooLong: MANIFEST_COMMENTS_TOO_LONG })
      .nullable()
      .optional()
      .openapi({
        description: "Justificativa: obrigatória para 210240, de 15 a 255 caracteres",
        example: "Mercadoria devolvida na portaria",
      }),
  })
  .openapi("NfeManifestInput", { example: { Event: 210210 } });

export const manifestNfeRoute = createRoute({
  method: "post",
  path: "/purchase/feed/{idnfevents}/manifest",
  operationId: "manifestNfe",
  tags: [FEED_TAG],
  summary: "Manifestação do destinatário",
  description:
    "Envia à SEFAZ o evento do destinatário para a NF-e do feed. Registrado (cStat 135), responde o documento com o evento e seu protocolo. Rejeitado pela SEFAZ (evento repetido: 573; qualquer evento depois de uma manifestação conclusiva 210200/210220/210240: 655), responde 400 `SEFAZ rejeitou o evento: <cStat> - <xMotivo>` sem registrar nada. Vai ao serviço de eventos da SEFAZ (NFeRecepcaoEvento4, assinado com a chave da integração) quando a empresa tem uma integração Kind SEFAZ do CNPJ destinatário (ou da mesma raiz; a integração cuja distribuição trouxe a NF-e primeiro); senão ao sandbox. Vale também para a linha de um resumo (`Status` `Summary`): 210210 ou 210200 fazem a SEFAZ liberar a NF-e completa, que a próxima distribuição traz para a mesma linha. Sem resposta da SEFAZ (falha SOAP, 5xx, tempo esgotado) ou integração que não pode enviar (certificado vencido, sem Certificate/PrivateKey): 400 com o motivo, nada registrado.",
  request: { params: FeedParams, body: jsonBody(ManifestSchema) },
  responses: jsonOk(FeedDocumentSchema, "O documento com suas manifestações"),
});

export const manifestNfe: AppRouteHandler<typeof manifestNfeRoute> = async (c) => {
  const input = manifestInput(c.req.valid("json"));
  const document = await feed.manifestNfe(
    c.get("db"),
    c.get("caller"),
    c.req.valid("param").idnfevents,
    input,
    (recipient, accessKey) =>
      manifestGatewayOf(
        {
          db: c.get("db"),
          env: c.env,
          companyId: c.get("caller").companyId,
          production: c.env.ENVIRONMENT !== "development",
          now: new Date(),
        },
        recipient,
        { accessKey },
      ),
  );
  return c.json(feedDocumentBody(document), 200);
};
