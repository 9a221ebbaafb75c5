import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signIn } from "../support/api";
import { installWriteAudit, objectCount, writeMark, writesSince } from "../support/invariants";
import { seededBytes, seededRandom, seededUuid, useSeed } from "../support/replay";
import { seedAccounts } from "../support/seed";
import {
  confirmUpload,
  jobRow,
  putFile,
  requestUploadUrl,
  seedBankAccount,
  uploadMultipart,
  utf8,
  waitForJob,
} from "../support/upload-factories";
import { INJECTIONS } from "./arbitraries";
import { settleJobs } from "./http";

/**
 * Hostile files and keys on the upload flow: keys of another company or account, path traversal
 * in file names and keys, huge compressible and binary files sent as CSV or OFX. Each is refused
 * (4xx `{errorMessage, code}`, nothing stored, nothing written) or becomes a job that ends cleanly.
 */

useSeed();
const random = seededRandom("upload fuzz");

let admin: string;
let filial: string;
let bankAccount: number;

beforeAll(async () => {
  await seedAccounts();
  await installWriteAudit(env.DB_DEMO);
  admin = await signIn("demo", "admin@demo.local");
  filial = await signIn("demo", "filial@demo.local");
  bankAccount = await seedBankAccount(1);
});

/** Runs `act` and asserts it was refused with a JSON error, storing and writing nothing. */
async function refusedCleanly(act: () => Promise<{ status: number; body: unknown }>, status?: number) {
  await settleJobs();
  const mark = await writeMark(env.DB_DEMO);
  const objects = await objectCount(env.UPLOADS);
  const response = await act();
  expect(response.status, JSON.stringify(response.body)).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  if (status) expect(response.status).toBe(status);
  expect(Object.keys(response.body as object)).toEqual(["errorMessage", "code"]);
  expect(await writesSince(env.DB_DEMO, mark)).toEqual([]);
  expect(await objectCount(env.UPLOADS)).toBe(objects);
  return response;
}

async function slot(token: string, bytes: Uint8Array, fields: Record<string, unknown> = {}) {
  const answer = await requestUploadUrl(token, "/sku/template", {
    FileName: "produtos.csv",
    ContentType: "text/csv",
    SizeBytes: bytes.byteLength,
    ...fields,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

function count(stats: { cases: number; statuses: Record<string, number> }, status: number) {
  stats.cases++;
  stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
}

const jobsCount = async () =>
  (await env.DB_DEMO.prepare("SELECT count(*) AS n FROM jobs").first<{ n: number }>())!.n;
/** C0 controls, DEL and C1 controls: refused in every text field. */
const isControlCharacter = (c: string) =>
  c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f);
const countUploads = async () =>
  (await env.DB_DEMO.prepare("SELECT count(*) AS n FROM uploads").first<{ n: number }>())!.n;

describe("tampered keys", () => {
  it("a key of another company cannot be uploaded to or confirmed", async () => {
    const bytes = utf8("code;name\nK-1;Chave\n");
    const foreign = await slot(filial, bytes);
    expect((await putFile(foreign, bytes)).status).toBe(200);
    const jobs = await jobsCount();
    await refusedCleanly(() => confirmUpload(admin, "/sku/template", foreign.Key), 400);
    // the same key sent by its own company on another route is not the slot either
    await refusedCleanly(() => confirmUpload(filial, "/orders/template", foreign.Key), 400);
    expect(await jobsCount()).toBe(jobs);
  });

  it("a signed URL moved to another company, account, route or id is refused (403) and stores nothing", async () => {
    const bytes = utf8("code;name\nK-2;Assinada\n");
    const answer = await slot(filial, bytes);
    const url = new URL(answer.UploadUrl);
    const [, version, , account, company, route, id] = url.pathname.split("/");
    const moved = [
      `/${version}/upload/${account}/1/${route}/${id}`,
      `/${version}/upload/acme/${company}/${route}/${id}`,
      `/${version}/upload/${account}/${company}/job/${id}`,
      `/${version}/upload/${account}/${company}/${route}/${seededUuid(random)}`,
    ];
    for (const path of moved) {
      await refusedCleanly(() =>
        putFile(answer, bytes, answer.Headers, `http://demo.localhost${path}${url.search}`),
      );
    }
    await refusedCleanly(() =>
      putFile(answer, bytes, answer.Headers, `http://acme.localhost${url.pathname}${url.search}`),
    );
    expect((await putFile(answer, bytes)).status).toBe(200);
  });

  it.each([
    "../../etc/passwd",
    "demo/1/sku-template/../../acme/1/sku-template/x",
    "demo/2/sku-template/00000000-0000-0000-0000-000000000000",
    "acme/1/sku-template/00000000-0000-0000-0000-000000000000",
    "demo/1/sku-template/",
    "demo/1/sku-template/%2e%2e%2f",
    "demo/1/sku-template/*",
    "demo/1/sku-template/' OR '1'='1",
    "/",
  ])("ConfirmUpload refuses the key %j", async (key) => {
    await refusedCleanly(() => confirmUpload(admin, "/sku/template", key), 400);
  });

  it("ConfirmUpload refuses generated keys without storing or writing anything", async ({ task }) => {
    const stats = { cases: 0, statuses: {} as Record<string, number> };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.constantFrom(...INJECTIONS),
          fc.uuid().map((id) => `demo/1/sku-template/${id}`),
        ),
        async (key) => {
          const mark = await writeMark(env.DB_DEMO);
          const response = await confirmUpload(admin, "/sku/template", key);
          count(stats, response.status);
          expect(response.status).toBe(400);
          expect(Object.keys(response.body)).toEqual(["errorMessage", "code"]);
          expect(await writesSince(env.DB_DEMO, mark)).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
    task.meta.fuzz = { route: "POST /sku/template (ConfirmUpload, generated keys)", ...stats };
  });
});

describe("file names", () => {
  it("a path in the file name never reaches the storage key or the stored name", async ({ task }) => {
    const stats = { cases: 0, statuses: {} as Record<string, number> };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(
            "../../etc/passwd",
            "..\\..\\boot.ini",
            "/etc/shadow",
            "a/../../b.csv",
            "....//x.csv",
          ),
          fc
            .array(fc.constantFrom("..", "/", "\\", "a", ".csv", "%2f", "\u0000"), {
              minLength: 1,
              maxLength: 12,
            })
            .map((p) => p.join("")),
        ),
        async (fileName) => {
          const bytes = utf8(`code;name\n${seededUuid(random)};Nome\n`);
          const uploadsBefore = await countUploads();
          const answer = await requestUploadUrl(admin, "/sku/template", {
            FileName: fileName,
            ContentType: "text/csv",
            SizeBytes: bytes.byteLength,
          });
          count(stats, answer.status);
          if ([...fileName].some(isControlCharacter)) {
            // a control character (NUL included) is refused at the door, like in every text field
            expect(answer.status).toBe(400);
            expect(answer.body).toEqual({
              errorMessage: "FileName não pode conter caracteres de controle",
              code: "validation_failed",
            });
            expect(await countUploads()).toBe(uploadsBefore);
            return;
          }
          // any other name that is not blank is accepted: only its sanitised last segment is kept
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          expect(answer.body.Key).toMatch(/^demo\/1\/sku-template\/[0-9a-f-]{36}$/);
          const stored = await env.DB_DEMO.prepare("SELECT file_name FROM uploads WHERE key = ?1")
            .bind(answer.body.Key)
            .first<{ file_name: string }>();
          expect(stored!.file_name).not.toMatch(/[\\/]|^\./);
          expect(stored!.file_name).not.toContain("\u0000");
        },
      ),
      { numRuns: 30, examples: [["../../etc/passwd"], ["..\\..\\boot.ini"], ["\u0000"]] },
    );
    task.meta.fuzz = { route: "POST /sku/template (RequestUploadUrl, path in file names)", ...stats };
    expect(stats.cases).toBeGreaterThanOrEqual(30);
    // only names with a control character are refused (the "\u0000" example at least)
    expect(stats.statuses[400] ?? 0).toBeGreaterThanOrEqual(1);
    expect((stats.statuses[200] ?? 0) + (stats.statuses[400] ?? 0)).toBe(stats.cases);
  });

  it("a multipart file named ../../etc/passwd is stored under a generated key with a plain name", async () => {
    const response = await uploadMultipart(admin, "/sku/template", utf8(`code;name\nTRAV-1;Travessia\n`), {
      fileName: "../../etc/passwd",
      contentType: "text/csv",
    });
    expect(response.status).toBe(200);
    const job = await jobRow(response.body.IDJob);
    expect(job!.fileName).toBe("passwd");
    expect(job!.fileKey).toMatch(/^demo\/1\/sku-template\/[0-9a-f-]{36}$/);
    await waitForJob(admin, response.body.IDJob);
  });
});

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const NO_CODE_COLUMN =
  "Cabeçalho sem a coluna de código: use code, codigo ou sku (colunas aceitas: code, name, brand, cost, price, active)";
const NOT_OFX = "Linha 1: o arquivo não está no formato OFX";

/** Bytes that look like a PNG, a ZIP and random noise, and why each fails as a CSV and as an OFX file. */
const BINARIES: [string, () => Uint8Array, { csv: string; ofx: string }][] = [
  [
    "PNG",
    () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...seededBytes(random, 2048)]),
    { csv: NO_CODE_COLUMN, ofx: NOT_OFX },
  ],
  [
    "ZIP",
    () => Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...seededBytes(random, 2048)]),
    { csv: NO_CODE_COLUMN, ofx: NOT_OFX },
  ],
  ["random", () => seededBytes(random, 4096), { csv: NO_CODE_COLUMN, ofx: NOT_OFX }],
  ["NUL bytes", () => new Uint8Array(4096), { csv: NO_CODE_COLUMN, ofx: "Arquivo OFX vazio" }],
  [
    "UTF-16 BOM",
    () => Uint8Array.from([0xff, 0xfe, ...utf8("c\0o\0d\0e\0;\0n\0a\0m\0e\0\n\0")]),
    { csv: NO_CODE_COLUMN, ofx: NOT_OFX },
  ],
];

describe("binary and compressible files", () => {
  it.each(BINARIES)("%s bytes sent as CSV: the job fails saying why", async (_label, bytes, reason) => {
    const response = await uploadMultipart(admin, "/sku/template", bytes(), { fileName: "produtos.csv" });
    expect(response.status).toBe(200);
    const job = await waitForJob(admin, response.body.IDJob);
    expect(job).toMatchObject({ Status: "Failed", FailureReason: reason.csv });
  });

  it.each(BINARIES)("%s bytes sent as OFX: the job fails saying why", async (_label, bytes, reason) => {
    const response = await uploadMultipart(admin, "/job", bytes(), {
      fileName: "extrato.ofx",
      contentType: "application/x-ofx",
      fields: { Type: "BankStatementOFX", IDBankAccount: String(bankAccount) },
    });
    expect(response.status).toBe(200);
    const job = await waitForJob(admin, response.body.IDJob);
    expect(job).toMatchObject({ Status: "Failed", FailureReason: reason.ofx });
  });

  it("a gzip bomb (50 MB of zeros in a few KB) sent as CSV or OFX is processed as the bytes it is", async () => {
    const bomb = await gzip(new Uint8Array(50 * 1024 * 1024));
    expect(bomb.byteLength).toBeLessThan(100_000);
    for (const [path, options] of [
      ["/sku/template", { fileName: "bomba.csv", contentType: "text/csv" }],
      [
        "/job",
        {
          fileName: "bomba.ofx",
          contentType: "application/x-ofx",
          fields: { Type: "BankStatementOFX", IDBankAccount: String(bankAccount) },
        },
      ],
    ] as const) {
      const response = await uploadMultipart(admin, path, bomb, options);
      expect(response.status).toBe(200);
      const job = await waitForJob(admin, response.body.IDJob);
      expect(job.Status).toBe("Failed");
      expect(job.FailureReason).toMatch(/\S/);
      const row = await jobRow(response.body.IDJob);
      expect(row!.sizeBytes).toBe(bomb.byteLength);
    }
  });

  it("a compressed body announced with Content-Encoding is not inflated past the size limit", async () => {
    const inflated = Number(env.MAX_UPLOAD_BYTES) * 3;
    const bomb = await gzip(new Uint8Array(inflated));
    const answer = await slot(admin, bomb);
    const response = await putFile(answer, bomb, { ...answer.Headers, "Content-Encoding": "gzip" });
    expect(response.status).toBeLessThan(500);
    const stored = await env.UPLOADS.head(answer.Key);
    // refused (nothing stored) or stored as sent: never the inflated bytes
    expect(stored?.size ?? 0).toBeLessThanOrEqual(bomb.byteLength);
  });

  it("a 15 MB CSV of one endless line ends cleanly", async () => {
    const text = `code;name;cost;price\n${"A".repeat(15 * 1024 * 1024)}\n`;
    const response = await uploadMultipart(admin, "/sku/template", utf8(text), { fileName: "linha.csv" });
    expect(response.status).toBe(200);
    const job = await waitForJob(admin, response.body.IDJob, 60_000);
    expect(["Done", "Failed"]).toContain(job.Status);
  });

  it("a file above MAX_UPLOAD_BYTES is refused before it is stored", async () => {
    const size = Number(env.MAX_UPLOAD_BYTES) + 1;
    await refusedCleanly(() =>
      uploadMultipart(admin, "/sku/template", new Uint8Array(size), { fileName: "grande.csv" }),
    );
    await refusedCleanly(() =>
      requestUploadUrl(admin, "/sku/template", {
        FileName: "grande.csv",
        ContentType: "text/csv",
        SizeBytes: size,
      }),
    );
  });

  it("a signed PUT longer than its declared size is refused and stores nothing", async () => {
    const bytes = utf8("code;name\nX-1;Um\n");
    const answer = await slot(admin, bytes);
    const longer = new Uint8Array(bytes.byteLength * 100).fill(65);
    const response = await call("demo", "PUT", answer.UploadUrl, {
      rawBody: longer,
      headers: { "Content-Type": "text/csv", "Content-Length": String(bytes.byteLength) },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await env.UPLOADS.head(answer.Key)).toBeNull();
  });
});
