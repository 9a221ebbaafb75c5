import type { z } from "zod";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import type { JobHandler } from "./job-context";
import type { JobType } from "./job-message";
import { JOB_TYPE_REQUIRED, jobTypeInvalid } from "./messages";

/** Routes of the upload flow; each is part of the idempotency key (company, route, file hash). */
export type UploadRoute = "job" | "sku-template" | "orders-template";

/** Job parameters as the request sends them (and as they are stored, JSON, on the job). */
export type JobParamsInput = {
  IDBankAccount?: number;
  IDStockKeepingUnitInventorySummary?: number;
  IDCompanyIntegration?: number;
};
export type JobParams = Record<string, number>;

export type FileJobDefinition = {
  /** Content types accepted for the file. */
  contentTypes: readonly string[];
  /** Upload routes that create this type (`job` = through `Type` of `POST /job`). */
  routes: readonly UploadRoute[];
  /** Validates the parameters against the company's data and answers what the job stores. */
  params: (db: Db, companyId: number, input: JobParamsInput) => Promise<JobParams>;
};

/**
 * One job type: what it is, what it stores, how it is processed. Each area exports the definitions
 * of its types from its own folder; src/jobs.ts lists them all.
 */
export type JobDefinition = {
  /** What the type is and where it is created (the `Type` descriptions of POST /job and GET /job). */
  description: string;
  /** The parameters stored on the job (JSON), as the job's creation writes them. */
  params: z.ZodType<JobParams>;
  /** The processing of a delivery of the job (the queue consumer calls it). */
  handler: JobHandler;
  /** Present when the job is created from an uploaded file. */
  file?: FileJobDefinition;
};

/** Every job type with its definition: the compiler refuses a type without one. */
export type JobRegistry = { readonly [T in JobType]: JobDefinition };

export const noParams = async (): Promise<JobParams> => ({});

/** Types created from a file that the given route accepts, in registry order. */
export function jobTypesOfRoute(registry: JobRegistry, route: UploadRoute): JobType[] {
  return (Object.keys(registry) as JobType[]).filter((type) => registry[type].file?.routes.includes(route));
}

/**
 * The job type of a request: `POST /job` names it in `Type`; the template routes have exactly
 * one type and ignore `Type`.
 */
export function resolveJobType(
  registry: JobRegistry,
  route: UploadRoute,
  requested: string | undefined,
): { type: JobType; definition: FileJobDefinition } {
  const accepted = jobTypesOfRoute(registry, route);
  if (route !== "job") return { type: accepted[0]!, definition: registry[accepted[0]!].file! };
  const name = requested?.trim();
  if (!name) throw badRequest(JOB_TYPE_REQUIRED);
  const type = accepted.find((candidate) => candidate === name);
  if (!type) throw badRequest(jobTypeInvalid(name, accepted));
  return { type, definition: registry[type].file! };
}

/** The type of an upload slot (it keeps the type chosen when the URL was asked for). */
export function storedJobType(
  registry: JobRegistry,
  name: string,
): { type: JobType; definition: FileJobDefinition } | undefined {
  const type = (Object.keys(registry) as JobType[]).find(
    (candidate) => candidate === name && registry[candidate].file,
  );
  return type ? { type, definition: registry[type].file! } : undefined;
}
