/**
 * The `NFeXML` job of each full NF-e (procNFe) the distribution brings: its XML put in R2 and
 * imported exactly as an uploaded file (supplier, items, purchase, payables). The same bytes give
 * the same job, so a retried answer finds the job its first delivery created.
 */
import { documentsAwaitingImport, markImported } from "../../db/sefaz-integrations";
import type { Env } from "../../env";
import { sha256OfBytes } from "../../lib/hashing";
import { createJob } from "../jobs/create-job";
import type { JobContext } from "../jobs/job-context";

export type SyncParams = { integrationId: number };

export async function importJobOf(
  context: JobContext,
  env: Env,
  params: SyncParams,
  document: { nsu: string; xml: string; chNfe: string | null },
): Promise<number> {
  const { db, job } = context;
  const bytes = new TextEncoder().encode(document.xml);
  const fileKey = `sefaz/${job.companyId}/${params.integrationId}/${document.nsu}.xml`;
  await context.bucket.put(fileKey, bytes, { httpMetadata: { contentType: "application/xml" } });
  const created = await createJob(
    { db, queue: env.JOBS, account: context.account },
    {
      companyId: job.companyId,
      route: "sefaz",
      type: "NFeXML",
      params: "{}",
      fileKey,
      fileName: `NFe${document.chNfe ?? document.nsu}.xml`,
      contentType: "application/xml",
      sizeBytes: bytes.length,
      fileHash: await sha256OfBytes(bytes),
      createdBy: job.createdBy,
    },
  );
  return created.jobId;
}

/** The `NFeXML` jobs of the integration's full documents stored before without one. */
export async function queueImports(context: JobContext, env: Env, params: SyncParams): Promise<number> {
  const { db, job } = context;
  let queued = 0;
  for (const document of await documentsAwaitingImport(db, job.companyId, params.integrationId)) {
    if (!document.xml) continue;
    const jobId = await importJobOf(context, env, params, { ...document, xml: document.xml });
    await markImported(db, job.companyId, document.id, jobId);
    queued++;
  }
  return queued;
}

/**
 * Each full NF-e of `rows` gets its import job before the batch that stores it, and is stored
 * `Imported` with it: a batch refused and retried finds the same job (same bytes), none is lost or
 * doubled. Answers the rows and how many jobs were made.
 */
export async function withImportJobs<
  R extends { status: string; xml?: string | null; nsu: string; chNfe?: string | null },
>(context: JobContext, env: Env, params: SyncParams, rows: R[]): Promise<{ rows: R[]; imports: number }> {
  let imports = 0;
  const out: R[] = [];
  for (const row of rows) {
    if (row.status !== "Queued" || !row.xml) {
      out.push(row);
      continue;
    }
    const nfeJobId = await importJobOf(context, env, params, {
      nsu: row.nsu,
      xml: row.xml,
      chNfe: row.chNfe ?? null,
    });
    out.push({ ...row, status: "Imported", nfeJobId });
    imports++;
  }
  return { rows: out, imports };
}
