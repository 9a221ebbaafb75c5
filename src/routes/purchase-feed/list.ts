import { createRoute, z } from "@hono/zod-openapi";
import { ACCESS_KEY_PATTERN } from "../../domain/nfe/access-key";
import { nfeFeed } from "../../domain/nfe/feed";
import type { AppRouteHandler } from "../../http/router";
import { dateQuery, idQuery, jsonOk, pageQuery } from "../../http/schemas";
import { isCnpjShape, normaliseDocument } from "../../lib/document-number";
import { FEED_TAG, FeedDocumentSchema, feedDocumentBody } from "./schemas";

const FeedQuery = z.object({
  IDNFEvents: idQuery("IDNFEvents", "Um documento"),
  chNFe: z
    .string()
    .regex(new RegExp(ACCESS_KEY_PATTERN), "chNFe deve ter 44 dígitos")
    .optional()
    .openapi({
      param: { name: "chNFe", in: "query" },
      description: "Chave de acesso (44 caracteres: letras maiúsculas só no CNPJ alfanumérico do emitente)",
    }),
  IssuerCnpj: z
    .string()
    .max(20, "IssuerCnpj deve ter 14 dígitos (ou 11, CPF)")
    .transform(normaliseDocument)
    .refine(
      (document) => /^\d{11}$/.test(document) || isCnpjShape(document),
      "IssuerCnpj deve ter 14 dígitos (ou 11, CPF)",
    )
    .optional()
    .openapi({
      param: { name: "IssuerCnpj", in: "query" },
      description:
        "CNPJ do emitente (numérico ou alfanumérico, ex. `12.ABC.345/01DE-35`), ou CPF; pontuação ignorada, letras minúsculas viram maiúsculas",
    }),
  IDSupplier: idQuery("IDSupplier", "Fornecedor"),
  IDJob: idQuery("IDJob", "Importação (job NFeXML) que trouxe o XML"),
  DateFrom: dateQuery("DateFrom", "Emitidas a partir de"),
  DateTo: dateQuery("DateTo", "Emitidas até"),
  ManifestEvent: z
    .enum(["0", "210200", "210210", "210220", "210240"], {
      error: "ManifestEvent deve ser um de: 0, 210200, 210210, 210220, 210240",
    })
    .transform(Number)
    .optional()
    .openapi({
      param: { name: "ManifestEvent", in: "query" },
      type: "integer",
      enum: [0, 210200, 210210, 210220, 210240],
      description: "Último evento registrado; 0: documentos ainda sem manifestação",
    }),
  Status: z
    .enum(["Full", "Summary"], { error: "Status deve ser Full ou Summary" })
    .optional()
    .openapi({
      param: { name: "Status", in: "query" },
      description:
        "`Summary`: só os resumos da distribuição ainda sem a NF-e completa; `Full`: só as NF-e completas",
    }),
  Page: pageQuery,
});

export const listNfeFeedRoute = createRoute({
  method: "get",
  path: "/purchase/feed",
  operationId: "listNfeFeed",
  tags: [FEED_TAG],
  summary: "Feed de NF-e destinadas à empresa",
  description:
    "As NF-e recebidas (XML importado pelo job `NFeXML`, enviado ou trazido pela distribuição da SEFAZ) destinadas ao CNPJ da empresa ou de um faturador seu, e os resumos (resNFe) da distribuição cuja NF-e completa ainda não veio (`Status` `Summary`: uma linha por chave, que vira `Full` quando o XML completo chega), da emissão mais recente para a mais antiga, 5000 por página (`Page` a partir de 0), cada uma com a compra criada ou vinculada e as manifestações enviadas à SEFAZ.",
  request: { query: FeedQuery },
  responses: jsonOk(z.array(FeedDocumentSchema), "Documentos"),
});

export const listNfeFeed: AppRouteHandler<typeof listNfeFeedRoute> = async (c) => {
  const q = c.req.valid("query");
  const documents = await nfeFeed(c.get("db"), c.get("caller").companyId, {
    page: q.Page,
    id: q.IDNFEvents,
    accessKey: q.chNFe,
    issuerDocument: q.IssuerCnpj,
    supplierId: q.IDSupplier,
    jobId: q.IDJob,
    dateFrom: q.DateFrom,
    dateTo: q.DateTo,
    manifestEvent: q.ManifestEvent,
    summary: q.Status === undefined ? undefined : q.Status === "Summary" ? 1 : 0,
  });
  return c.json(documents.map(feedDocumentBody), 200);
};
