import { createRoute, z } from "@hono/zod-openapi";
import { SEFAZ_MESSAGES } from "../../domain/sefaz/messages";
import { saveSettings, sefazDocuments, sefazSettings } from "../../domain/sefaz/settings";
import { requestSefazSync } from "../../domain/sefaz/sync";
import { type AppRouteHandler, createRouter } from "../../http/router";
import { idPath, jsonBody, jsonOk, pageQuery } from "../../http/schemas";
import {
  documentAnswer,
  SefazDocumentSchema,
  SefazSettingsBodySchema,
  SefazSettingsSchema,
  settingsAnswer,
} from "./schemas";

const params = z.object({ idcompanyintegration: idPath("idcompanyintegration") });
const DOCUMENTS_PAGE = 500;

export const putSefazSettingsRoute = createRoute({
  method: "put",
  path: "/company/integration/{idcompanyintegration}/sefaz",
  operationId: "putSefazSettings",
  tags: ["Company"],
  summary: "Configura a integração SEFAZ (distribuição de NF-e)",
  description: [
    "A integração deve ser de Kind `SEFAZ` (POST /company/integration). CNPJ e UF são obrigatórios; os demais",
    "campos omitidos mantêm o valor guardado. A validade do certificado (`Certificate`, PEM) é lida e mostrada;",
    "um certificado vencido deixa a integração em `CertificateExpired` e a distribuição não roda. A chave",
    "privada é guardada cifrada e nunca devolvida (`HasPrivateKey`). O ambiente é o SefazAmbienteNF da empresa.",
    "`AutoAwareness` 1: cada resumo novo recebe a Ciência da Operação (210210) por um job `SefazAwareness`.",
    `400 \`${SEFAZ_MESSAGES.notSefazIntegration}\`, \`${SEFAZ_MESSAGES.cnpjNotOfCompany}\`, \`${SEFAZ_MESSAGES.certificateInvalid}\`.`,
  ].join(" "),
  request: { params, body: jsonBody(SefazSettingsBodySchema) },
  responses: jsonOk(SefazSettingsSchema, "A integração SEFAZ"),
});

const putSefazSettings: AppRouteHandler<typeof putSefazSettingsRoute> = async (c) => {
  const body = c.req.valid("json");
  const view = await saveSettings(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idcompanyintegration,
    {
      cnpj: body.CNPJ,
      uf: body.UF,
      baseUrl: body.BaseUrl,
      mtlsCertificate: body.MtlsCertificate,
      certificate: body.Certificate,
      privateKey: body.PrivateKey,
      autoAwareness: body.AutoAwareness,
    },
    { env: c.env, production: c.env.ENVIRONMENT !== "development" },
  );
  return c.json(settingsAnswer(view), 200);
};

export const getSefazSettingsRoute = createRoute({
  method: "get",
  path: "/company/integration/{idcompanyintegration}/sefaz",
  operationId: "getSefazSettings",
  tags: ["Company"],
  summary: "A integração SEFAZ: certificado, estado e cursor da distribuição",
  description: `Estado (\`State\`, \`StateReason\`, \`RetryAfter\`), cursor (\`UltNSU\`, \`MaxNSU\`) e o que ainda falta (\`MissingNSU\`, \`AwaitingFullNFe\`). 400 \`${SEFAZ_MESSAGES.notConfigured}\`.`,
  request: { params },
  responses: jsonOk(SefazSettingsSchema, "A integração SEFAZ"),
});

const getSefazSettings: AppRouteHandler<typeof getSefazSettingsRoute> = async (c) => {
  const view = await sefazSettings(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idcompanyintegration,
  );
  return c.json(settingsAnswer(view), 200);
};

const SyncAnswerSchema = z
  .object({
    IDJob: z.number().int().openapi({ description: "Job `SefazDistribution` (GET /job/{idjob})" }),
    Message: z.string().openapi({ example: SEFAZ_MESSAGES.syncScheduled }),
    NextDistributionAt: z.string().nullable().openapi({
      description:
        "UTC (`AAAA-MM-DD hh:mm:ss`): dentro da hora que segue um 137, ultNSU = maxNSU ou 656, o job não chama distNSU (a SEFAZ responderia 656 e bloquearia o CNPJ por 1 hora) e só faz as consultas por NSU/chave pendentes (nenhuma depois de um 656); a próxima distNSU é permitida a partir daqui. null: o job chama distNSU agora",
      example: null,
    }),
  })
  .openapi("SefazSyncAnswer");

export const syncSefazRoute = createRoute({
  method: "post",
  path: "/company/integration/{idcompanyintegration}/sefaz/sync",
  operationId: "syncSefazDistribution",
  tags: ["Company"],
  summary: "Consulta agora a distribuição de NF-e da SEFAZ",
  description: [
    "Agenda um job `SefazDistribution` (o mesmo que o agendamento cria a cada integração configurada cuja espera",
    "acabou), sem esperar. O job chama `nfeDistDFeInteresse` com `distNSU/ultNSU` enquanto a SEFAZ tiver mais",
    "(ultNSU < maxNSU), guarda cada documento por NSU (uma vez só) e move o cursor no mesmo lote; cada NF-e",
    "completa vira um job NFeXML (compra, itens, contas a pagar) como um XML enviado. 137 ou ultNSU = maxNSU: a",
    "próxima consulta (agendada ou por esta rota) espera 1 hora; 656: estado `ConsumptionRefused` e 1 hora de espera.",
    "Dentro dessa hora esta rota não chama distNSU: responde `NextDistributionAt` (e a Message diz a hora). `Result`",
    "`{calls, documents, summaries, full, events, invalid, duplicates, gaps, imports, gapCalls, gapsFilled, keyCalls, keysFound, awareness}`.",
    "Depois de alcançar maxNSU, pede por consNSU os NSUs ausentes (`Gap`) e por consChNFe os resumos manifestados",
    "(ou de mais de 24 horas) sem NF-e completa, poucos por execução; o cursor não se move nessas consultas.",
  ].join(" "),
  request: { params },
  responses: jsonOk(SyncAnswerSchema, "O job da distribuição"),
});

const syncSefaz: AppRouteHandler<typeof syncSefazRoute> = async (c) => {
  const caller = c.get("caller");
  const job = await requestSefazSync(
    { db: c.get("db"), queue: c.env.JOBS, account: c.get("account") },
    {
      companyId: caller.companyId,
      userId: caller.userId,
      integrationId: c.req.valid("param").idcompanyintegration,
    },
  );
  const message = job.nextDistributionAt
    ? SEFAZ_MESSAGES.syncWaiting(job.nextDistributionAt)
    : job.created
      ? SEFAZ_MESSAGES.syncScheduled
      : SEFAZ_MESSAGES.syncAlreadyOpen;
  return c.json({ IDJob: job.jobId, Message: message, NextDistributionAt: job.nextDistributionAt }, 200);
};

export const listSefazDocumentsRoute = createRoute({
  method: "get",
  path: "/company/integration/{idcompanyintegration}/sefaz/documents",
  operationId: "listSefazDocuments",
  tags: ["Company"],
  summary: "Documentos recebidos pela distribuição, por NSU",
  description: `Cada documento com seu estado; ${DOCUMENTS_PAGE} por página (\`Page\`).`,
  request: { params, query: z.object({ Page: pageQuery }) },
  responses: jsonOk(z.array(SefazDocumentSchema), "Os documentos"),
});

const listDocuments: AppRouteHandler<typeof listSefazDocumentsRoute> = async (c) => {
  const companyId = c.get("caller").companyId;
  const id = c.req.valid("param").idcompanyintegration;
  const rows = await sefazDocuments(c.get("db"), companyId, id, c.req.valid("query").Page, DOCUMENTS_PAGE);
  return c.json(rows.map(documentAnswer), 200);
};

/** A SEFAZ integration's settings, its distribution now, and the documents it brought. */
export const sefazRouter = createRouter()
  .openapi(putSefazSettingsRoute, putSefazSettings)
  .openapi(getSefazSettingsRoute, getSefazSettings)
  .openapi(syncSefazRoute, syncSefaz)
  .openapi(listSefazDocumentsRoute, listDocuments);
