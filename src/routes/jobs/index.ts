import { createRouter } from "../../http/router";
import { getJobsRouter } from "./get-jobs";
import { postJobRouter } from "./post-job";

export const jobsRouter = createRouter().route("/", postJobRouter).route("/", getJobsRouter);
