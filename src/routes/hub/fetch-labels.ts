import { createRoute, z } from "@hono/zod-openapi";
import { collectionListLabels } from "../../domain/hub/labels";
import { CHANNEL_KIND_NOT_CONNECTED, COLLECTION_LIST_REQUIRED } from "../../domain/hub/messages";
import type { AppRouteHandler } from "../../http/router";
import { errorResponses, idPath } from "../../http/schemas";
import { hubDeps } from "./request";
import { HUB_TAG } from "./schemas/common";

const LabelsQuerySchema = z.object({
  IDOrdersCarrierCollectionList: z
    .string()
    .regex(
      /^\d{1,10}(,\d{1,10}){0,49}$/,
      "IDOrdersCarrierCollectionList deve ser um id ou ids separados por vírgula",
    )
    .transform((text) => text.split(",").map(Number))
    .optional()
    .openapi({
      param: { name: "IDOrdersCarrierCollectionList", in: "query" },
      type: "string",
      pattern: "^\\d{1,10}(,\\d{1,10}){0,49}$",
      maxLength: 549,
      example: "1,2",
      description: "Listas de coleta (ids separados por vírgula, até 50)",
    }),
  LabelFormat: z
    .enum(["pdf", "zpl"], { error: "LabelFormat deve ser pdf ou zpl" })
    .optional()
    .default("pdf")
    .openapi({
      param: { name: "LabelFormat", in: "query" },
      description: "`pdf` (padrão) ou `zpl` (impressoras térmicas)",
    }),
  token: z
    .string()
    .max(4096)
    .optional()
    .openapi({
      param: { name: "token", in: "query" },
      description:
        "O token de acesso (o mesmo do cabeçalho `Authorization: JWT ...`), para abrir as etiquetas direto no navegador; o cabeçalho, quando enviado, prevalece",
    }),
});

export const fetchHubLabelsRoute = createRoute({
  method: "post",
  path: "/hub/resource/{idtypecompanyintegration}",
  operationId: "fetchHubLabels",
  tags: [HUB_TAG],
  summary: "Etiquetas de envio das listas de coleta, buscadas no canal (PDF ou ZPL)",
  description: `Um arquivo com uma etiqueta por pedido das listas. 400 \`${CHANNEL_KIND_NOT_CONNECTED}\` quando a empresa não tem integração desse tipo; \`${COLLECTION_LIST_REQUIRED}\`. As listas precisam ser da empresa, do tipo de canal do caminho e de uma mesma integração: 400 \`Lista de coleta não existe: <ids>\` caso contrário. Falhas do canal (não autenticado, expirado, resposta inválida, sem resposta): 400 com a mensagem.`,
  request: {
    params: z.object({ idtypecompanyintegration: idPath("idtypecompanyintegration") }),
    query: LabelsQuerySchema,
  },
  responses: {
    200: {
      description: "O arquivo das etiquetas",
      content: {
        "application/pdf": { schema: z.string().openapi({ type: "string", format: "binary" }) },
        "text/plain": {
          schema: z.string().openapi({ description: "ZPL II, um bloco ^XA...^XZ por etiqueta" }),
        },
      },
    },
    ...errorResponses,
  },
});

export const fetchHubLabels: AppRouteHandler<typeof fetchHubLabelsRoute> = async (c) => {
  const query = c.req.valid("query");
  const labels = await collectionListLabels(
    hubDeps(c),
    c.req.valid("param").idtypecompanyintegration,
    query.IDOrdersCarrierCollectionList ?? [],
    query.LabelFormat,
  );
  return c.body(new Uint8Array(labels.bytes), 200, {
    "Content-Type": labels.contentType,
    "Content-Disposition": `inline; filename="${labels.fileName}"`,
  }) as never;
};
