import { createRoute, z } from "@hono/zod-openapi";
import { getJob as jobOfCompany } from "../../domain/jobs/job-queries";
import { JOB_NOT_FOUND } from "../../domain/jobs/messages";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonOk } from "../../http/schemas";
import { JOB_TAG, JobSchema, jobBody } from "./schemas";

export const getJobRoute = createRoute({
  method: "get",
  path: "/job/{idjob}",
  operationId: "getJob",
  tags: [JOB_TAG],
  summary: "Um job da empresa: situação, progresso, contagens e erros por linha",
  description: `Jobs de outra empresa são tratados como inexistentes (400 \`${JOB_NOT_FOUND}\`).`,
  request: { params: z.object({ idjob: idPath("idjob") }) },
  responses: jsonOk(JobSchema, "O job"),
});

export const getJob: AppRouteHandler<typeof getJobRoute> = async (c) => {
  const { idjob } = c.req.valid("param");
  return c.json(jobBody(await jobOfCompany(c.get("db"), c.get("caller").companyId, idjob)), 200);
};
