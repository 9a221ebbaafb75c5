import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { EventMessage } from "./domain/events/event-message";
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
  /** `development` (loopback webhooks allowed, http allowed) or `production` (the default when unset). */
  ENVIRONMENT?: string;
  /** Webhook retries: first delay in seconds (doubling), attempts before the dead end, timeout per attempt. */
  WEBHOOK_RETRY_BASE_SECONDS?: string;
  WEBHOOK_MAX_ATTEMPTS?: string;
  WEBHOOK_TIMEOUT_MS?: string;
  /** Sender of the e-mails; production: an address of the domain verified for `SEND_EMAIL`. */
  MAIL_FROM?: string;
  /** Cloudflare's e-mail sending binding (production); absent locally, where mail stays in the outbox. */
  SEND_EMAIL?: SendEmail;
  /** Secret the channel credentials are encrypted with (AES-GCM); never logged, never returned. */
  HUB_CREDENTIALS_KEY?: string;
  /** Time limit of each request to a PSP's API Pix, in milliseconds (default 15000). */
  PIX_TIMEOUT_MS?: string;
  /** Time limit of each request to the Open Finance aggregator (Pluggy), in milliseconds (default 20000). */
  OPENFINANCE_TIMEOUT_MS?: string;
  /** Milliseconds SEFAZ's distribution service is given per call (default 20,000). */
  SEFAZ_TIMEOUT_MS?: string;
  /** Longest wait (seconds) of an NF-e emission job before it looks again at notes SEFAZ asked to retry later (default 3600; tests 1). */
  NFE_RETRY_POLL_SECONDS?: string;
  UPLOADS: R2Bucket;
  JOBS: Queue<JobMessage>;
  EVENTS: Queue<EventMessage>;
  JOBS_DLQ: Queue<JobMessage>;
};

/** The query builder of an account's database (core API only: see `drizzleFor`). */
export type Db = DrizzleD1Database;

/** Identity of the caller, from the verified token. */
export type Caller = {
  userId: number;
  companyId: number;
  account: string;
};

/**
 * Who a domain operation acts for: the company in scope and the user recorded on what it writes (the
 * token's caller, or the user who created a job). The one type of it: domain functions take `Actor`
 * when they need no more of the caller (an order written by no user is `OrderCaller`).
 */
export type Actor = Pick<Caller, "companyId" | "userId">;

export type AppVariables = {
  requestId: string;
  account: string;
  version: string;
  db: Db;
  caller: Caller;
};

export type AppEnv = { Bindings: Env; Variables: AppVariables };
