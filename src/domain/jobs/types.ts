import { findActiveAccount } from "../../db/bank-accounts";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { BANK_ACCOUNT_NOT_FOUND, BANK_ACCOUNT_REQUIRED } from "../bank-accounts/messages";
import { settlementParams } from "../marketplace/settlement-job-params";
import { inventoryCountParams } from "../stock/inventory-job-params";
import { CSV_CONTENT_TYPES, OFX_CONTENT_TYPES, XML_CONTENT_TYPES } from "../uploads/content-types";
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

const noParams = async (): Promise<JobParams> => ({});

/** `IDBankAccount`: required, an active bank account of the company. */
async function bankAccountParams(db: Db, companyId: number, input: JobParamsInput): Promise<JobParams> {
  if (input.IDBankAccount === undefined) throw badRequest(BANK_ACCOUNT_REQUIRED);
  if (!(await findActiveAccount(db, companyId, input.IDBankAccount))) {
    throw badRequest(BANK_ACCOUNT_NOT_FOUND);
  }
  return { IDBankAccount: input.IDBankAccount };
}

/**
 * Job types created from an uploaded file: one entry each. A type's processing is the queue
 * handler of the same name (src/queue/handlers); a type without a handler ends Failed, never Done.
 */
export const FILE_JOB_TYPES: { readonly [T in JobType]?: FileJobDefinition } = {
  SkuTemplate: { contentTypes: CSV_CONTENT_TYPES, routes: ["job", "sku-template"], params: noParams },
  OrdersTemplate: { contentTypes: CSV_CONTENT_TYPES, routes: ["orders-template"], params: noParams },
  BankStatementOFX: { contentTypes: OFX_CONTENT_TYPES, routes: ["job"], params: bankAccountParams },
  StockInventoryCount: { contentTypes: CSV_CONTENT_TYPES, routes: ["job"], params: inventoryCountParams },
  NFeXML: { contentTypes: XML_CONTENT_TYPES, routes: ["job"], params: noParams },
  MarketplaceSettlement: { contentTypes: CSV_CONTENT_TYPES, routes: ["job"], params: settlementParams },
};

/** Types the given route accepts, in registry order. */
export function jobTypesOfRoute(route: UploadRoute): JobType[] {
  return (Object.keys(FILE_JOB_TYPES) as JobType[]).filter((type) =>
    FILE_JOB_TYPES[type]!.routes.includes(route),
  );
}

/**
 * The job type of a request: `POST /job` names it in `Type`; the template routes have exactly
 * one type and ignore `Type`.
 */
export function resolveJobType(
  route: UploadRoute,
  requested: string | undefined,
): { type: JobType; definition: FileJobDefinition } {
  const accepted = jobTypesOfRoute(route);
  if (route !== "job") return { type: accepted[0]!, definition: FILE_JOB_TYPES[accepted[0]!]! };
  const name = requested?.trim();
  if (!name) throw badRequest(JOB_TYPE_REQUIRED);
  const type = accepted.find((candidate) => candidate === name);
  if (!type) throw badRequest(jobTypeInvalid(name, accepted));
  return { type, definition: FILE_JOB_TYPES[type]! };
}

/** The type of an upload slot (it keeps the type chosen when the URL was asked for). */
export function storedJobType(name: string): { type: JobType; definition: FileJobDefinition } | undefined {
  const type = (Object.keys(FILE_JOB_TYPES) as JobType[]).find((candidate) => candidate === name);
  return type ? { type, definition: FILE_JOB_TYPES[type]! } : undefined;
}
