import { createRoute, z } from "@hono/zod-openapi";
import { JOB_TYPES } from "../../domain/jobs/job-message";
import { listCompanyJobs } from "../../domain/jobs/job-queries";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk, pageQuery } from "../../http/schemas";
import { JOB_STATUSES, JOB_TAG, JobSchema, jobBody, jobTypeList } from "./schemas";

export const listJobsRoute = createRoute({
  method: "get",
  path: "/job",
  operationId: "listJobs",
  tags: [JOB_TAG],
  summary: "Jobs da empresa, do mais recente ao mais antigo",
  description: "100 jobs por página (`Page` a partir de 0); cada item traz até 50 erros por linha.",
  request: {
    query: z.object({
      Type: z
        .enum(JOB_TYPES as [string, ...string[]])
        .optional()
        .openapi({
          param: { name: "Type", in: "query" },
          description: `Tipo do job: ${jobTypeList(JOB_TYPES)}`,
        }),
      Status: z
        .enum(JOB_STATUSES)
        .optional()
        .openapi({ param: { name: "Status", in: "query" }, description: "Situação do job" }),
      Page: pageQuery,
    }),
  },
  responses: jsonOk(z.array(JobSchema), "Jobs da empresa"),
});

export const listJobs: AppRouteHandler<typeof listJobsRoute> = async (c) => {
  const { Type, Status, Page } = c.req.valid("query");
  const views = await listCompanyJobs(c.get("db"), c.get("caller").companyId, {
    type: Type,
    status: Status,
    page: Page,
  });
  return c.json(views.map(jobBody), 200);
};
