import { beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../../drizzle/schema";
import { client, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import { dbOf, uploadMultipart, utf8, waitForJob } from "../../support/upload-factories";

let admin: string;
let filial: string;

beforeAll(async () => {
  await seedAccounts();
  admin = await signIn("demo", "admin@demo.local");
  filial = await signIn("demo", "filial@demo.local");
});

describe("GET /job", () => {
  it("lists the company's jobs newest first, filtered by Type and Status, paged", async () => {
    const done = await uploadMultipart(admin, "/sku/template", utf8("code;name\nL-1;Lista\n"));
    const failed = await uploadMultipart(admin, "/orders/template", utf8("pedido\n1\n"));
    await waitForJob(admin, done.body.IDJob);
    await waitForJob(admin, failed.body.IDJob);
    const own = await uploadMultipart(filial, "/sku/template", utf8("code;name\nL-2;Filial\n"));

    const api = client("demo", admin);
    const all = await api.get("/job");
    expect(all.status).toBe(200);
    const ids = all.body.map((job: { IDJob: number }) => job.IDJob);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(ids).toContain(done.body.IDJob);
    expect(ids).not.toContain(own.body.IDJob);

    const skus = await api.get("/job?Type=SkuTemplate&Status=Done");
    expect(skus.body.map((job: { IDJob: number }) => job.IDJob)).toEqual([done.body.IDJob]);
    const orders = await api.get("/job?Status=Failed");
    expect(orders.body).toMatchObject([{ IDJob: failed.body.IDJob, Type: "OrdersTemplate" }]);
    expect((await api.get("/job?Page=1")).body).toEqual([]);
    expect((await api.get("/job?Status=Queued")).status).toBe(400);
    expect((await api.get("/job?Type=Nada")).status).toBe(400);
  });

  it("shows dates in the company's zone", async () => {
    const response = await uploadMultipart(admin, "/sku/template", utf8("code;name\nZ-1;Zona\n"));
    await waitForJob(admin, response.body.IDJob);
    const { eq } = await import("drizzle-orm");
    await dbOf()
      .update(jobs)
      .set({ createdAt: "2026-01-10 02:30:00", finishedAt: "2026-01-10 03:00:00" })
      .where(eq(jobs.id, response.body.IDJob));
    const job = await client("demo", admin).get(`/job/${response.body.IDJob}`);
    expect(job.body).toMatchObject({ CreatedAt: "2026-01-09 23:30:00", FinishedAt: "2026-01-10 00:00:00" });
  });
});

describe("GET /job/{idjob}", () => {
  it("treats a job of another company, or a missing one, as nonexistent", async () => {
    const response = await uploadMultipart(admin, "/sku/template", utf8("code;name\nP-1;Privado\n"));
    const foreign = await client("demo", filial).get(`/job/${response.body.IDJob}`);
    expectRefusal(foreign, "Job não existe");
    const missing = await client("demo", admin).get("/job/999999");
    expectRefusal(missing, "Job não existe");
    expect((await client("demo", admin).get("/job/0")).status).toBe(400);
  });
});
