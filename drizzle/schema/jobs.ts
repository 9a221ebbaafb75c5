import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, id } from "./columns";

/** Upload slots handed out by `Action=RequestUploadUrl`, checked again on ConfirmUpload. */
export const uploads = sqliteTable(
  "uploads",
  {
    key: text().primaryKey(),
    companyId: companyId(),
    /** `job` | `sku-template` | `orders-template` */
    route: text().notNull(),
    jobType: text().notNull(),
    /** JSON of the job parameters (e.g. IDBankAccount). */
    params: text().notNull().default("{}"),
    fileName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    expiresAt: text().notNull(),
    createdBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_company").on(t.companyId)],
);

export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    companyId: companyId(),
    route: text().notNull(),
    type: text().notNull(),
    /** `Pending` | `Processing` | `Done` | `Failed` */
    status: text().notNull().default("Pending"),
    params: text().notNull().default("{}"),
    fileKey: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    /** SHA-256 of the file content, hex: the idempotency key with route and company. */
    fileHash: text().notNull(),
    total: integer().notNull().default(0),
    processed: integer().notNull().default(0),
    /** JSON object of result counts. */
    result: text(),
    failureReason: text(),
    attempts: integer().notNull().default(0),
    /** Failed deliveries since the job last committed progress: at MAX_ATTEMPTS the job ends Failed. */
    failures: integer().notNull().default(0),
    /** JSON of where the job resumes in its file (byte offset, line, encoding, R2 etag), saved with its progress. */
    cursor: text(),
    createdBy: integer(),
    createdAt: createdAt(),
    startedAt: text(),
    finishedAt: text(),
  },
  (t) => [
    uniqueIndex("jobs_company_route_hash").on(t.companyId, t.route, t.fileHash),
    index("jobs_company").on(t.companyId, t.id),
  ],
);

export const jobErrors = sqliteTable(
  "job_errors",
  {
    id: id(),
    jobId: integer().notNull(),
    line: integer().notNull(),
    message: text().notNull(),
  },
  (t) => [uniqueIndex("job_errors_job_line").on(t.jobId, t.line, t.message)],
);
