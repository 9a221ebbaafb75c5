import { createRoute, z } from "@hono/zod-openapi";
import { STATUS_POLL_SECONDS } from "../../domain/emission/contingency";
import { nfeStatusOf } from "../../domain/emission/status-service";
import type { AppRouteHandler } from "../../http/router";
import { idString, jsonOk } from "../../http/schemas";
import { NFE_TAG } from "./schemas";

const StatusQuery = z.object({
  IDCompanyInvoice: idString("IDCompanyInvoice").openapi({
    param: { name: "IDCompanyInvoice", in: "query", required: true },
    description: "O faturador (emitente): os autorizadores da sua UF",
  }),
});

const nullable = <T extends z.ZodTypeAny>(schema: T, type: "string" | "integer", description: string) =>
  schema.nullable().openapi({ type: [type, "null"], description });

const AuthorizerStatusSchema = z
  .object({
    Authorizer: z.string().openapi({
      example: "SP",
      description: "Nome do autorizador na tabela (UF, SVRS, SVAN, SVC-AN, SVC-RS)",
    }),
    Model: z.number().int().openapi({ example: 55, description: "55 NF-e, 65 NFC-e" }),
    Role: z.enum(["NFe", "NFCe", "SVC"]).openapi({
      description:
        "`NFe`: o autorizador da NF-e da UF; `NFCe`: o da NFC-e; `SVC`: a contingência da NF-e da UF",
    }),
    EmissionType: z
      .number()
      .int()
      .openapi({ example: 1, description: "tpEmis das notas que ele autoriza (1, 6 SVC-AN, 7 SVC-RS)" }),
    cStat: nullable(
      z.number().int(),
      "integer",
      "Último cStat (107 em operação, 108/109 paralisado); null: a chamada não teve resposta (xMotivo diz por quê) ou nunca foi feita",
    ),
    xMotivo: nullable(z.string(), "string", "Último xMotivo, como veio, ou por que não houve resposta"),
    AskedAt: nullable(z.string(), "string", "Quando foi perguntado (UTC `YYYY-MM-DD HH:MM:SS`); null: nunca"),
    Stopped: z.boolean().openapi({
      description:
        "true quando a última resposta diz paralisado (108/109): conta para a entrada em contingência",
    }),
    Source: nullable(
      z.string(),
      "string",
      "`status` (NFeStatusServico4) ou `authorization` (108/109 respondido a um envio)",
    ),
  })
  .openapi("NFeAuthorizerStatus");

const NFeStatusSchema = z
  .object({
    IDCompanyInvoice: z.number().int().openapi({ example: 1 }),
    UF: z.string().openapi({ description: "UF do faturador", example: "SP" }),
    Environment: z
      .number()
      .int()
      .openapi({ example: 2, description: "tpAmb da empresa (SefazAmbiente da NF-e)" }),
    ContingencyMode: z
      .enum(["SVC-AN", "SVC-RS"])
      .nullable()
      .openapi({
        type: ["string", "null"],
        description: "A contingência em que o faturador emite a NF-e agora; null: emissão normal",
      }),
    ContingencySince: nullable(z.string(), "string", "dhCont: desde quando (horário de Brasília)"),
    Authorizers: z.array(AuthorizerStatusSchema).openapi({
      description: "Os autorizadores de que o faturador depende, com a última resposta de cada um",
    }),
  })
  .openapi("NFeStatus");

export const nfeStatusRoute = createRoute({
  method: "get",
  path: "/nfe/status",
  operationId: "getNFeStatus",
  tags: [NFE_TAG],
  summary: "Situação dos autorizadores da SEFAZ de um faturador",
  description: `Os autorizadores de que o faturador depende (NF-e e NFC-e da sua UF, e a SVC da UF), cada um com o último cStat/xMotivo conhecido e quando foi perguntado. O NFeStatusServico4 de cada um é consultado no máximo uma vez a cada ${STATUS_POLL_SECONDS / 60} minutos (entre todas as requisições e jobs); uma resposta ilegível fica guardada como falha (cStat null, xMotivo diz por quê). 400 \`Faturador não existe\` para um IDCompanyInvoice de outra empresa ou inexistente.`,
  request: { query: StatusQuery },
  responses: jsonOk(NFeStatusSchema, "Os autorizadores e o modo de emissão do faturador"),
});

export const nfeStatus: AppRouteHandler<typeof nfeStatusRoute> = async (c) => {
  const query = c.req.valid("query");
  const view = await nfeStatusOf(
    { db: c.get("db"), env: c.env },
    c.get("caller").companyId,
    query.IDCompanyInvoice,
  );
  return c.json(view, 200);
};
