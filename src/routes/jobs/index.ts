import { createRouter } from "../../http/router";
import { createJob, createJobRoute } from "./create";
import { getJob, getJobRoute } from "./get";
import { listJobs, listJobsRoute } from "./list";

/** `/job`: file uploads that become background jobs, and their progress. */
export const jobsRouter = createRouter()
  .openapi(createJobRoute, createJob)
  .openapi(getJobRoute, getJob)
  .openapi(listJobsRoute, listJobs);
