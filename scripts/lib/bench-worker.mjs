// The harness of the Miniflare benchmarks: the Worker bundled by wrangler exactly as it deploys,
// booted in-process by Miniflare with a local D1/R2/Queue in a temporary folder (no network), the
// migrations applied, and the domain code bundled for Node when a floor runs it outside the Worker.
import { spawnSync } from "node:child_process";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { apiClient } from "./api-client.mjs";
import { compatibilityDate } from "./wrangler-config.mjs";

const root = new URL("../..", import.meta.url).pathname;

/** `wrangler deploy --dry-run`: the bundle wrangler would upload, of `entry` (default: wrangler.toml's main). */
export function bundleWorker({ entry } = {}) {
  const outdir = mkdtempSync(join(tmpdir(), "bench-worker-"));
  const args = ["wrangler", "deploy", "--dry-run", "--outdir", outdir, ...(entry ? [entry] : [])];
  const result = spawnSync("npx", args, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
  });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error("wrangler could not bundle the Worker");
  }
  return outdir;
}

/** Source modules bundled for Node: `exports` maps a source path (from the repository root) to names. */
export async function bundleForNode(exportsByPath) {
  const dir = mkdtempSync(join(tmpdir(), "bench-node-"));
  const entry = join(dir, "entry.ts");
  writeFileSync(
    entry,
    Object.entries(exportsByPath)
      .map(([path, names]) => `export { ${names.join(", ")} } from "${join(root, path)}";\n`)
      .join(""),
  );
  const outfile = join(dir, "bundle.mjs");
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "neutral",
    outfile,
    logLevel: "error",
  });
  const module = await import(outfile);
  rmSync(dir, { recursive: true, force: true });
  return module;
}

/** The queue settings of wrangler.toml's consumer of `queue`, so the bench batches as deployed. */
export function queueConsumerOf(queue) {
  const toml = readFileSync(join(root, "wrangler.toml"), "utf8");
  // each consumer section, up to the next section
  const sections = toml
    .split(/^\[\[queues\.consumers\]\][ \t]*$/m)
    .slice(1)
    .map((b) => b.split(/^\[/m)[0]);
  const body = sections.find((b) => new RegExp(`^queue\\s*=\\s*"${queue}"`, "m").test(b)) ?? "";
  const number = (key, fallback) =>
    Number(new RegExp(`^${key}\\s*=\\s*(\\d+)`, "m").exec(body)?.[1] ?? fallback);
  return {
    maxBatchSize: number("max_batch_size", 10),
    maxBatchTimeout: number("max_batch_timeout", 5),
    maxRetries: number("max_retries", 3),
    retryDelay: number("retry_delay", 0),
    ...(/dead_letter_queue\s*=\s*"([^"]+)"/.exec(body)
      ? { deadLetterQueue: /dead_letter_queue\s*=\s*"([^"]+)"/.exec(body)[1] }
      : {}),
  };
}

/**
 * Boots the bundle in Miniflare with one tenant `bench` (D1 binding DB_BENCH), R2 and the job
 * queues (consumed with wrangler.toml's settings when `queues` is set). `port` also serves it over
 * HTTP on 127.0.0.1 (for load tools); answers `{ mf, db, url, dispose }` once migrated.
 */
export async function startBenchWorker(outdir, { queues = false, port, bindings = {} } = {}) {
  const resourceTmpPath = mkdtempSync(join(tmpdir(), "bench-worker-data-"));
  const secret = () => randomBytes(32).toString("base64url");
  const mf = new Miniflare({
    ...convertV4MiniflareOptions({
      // the Worker logs every request: kept out of the report unless BENCH_WORKER_LOGS=1
      handleStructuredLogs:
        process.env.BENCH_WORKER_LOGS === "1" ? (log) => console.error(log.message) : () => {},
      logRequests: false,
      resourceTmpPath,
      name: "finance-backoffice-api",
      modules: true,
      modulesRoot: outdir,
      scriptPath: join(
        outdir,
        readdirSync(outdir).find((f) => f.endsWith(".js")),
      ),
      compatibilityDate: compatibilityDate(),
      compatibilityFlags: ["nodejs_compat"],
      d1Databases: { DB_BENCH: "bench" },
      r2Buckets: ["UPLOADS"],
      queueProducers: {
        JOBS: { queueName: "finance-jobs" },
        JOBS_DLQ: { queueName: "finance-jobs-dlq" },
        EVENTS: { queueName: "finance-events" },
      },
      ...(queues
        ? {
            queueConsumers: {
              "finance-jobs": queueConsumerOf("finance-jobs"),
              "finance-jobs-dlq": queueConsumerOf("finance-jobs-dlq"),
              "finance-events": queueConsumerOf("finance-events"),
            },
          }
        : {}),
      bindings: {
        TENANTS: JSON.stringify({ bench: "DB_BENCH" }),
        DEFAULT_ACCOUNT: "bench",
        API_DOMAIN: "localhost",
        JWT_SECRET: secret(),
        UPLOAD_SIGNING_SECRET: secret(),
        HUB_CREDENTIALS_KEY: secret(),
        JWT_TTL_SECONDS: "3600",
        MAX_BODY_BYTES: "1048576",
        MAX_UPLOAD_BYTES: "20971520",
        UPLOAD_URL_TTL_SECONDS: "900",
        ENVIRONMENT: "development",
        ...bindings,
      },
    }),
    ...(port !== undefined ? { host: "127.0.0.1", port } : {}),
  });
  const url = await mf.ready;
  const db = await mf.getD1Database("DB_BENCH");
  await db.batch(migrationStatements().map((s) => db.prepare(s)));
  return {
    mf,
    db,
    url,
    async dispose() {
      await mf.dispose();
      rmSync(outdir, { recursive: true, force: true });
      rmSync(resourceTmpPath, { recursive: true, force: true });
    },
  };
}

/** Every statement of the migrations, in order (for D1 and for plain SQLite floors alike). */
export function migrationStatements() {
  const dir = join(root, "migrations");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .flatMap((file) =>
      readFileSync(join(dir, file), "utf8")
        .split("--> statement-breakpoint")
        .map((s) => s.trim())
        .filter(Boolean),
    );
}

const BENCH_PASSWORD = "bench123";

/** The tax profile of resold goods the order benchmarks put their SKUs under (ICMS 18%, PIS/COFINS, IBS/CBS). */
export const RESALE_TAX_PROFILE = {
  Code: "REVENDA",
  Description: "Revenda",
  CstIcms: "00",
  IcmsRate: 18,
  CstIpi: "53",
  IpiRate: 0,
  CstPis: "01",
  PisRate: 1.65,
  CstCofins: "01",
  CofinsRate: 7.6,
  IDNfCstIbsCbs: 1,
  IbsRate: 0.1,
  CbsRate: 0.9,
};

/** A request helper that reaches the bench Worker in-process, as `/1.0` of the `bench` account. */
export const benchApi = (mf) =>
  apiClient("http://bench.localhost/1.0", { fetch: (url, init) => mf.dispatchFetch(url, init) });

/**
 * Company `n` with its invoicing company and user `n` (same ids, `bench<n>@bench.local`), the password
 * stored as sign-in expects (few PBKDF2 rounds: sign-in is not what the benchmarks measure).
 */
export async function seedCompany(db, n, { timeZone = "America/Sao_Paulo" } = {}) {
  const salt = randomBytes(16);
  const iterations = 1000;
  const hash = pbkdf2Sync(BENCH_PASSWORD, salt, iterations, 32, "sha256").toString("base64");
  await db.batch([
    db
      .prepare("INSERT INTO companies (id, name, time_zone) VALUES (?1, ?2, ?3)")
      .bind(n, `Bench ${n}`, timeZone),
    db
      .prepare("INSERT INTO company_invoices (id, company_id, name) VALUES (?1, ?1, ?2)")
      .bind(n, `Bench ${n} Ltda`),
    db
      .prepare(
        `INSERT INTO users (id, name, email, password_hash, password_salt, password_iterations, company_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?1)`,
      )
      .bind(n, `Bench ${n}`, `bench${n}@bench.local`, hash, salt.toString("base64"), iterations),
    db.prepare("INSERT INTO user_companies (user_id, company_id) VALUES (?1, ?1)").bind(n),
  ]);
  return { email: `bench${n}@bench.local`, password: BENCH_PASSWORD };
}

/** Polls a job every 20 ms until it ends (Done or Failed) and answers it. */
export async function jobEnd(api, id) {
  for (;;) {
    const job = await api.call("GET", `/job/${id}`);
    if (job.Status === "Done" || job.Status === "Failed") return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A file through the two-step upload (`RequestUploadUrl` with `fields`: Type, IDBankAccount,
 * FileName, ContentType; then the PUT), then `ConfirmUpload` timed until its job ends: `{ job, ms }`.
 */
export async function uploadTimed(api, mf, fields, bytes) {
  const url = await api.call("POST", "/job", {
    Action: "RequestUploadUrl",
    SizeBytes: bytes.byteLength,
    ...fields,
  });
  const put = await mf.dispatchFetch(url.UploadUrl, { method: "PUT", headers: url.Headers, body: bytes });
  if (put.status !== 200) throw new Error(`PUT: ${put.status} ${await put.text()}`);
  const started = performance.now();
  const { IDJob } = await api.call("POST", "/job", { Action: "ConfirmUpload", Key: url.Key });
  const job = await jobEnd(api, IDJob);
  return { job, ms: performance.now() - started };
}

/** The OFX statement fields of `uploadTimed` for an account. */
export const ofxUpload = (account) => ({
  Type: "BankStatementOFX",
  IDBankAccount: account,
  FileName: "extrato.ofx",
  ContentType: "application/x-ofx",
});
