import { createRoute, z } from "@hono/zod-openapi";
import { VOID_MODEL, VOID_SERIES } from "../../domain/emission/event-messages";
import { MAX_NFE_SERIES } from "../../domain/emission/event-rules";
import { PAGE_SIZE, seriesGaps } from "../../domain/emission/number-voids";
import type { AppRouteHandler } from "../../http/router";
import { idString, jsonOk, pageQuery } from "../../http/schemas";
import { NFE_EVENTS_TAG, NfeGapsSchema, nfeGapsBody } from "./events-schemas";

const GapsQuery = z.object({
  IDCompanyInvoice: idString("IDCompanyInvoice").openapi({
    param: { name: "IDCompanyInvoice", in: "query", required: true },
    description: "O faturador (emitente) da série",
  }),
  Model: z
    .string()
    .regex(/^55$/, VOID_MODEL)
    .transform(Number)
    .optional()
    .default(55)
    .openapi({
      param: { name: "Model", in: "query" },
      type: "integer",
      enum: [55],
      description: "55 (NF-e); padrão 55",
    }),
  Series: z
    .string()
    .regex(/^\d{1,3}$/, VOID_SERIES)
    .transform(Number)
    .pipe(z.number().max(MAX_NFE_SERIES, VOID_SERIES))
    .optional()
    .openapi({
      param: { name: "Series", in: "query" },
      type: "integer",
      minimum: 0,
      maximum: MAX_NFE_SERIES,
      description: "A série; padrão a NFeSeries do faturador",
    }),
  Page: pageQuery,
});

export const nfeGapsRoute = createRoute({
  method: "get",
  path: "/nfe/gaps",
  operationId: "listNFeGaps",
  tags: [NFE_EVENTS_TAG],
  summary: "Números sem NF-e a inutilizar",
  description: `As faixas de números abaixo do próximo número da série (NFeNextNumber do faturador na sua NFeSeries; noutra série, 1 + o maior número usado) que nenhuma NF-e tem (em qualquer estado) e nenhuma inutilização registrada cobre: os números a inutilizar com \`POST /nfe/void\`. Uma inutilização sem resposta da SEFAZ ainda aparece. Calculado numa só consulta; até ${PAGE_SIZE} faixas por página (\`Page\`).`,
  request: { query: GapsQuery },
  responses: jsonOk(NfeGapsSchema, "As faixas a inutilizar"),
});

export const nfeGaps: AppRouteHandler<typeof nfeGapsRoute> = async (c) => {
  const query = c.req.valid("query");
  const result = await seriesGaps(c.get("db"), c.get("caller").companyId, {
    companyInvoiceId: query.IDCompanyInvoice,
    model: query.Model,
    series: query.Series,
    page: query.Page,
  });
  return c.json(nfeGapsBody({ companyInvoiceId: query.IDCompanyInvoice, model: query.Model }, result), 200);
};
