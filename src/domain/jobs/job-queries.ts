import { findCompany } from "../../db/identity";
import { findJob, type JobErrorRow, type JobRow, jobErrorsOf, listJobs } from "../../db/jobs";
import type { Db } from "../../env";
import { DEFAULT_TIME_ZONE } from "../../lib/dates";
import { badRequest } from "../../lib/errors";
import { JOB_NOT_FOUND } from "./messages";

/** Line errors shown on one job, and on each job of a list page; Result.errors counts them all. */
export const ERRORS_PER_JOB = 5000;
export const ERRORS_PER_LISTED_JOB = 50;
export const JOBS_PER_PAGE = 100;

export type JobView = { job: JobRow; errors: JobErrorRow[]; timeZone: string };

async function companyZone(db: Db, companyId: number): Promise<string> {
  return (await findCompany(db, companyId))?.timeZone ?? DEFAULT_TIME_ZONE;
}

export async function getJob(db: Db, companyId: number, jobId: number): Promise<JobView> {
  const job = await findJob(db, companyId, jobId);
  if (!job) throw badRequest(JOB_NOT_FOUND);
  const [errors, timeZone] = await Promise.all([
    jobErrorsOf(db, [job.id], ERRORS_PER_JOB),
    companyZone(db, companyId),
  ]);
  return { job, errors, timeZone };
}

export async function listCompanyJobs(
  db: Db,
  companyId: number,
  filters: { type?: string; status?: string; page: number },
): Promise<JobView[]> {
  const jobs = await listJobs(db, companyId, { ...filters, pageSize: JOBS_PER_PAGE });
  const [errors, timeZone] = await Promise.all([
    jobErrorsOf(
      db,
      jobs.map((job) => job.id),
      ERRORS_PER_LISTED_JOB,
    ),
    companyZone(db, companyId),
  ]);
  return jobs.map((job) => ({ job, errors: errors.filter((error) => error.jobId === job.id), timeZone }));
}
