import { createRoute, z } from "@hono/zod-openapi";
import { PIX_INBOX_MESSAGES } from "../../domain/pix/inbox-messages";
import { requestPixPoll } from "../../domain/pix/poll";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonOk } from "../../http/schemas";

const PollAnswerSchema = z
  .object({
    IDJob: z.number().int().openapi({ description: "Job `PixReceivedPoll` (GET /job/{idjob})" }),
    Message: z.string().openapi({ example: PIX_INBOX_MESSAGES.pollScheduled }),
  })
  .openapi("PixPollAnswer");

export const pollReceivedPixRoute = createRoute({
  method: "post",
  path: "/company/integration/{idcompanyintegration}/pix/poll",
  operationId: "pollReceivedPix",
  tags: ["Company"],
  summary: "Lê agora os Pix recebidos pela integração Pix",
  description: [
    "Agenda um job `PixReceivedPoll` (o mesmo que o agendamento cria para cada integração Pix configurada cuja",
    "espera acabou), sem esperar o fim da espera de uma falha anterior. O job lê `GET /v2/pix?inicio=&fim=` do PSP",
    "do cursor da integração (na primeira vez, as últimas 24 h) até agora menos 1 minuto, página a página; cada Pix",
    "vira um lançamento uma vez só e liquida o título que casa (ver POST /pix/webhook/{secret}/pix). O cursor só",
    "avança quando a janela toda foi lida. `Result` `{received, imported, duplicate, settledByTxId, settledByDocument,",
    "pending}`. Falha do PSP (401, 429, 5xx, resposta inválida, sem resposta): job `Failed` com o motivo, gravado",
    "também no estado da integração com a espera até a próxima leitura agendada. Já havendo uma leitura na fila,",
    `devolve o job dela. 400 \`${PIX_INBOX_MESSAGES.integrationNotFound}\`.`,
  ].join(" "),
  request: { params: z.object({ idcompanyintegration: idPath("idcompanyintegration") }) },
  responses: jsonOk(PollAnswerSchema, "O job da leitura"),
});

export const pollReceivedPix: AppRouteHandler<typeof pollReceivedPixRoute> = async (c) => {
  const caller = c.get("caller");
  const job = await requestPixPoll(
    { db: c.get("db"), queue: c.env.JOBS, account: c.get("account") },
    {
      companyId: caller.companyId,
      userId: caller.userId,
      integrationId: c.req.valid("param").idcompanyintegration,
    },
  );
  return c.json(
    {
      IDJob: job.jobId,
      Message: job.created ? PIX_INBOX_MESSAGES.pollScheduled : PIX_INBOX_MESSAGES.pollAlreadyOpen,
    },
    200,
  );
};
