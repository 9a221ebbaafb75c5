import { createScheduledController, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../drizzle/schema";
import { expireUploadSlots } from "../../src/domain/uploads/expire-slots";
import worker from "../../src/index";
import { signIn } from "../support/api";
import { expectRefusal } from "../support/refusal";
import { type AccountName, seedAccounts } from "../support/seed";
import { confirmUpload, dbOf, putFile, requestUploadUrl, utf8 } from "../support/upload-factories";

const TTL_SECONDS = Number(env.UPLOAD_URL_TTL_SECONDS);
const RETENTION_SECONDS = 24 * 60 * 60;
const MINUTE = 60_000;

/** Runs the Worker's cron handler as the trigger would, at `scheduledTime`. */
async function runCron(scheduledTime: number) {
  const controller = createScheduledController({ scheduledTime, cron: "17 * * * *" });
  await worker.scheduled(controller, env);
}

const csv = (text: string) => utf8(`codigo;nome\n${text};Produto\n`);

/** A slot of `/sku/template`, optionally uploaded and confirmed; answers its key. */
async function slot(
  account: AccountName,
  token: string,
  steps: { upload: boolean; confirm: boolean },
  content: string,
): Promise<string> {
  const bytes = csv(content);
  const url = await requestUploadUrl(
    token,
    "/sku/template",
    { FileName: `${content}.csv`, ContentType: "text/csv", SizeBytes: bytes.byteLength },
    account,
  );
  expect(url.status).toBe(200);
  if (steps.upload) expect((await putFile(url.body, bytes)).status).toBe(200);
  if (steps.confirm)
    expect((await confirmUpload(token, "/sku/template", url.body.Key, account)).status).toBe(200);
  return url.body.Key;
}

const slotRow = (account: AccountName, key: string) =>
  dbOf(account).select().from(uploads).where(eq(uploads.key, key)).get();

describe("scheduled sweep of expired upload slots", () => {
  let demo: string;
  let acme: string;
  beforeAll(async () => {
    await seedAccounts();
    demo = await signIn("demo", "admin@demo.local");
    acme = await signIn("acme", "admin@acme.local");
  });

  it("removes expired slots of every account with their never-confirmed files, keeps confirmed files and live slots", async () => {
    const issuedAt = Date.now();
    const uploadedOnly = await slot("demo", demo, { upload: true, confirm: false }, "uploaded-only");
    const neverUploaded = await slot("demo", demo, { upload: false, confirm: false }, "never-uploaded");
    const confirmed = await slot("demo", demo, { upload: true, confirm: true }, "confirmed");
    const otherAccount = await slot("acme", acme, { upload: true, confirm: false }, "acme-uploaded");
    const swept = [uploadedOnly, neverUploaded, confirmed];

    // Within the retention after the URL expired: nothing is touched.
    await runCron(issuedAt + (TTL_SECONDS + RETENTION_SECONDS) * 1000 - MINUTE);
    for (const key of swept) expect(await slotRow("demo", key)).toBeDefined();
    expect(await slotRow("acme", otherAccount)).toBeDefined();
    expect(await env.UPLOADS.head(uploadedOnly)).not.toBeNull();
    expect(await env.UPLOADS.head(otherAccount)).not.toBeNull();

    // A slot whose URL expires an hour later than the others is still within its retention.
    const live = await slot("demo", demo, { upload: true, confirm: false }, "live");
    const hourLater = new Date(issuedAt + (TTL_SECONDS + 3600) * 1000)
      .toISOString()
      .slice(0, 19)
      .replace("T", " ");
    await dbOf("demo").update(uploads).set({ expiresAt: hourLater }).where(eq(uploads.key, live));
    await runCron(issuedAt + (TTL_SECONDS + RETENTION_SECONDS) * 1000 + 2 * MINUTE);

    for (const key of swept) expect(await slotRow("demo", key)).toBeUndefined();
    expect(await slotRow("acme", otherAccount)).toBeUndefined();
    expect(await env.UPLOADS.head(uploadedOnly)).toBeNull();
    expect(await env.UPLOADS.head(otherAccount)).toBeNull();
    // The confirmed file belongs to its job now.
    expect(await env.UPLOADS.head(confirmed)).not.toBeNull();
    expect(await slotRow("demo", live)).toBeDefined();
    expect(await env.UPLOADS.head(live)).not.toBeNull();

    // A confirmation of a removed slot is refused like an unknown key.
    const late = await confirmUpload(demo, "/sku/template", uploadedOnly);
    expectRefusal(late, "Upload não encontrado");
  });

  it("works in bounded chunks and leaves the rest to the next run", async () => {
    const db = dbOf("acme");
    const expiresAt = "2020-01-01 00:00:00";
    const keys = Array.from(
      { length: 25 },
      (_, i) => `acme/1/sku-template/chunk-${String(i).padStart(2, "0")}`,
    );
    for (const key of keys)
      await db.insert(uploads).values({
        key,
        companyId: 1,
        route: "sku-template",
        jobType: "SkuTemplate",
        fileName: "a.csv",
        contentType: "text/csv",
        sizeBytes: 1,
        expiresAt,
      });
    for (const key of keys) await env.UPLOADS.put(key, "x");
    const deps = { db, bucket: env.UPLOADS, now: new Date("2020-01-03T00:00:00Z") };

    expect(await expireUploadSlots(deps, { perChunk: 10, chunks: 2 })).toEqual({
      slots: 20,
      objects: 20,
      more: true,
    });
    const left = await db.select({ key: uploads.key }).from(uploads).orderBy(uploads.key);
    expect(left.map((row) => row.key)).toEqual(keys.slice(20));
    expect(await env.UPLOADS.head(keys[19]!)).toBeNull();
    expect(await env.UPLOADS.head(keys[20]!)).not.toBeNull();

    expect(await expireUploadSlots(deps, { perChunk: 10, chunks: 2 })).toEqual({
      slots: 5,
      objects: 5,
      more: false,
    });
    expect(await db.select().from(uploads)).toEqual([]);
    for (const key of keys) expect(await env.UPLOADS.head(key)).toBeNull();
  });
});
