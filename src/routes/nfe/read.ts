import { createRoute, z } from "@hono/zod-openapi";
import { NFE_NOT_FOUND } from "../../domain/emission/messages";
import { listNfe, NFE_PAGE_SIZE, nfeDanfe, nfeDetail, nfeProc } from "../../domain/emission/service";
import { NFE_STATUSES } from "../../domain/emission/states";
import type { AppRouteHandler } from "../../http/router";
import { dateQuery, errorResponses, INT32_MAX, idQuery, jsonOk } from "../../http/schemas";
import { eventBody, NFE_TAG, NFeDetailSchema, NFeSchema, nfeBody, nfeParams } from "./schemas";

const lastIdQuery = z
  .string()
  .regex(/^\d{1,10}$/, "LastID deve ser um número inteiro (0 para começar do início)")
  .transform(Number)
  .pipe(z.number().int().max(INT32_MAX, "LastID excede o limite int32"))
  .optional()
  .openapi({
    param: { name: "LastID", in: "query" },
    type: "integer",
    format: "int32",
    minimum: 0,
    maximum: INT32_MAX,
    description: "Cursor: só NF-e com IDNFe maior que este (0 ou ausente: desde a primeira)",
  });

const pageSizeMessage = `PageSize deve ser um inteiro de 1 a ${NFE_PAGE_SIZE}`;
const pageSizeQuery = z
  .string()
  .regex(/^\d{1,4}$/, pageSizeMessage)
  .transform(Number)
  .pipe(z.number().min(1, pageSizeMessage).max(NFE_PAGE_SIZE, pageSizeMessage))
  .optional()
  .openapi({
    param: { name: "PageSize", in: "query" },
    type: "integer",
    minimum: 1,
    maximum: NFE_PAGE_SIZE,
    default: NFE_PAGE_SIZE,
    description: `NF-e por página, de 1 a ${NFE_PAGE_SIZE}`,
  });

const statusMessage = `Status deve ser um de: ${NFE_STATUSES.join(", ")}`;

export const listNFeRoute = createRoute({
  method: "get",
  path: "/nfe",
  operationId: "listNFe",
  tags: [NFE_TAG],
  summary: "Lista as NF-e emitidas (cursor LastID)",
  description:
    "NF-e emitidas pela empresa em ordem crescente de IDNFe, só as de id maior que `LastID` (passe o último IDNFe recebido para a próxima página; " +
    "uma página menor que PageSize é a última). Filtros: `Status`, `IDOrder`, `IDCompanyInvoice`, `DateFrom`/`DateTo` (dia do dhEmi, inclusive), `Key`.",
  request: {
    query: z.object({
      LastID: lastIdQuery,
      PageSize: pageSizeQuery,
      Status: z
        .enum(NFE_STATUSES as [string, ...string[]], { error: statusMessage })
        .optional()
        .openapi({ param: { name: "Status", in: "query" }, description: "Estado da NF-e" }),
      IDOrder: idQuery("IDOrder", "Pedido"),
      IDCompanyInvoice: idQuery("IDCompanyInvoice", "Faturador"),
      DateFrom: dateQuery("DateFrom", "Emitidas a partir de (dia do dhEmi, inclusive)"),
      DateTo: dateQuery("DateTo", "Emitidas até (dia do dhEmi, inclusive)"),
      Key: z
        .string()
        .regex(/^[0-9A-Z]{44}$/, "Key deve ser a chave de acesso de 44 caracteres")
        .optional()
        .openapi({ param: { name: "Key", in: "query" }, description: "Chave de acesso (chNFe)" }),
    }),
  },
  responses: jsonOk(z.array(NFeSchema), "NF-e"),
});

export const listNFe: AppRouteHandler<typeof listNFeRoute> = async (c) => {
  const q = c.req.valid("query");
  const rows = await listNfe(
    c.get("db"),
    c.get("caller").companyId,
    {
      lastId: q.LastID,
      status: q.Status,
      orderId: q.IDOrder,
      invoiceId: q.IDCompanyInvoice,
      dateFrom: q.DateFrom,
      dateTo: q.DateTo,
      key: q.Key,
    },
    q.PageSize,
  );
  return c.json(rows.map(nfeBody), 200);
};

export const getNFeRoute = createRoute({
  method: "get",
  path: "/nfe/{idnfe}",
  operationId: "getNFe",
  tags: [NFE_TAG],
  summary: "Uma NF-e emitida, com seus eventos",
  description: `Estado, cStat/xMotivo da SEFAZ como vieram, protocolo, chave, número e série, e os eventos (cancelamento, CC-e). NF-e de outra empresa ou inexistente: 400 \`${NFE_NOT_FOUND}\`.`,
  request: { params: nfeParams },
  responses: jsonOk(NFeDetailSchema, "A NF-e"),
});

export const getNFe: AppRouteHandler<typeof getNFeRoute> = async (c) => {
  const { note, events } = await nfeDetail(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idnfe,
  );
  return c.json({ ...nfeBody(note), Events: events.map(eventBody) }, 200);
};

const conflict = {
  409: {
    description: "A NF-e não está autorizada: não há nfeProc nem DANFE",
    content: { "application/json": { schema: errorResponses[400].content["application/json"].schema } },
  },
};

export const getNFeXmlRoute = createRoute({
  method: "get",
  path: "/nfe/{idnfe}/xml",
  operationId: "getNFeXml",
  tags: [NFE_TAG],
  summary: "O XML autorizado da NF-e (nfeProc: NF-e assinada + protNFe)",
  description:
    "O documento legal guardado no R2 quando a SEFAZ autorizou. 409 quando a NF-e não está autorizada (o `errorMessage` diz o estado).",
  request: { params: nfeParams },
  responses: {
    200: {
      description: "nfeProc",
      content: { "application/xml": { schema: z.string().openapi({ type: "string", format: "binary" }) } },
    },
    ...conflict,
    ...errorResponses,
  },
});

export const getNFeXml: AppRouteHandler<typeof getNFeXmlRoute> = async (c) => {
  const { note, xml } = await nfeProc(
    c.get("db"),
    c.env.UPLOADS,
    c.get("caller").companyId,
    c.req.valid("param").idnfe,
  );
  return c.body(xml, 200, {
    "Content-Type": "application/xml; charset=utf-8",
    "Content-Disposition": `attachment; filename="${note.accessKey}-procNFe.xml"`,
  });
};

export const getNFeDanfeRoute = createRoute({
  method: "get",
  path: "/nfe/{idnfe}/danfe",
  operationId: "getNFeDanfe",
  tags: [NFE_TAG],
  summary: "O DANFE da NF-e (PDF, retrato A4)",
  description:
    'Desenhado do nfeProc guardado; "SEM VALOR FISCAL" em homologação. 409 quando a NF-e não está autorizada.',
  request: { params: nfeParams },
  responses: {
    200: {
      description: "DANFE",
      content: { "application/pdf": { schema: z.string().openapi({ type: "string", format: "binary" }) } },
    },
    ...conflict,
    ...errorResponses,
  },
});

export const getNFeDanfe: AppRouteHandler<typeof getNFeDanfeRoute> = async (c) => {
  const { note, pdf } = await nfeDanfe(
    c.get("db"),
    c.env.UPLOADS,
    c.get("caller").companyId,
    c.req.valid("param").idnfe,
  );
  return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="${note.accessKey}-danfe.pdf"`,
  });
};
