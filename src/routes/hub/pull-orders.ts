import { createRoute, z } from "@hono/zod-openapi";
import { HUB_INTEGRATION_NOT_FOUND, PULL_SCHEDULED } from "../../domain/hub/messages";
import { requestPull } from "../../domain/hub/pull";
import { JOB_ALREADY_EXISTS } from "../../domain/jobs/messages";
import type { AppRouteHandler } from "../../http/router";
import { flagBody, jsonBody, jsonOk } from "../../http/schemas";
import { HUB_TAG } from "./schemas/common";
import { integrationParams } from "./schemas/integrations";

const PullBodySchema = z
  .object({
    FromStart: flagBody("FromStart").optional().openapi({
      description: "1 volta o cursor ao primeiro pedido do canal (o que já foi importado não se repete)",
    }),
  })
  .openapi("HubPullRequest");

const PullAnswerSchema = z
  .object({
    IDJob: z.number().int().openapi({ description: "Job `HubOrderPull` (GET /job/{idjob})" }),
    Message: z.string().openapi({ example: PULL_SCHEDULED }),
  })
  .openapi("HubPullAnswer");

export const pullHubOrdersRoute = createRoute({
  method: "post",
  path: "/hub/integration/{idcompanyintegration}/pull",
  operationId: "pullHubOrders",
  tags: [HUB_TAG],
  summary: "Importa agora os pedidos novos do canal",
  description: [
    "Agenda um job `HubOrderPull` (o mesmo que o agendamento de hora em hora cria para cada integração autenticada).",
    "O job lê os pedidos depois do cursor da integração, página a página; cada pedido do canal é gravado uma vez",
    "(pelo id do pedido no canal), com o cliente encontrado ou criado pelo CPF/CNPJ e as SKUs pelo código do canal.",
    "`Result` `{pulled, created, duplicates, unmapped}`; canal não autenticado, expirado, com resposta inválida ou sem",
    `resposta: job \`Failed\` com a mensagem. 400 \`${HUB_INTEGRATION_NOT_FOUND}\`.`,
  ].join(" "),
  request: { params: integrationParams, body: jsonBody(PullBodySchema) },
  responses: jsonOk(PullAnswerSchema, "O job da importação"),
});

export const pullHubOrders: AppRouteHandler<typeof pullHubOrdersRoute> = async (c) => {
  const caller = c.get("caller");
  const job = await requestPull(
    { db: c.get("db"), queue: c.env.JOBS, account: c.get("account") },
    {
      companyId: caller.companyId,
      userId: caller.userId,
      integrationId: c.req.valid("param").idcompanyintegration,
      fromStart: c.req.valid("json").FromStart === 1,
    },
  );
  return c.json({ IDJob: job.jobId, Message: job.created ? PULL_SCHEDULED : JOB_ALREADY_EXISTS }, 200);
};
