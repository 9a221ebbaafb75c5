import { createRoute, z } from "@hono/zod-openapi";
import { getJob, listCompanyJobs } from "../../domain/jobs/job-queries";
import { createRouter } from "../../http/router";
import { idPath, jsonOk, pageQuery } from "../../http/schemas";
import { JOB_TYPES } from "../../queue/messages";
import { JOB_STATUSES, JobSchema, jobBody } from "./schemas";

export const getJobRoute = createRoute({
  method: "get",
  path: "/job/{idjob}",
  operationId: "getJob",
  tags: ["Job"],
  summary: "Um job da empresa: situação, progresso, contagens e erros por linha",
  description: "Jobs de outra empresa são tratados como inexistentes (400 `Job não existe`).",
  request: { params: z.object({ idjob: idPath("idjob") }) },
  responses: jsonOk(JobSchema, "O job"),
});

export const listJobsRoute = createRoute({
  method: "get",
  path: "/job",
  operationId: "listJobs",
  tags: ["Job"],
  summary: "Jobs da empresa, do mais recente ao mais antigo",
  description: "100 jobs por página (`Page` a partir de 0); cada item traz até 50 erros por linha.",
  request: {
    query: z.object({
      Type: z
        .enum(JOB_TYPES as [string, ...string[]])
        .optional()
        .openapi({ param: { name: "Type", in: "query" }, description: "Tipo do job" }),
      Status: z
        .enum(JOB_STATUSES)
        .optional()
        .openapi({ param: { name: "Status", in: "query" }, description: "Situação do job" }),
      Page: pageQuery,
    }),
  },
  responses: jsonOk(z.array(JobSchema), "Jobs da empresa"),
});

export const getJobsRouter = createRouter()
  .openapi(getJobRoute, async (c) => {
    const { idjob } = c.req.valid("param");
    return c.json(jobBody(await getJob(c.get("db"), c.get("caller").companyId, idjob)), 200);
  })
  .openapi(listJobsRoute, async (c) => {
    const { Type, Status, Page } = c.req.valid("query");
    const views = await listCompanyJobs(c.get("db"), c.get("caller").companyId, {
      type: Type,
      status: Status,
      page: Page,
    });
    return c.json(views.map(jobBody), 200);
  });
