import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as schema from "../drizzle/schema";
import type { JobMessage } from "./domain/jobs/job-message";

/** Worker bindings and variables (wrangler.toml, .dev.vars, wrangler secrets). */
export type Env = {
  /** JSON map account name -> D1 binding name. */
  TENANTS: string;
  /** Account served for a bare `localhost` host; local development only. */
  DEFAULT_ACCOUNT?: string;
  API_DOMAIN?: string;
  JWT_SECRET?: string;
  JWT_TTL_SECONDS?: string;
  UPLOAD_SIGNING_SECRET?: string;
  MAX_BODY_BYTES?: string;
  MAX_UPLOAD_BYTES?: string;
  UPLOAD_URL_TTL_SECONDS?: string;
  /** Comma-separated browser origins allowed by CORS. */
  CORS_ORIGINS?: string;
  /** R2 S3 API credentials; when all are set, uploads use R2 presigned URLs. */
  R2_ACCOUNT_ID?: string;
  R2_ACCESS_KEY_ID?: string;
  R2_SECRET_ACCESS_KEY?: string;
  R2_BUCKET_NAME?: string;
  /** Secret the channel credentials are encrypted with (AES-GCM); never logged, never returned. */
  HUB_CREDENTIALS_KEY?: string;
  UPLOADS: R2Bucket;
  JOBS: Queue<JobMessage>;
  JOBS_DLQ: Queue<JobMessage>;
};

export type Db = DrizzleD1Database<typeof schema>;

/** Identity of the caller, from the verified token. */
export type Caller = {
  userId: number;
  companyId: number;
  account: string;
};

export type AppVariables = {
  requestId: string;
  account: string;
  version: string;
  db: Db;
  caller: Caller;
};

export type AppEnv = { Bindings: Env; Variables: AppVariables };
