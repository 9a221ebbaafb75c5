import { createRoute } from "@hono/zod-openapi";
import { JOB_TYPES } from "../../domain/jobs/job-message";
import { jobTypesOfRoute } from "../../domain/jobs/types";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { JOBS } from "../../jobs";
import { UPLOAD_FLOW_DESCRIPTION, UploadAnswerSchema, uploadRequestBody } from "../uploads/schemas";
import { answerUpload, requireUploadBody } from "../uploads/upload-handler";
import { JOB_TAG, jobTypeList, OFX_IMPORT_DESCRIPTION } from "./schemas";

export const createJobRoute = createRoute({
  method: "post",
  path: "/job",
  operationId: "createJob",
  tags: [JOB_TAG],
  summary: "Envia um arquivo para processamento (job)",
  description: [
    UPLOAD_FLOW_DESCRIPTION,
    `\`Type\` obrigatório, um dos tipos enviados por aqui: ${jobTypeList(jobTypesOfRoute(JOBS, "job"))}.`,
    `Os demais tipos nascem em suas próprias rotas: ${jobTypeList(JOB_TYPES.filter((type) => !jobTypesOfRoute(JOBS, "job").includes(type)))}.`,
    OFX_IMPORT_DESCRIPTION,
  ].join("\n\n"),
  middleware: [requireUploadBody] as const,
  request: { body: uploadRequestBody },
  responses: jsonOk(UploadAnswerSchema, "URL de upload (RequestUploadUrl) ou o job criado/existente"),
});

export const createJob: AppRouteHandler<typeof createJobRoute> = async (c) => {
  const answer = await answerUpload(c, "job", c.req.valid("json"), c.req.valid("form"));
  return c.json(answer, 200);
};
