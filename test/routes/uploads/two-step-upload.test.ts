import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, products, uploads } from "../../../drizzle/schema";
import { call, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import {
  confirmUpload,
  dbOf,
  putFile,
  requestUploadUrl,
  uploadTwoSteps,
  utf8,
  waitForJob,
} from "../../support/upload-factories";

let admin: string;
let filial: string;

beforeAll(async () => {
  await seedAccounts();
  admin = await signIn("demo", "admin@demo.local");
  filial = await signIn("demo", "filial@demo.local");
});

const objectCount = async (prefix: string) => (await env.UPLOADS.list({ prefix })).objects.length;

describe("two-step upload", () => {
  it("issues a signed URL, stores the file, confirms a job and processes it to Done", async () => {
    const csv = utf8("code;name;cost;price\nTS-1;Caneta azul;1,50;3,00\nTS-2;Caderno;12,00;25,90\n");
    const url = await requestUploadUrl(admin, "/sku/template", {
      FileName: "produtos.csv",
      ContentType: "text/csv",
      SizeBytes: csv.byteLength,
    });
    expect(url.status).toBe(200);
    expect(url.body).toMatchObject({
      Method: "PUT",
      Headers: { "Content-Type": "text/csv", "Content-Length": String(csv.byteLength) },
      SizeBytes: csv.byteLength,
      ExpiresIn: 900,
    });
    expect(url.body.Key).toMatch(/^demo\/1\/sku-template\/[0-9a-f-]{36}$/);
    expect(url.body.UploadUrl).toMatch(
      new RegExp(
        `^http://demo\\.localhost/1\\.0/upload/${url.body.Key}\\?expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );

    const slot = await dbOf().select().from(uploads).where(eq(uploads.key, url.body.Key)).get();
    expect(slot).toMatchObject({
      companyId: 1,
      route: "sku-template",
      jobType: "SkuTemplate",
      params: "{}",
      fileName: "produtos.csv",
      contentType: "text/csv",
      sizeBytes: csv.byteLength,
      createdBy: 1,
    });
    expect(slot!.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const put = await putFile(url.body, csv);
    expect(put).toMatchObject({ status: 200, body: { Key: url.body.Key, SizeBytes: csv.byteLength } });
    const stored = await env.UPLOADS.get(url.body.Key);
    expect(await stored!.text()).toBe(new TextDecoder().decode(csv));

    const confirm = await confirmUpload(admin, "/sku/template", url.body.Key);
    expect(confirm).toMatchObject({
      status: 200,
      body: { Message: "Arquivo recebido; processamento agendado" },
    });
    const job = await waitForJob(admin, confirm.body.IDJob);
    expect(job).toMatchObject({
      IDJob: confirm.body.IDJob,
      Type: "SkuTemplate",
      Status: "Done",
      Total: 2,
      Processed: 2,
      Result: { created: 2, updated: 0, errors: 0 },
      Errors: [],
      FileName: "produtos.csv",
      FailureReason: null,
    });
    expect(job.CreatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(job.FinishedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const created = await dbOf().select().from(products).where(eq(products.code, "TS-2")).get();
    expect(created).toMatchObject({ companyId: 1, name: "Caderno", cost: 1200, price: 2590, isActive: 1 });
  });

  it("never derives the key from the file name, which is stored sanitised", async () => {
    const url = await requestUploadUrl(admin, "/sku/template", {
      FileName: "../../segredos/<planilha> final.csv",
      ContentType: "text/csv",
      SizeBytes: 10,
    });
    expect(url.status).toBe(200);
    expect(url.body.Key).not.toContain("planilha");
    const slot = await dbOf().select().from(uploads).where(eq(uploads.key, url.body.Key)).get();
    expect(slot!.fileName).toBe("planilha final.csv");
  });

  it("refuses a file name with a control character, like every text field, and stores no slot", async () => {
    const slotsBefore = (await dbOf().select().from(uploads).all()).length;
    const url = await requestUploadUrl(admin, "/sku/template", {
      FileName: "planilha\u0000 final.csv",
      ContentType: "text/csv",
      SizeBytes: 10,
    });
    expectRefusal(url, "FileName não pode conter caracteres de controle");
    expect((await dbOf().select().from(uploads).all()).length).toBe(slotsBefore);
  });

  it("answers the existing IDJob for the same content and drops the duplicate copy", async () => {
    const csv = utf8("code;name\nDUP-1;Repetido\n");
    const first = await uploadTwoSteps(admin, "/sku/template", csv);
    expect(first.body.Message).toBe("Arquivo recebido; processamento agendado");
    const url = await requestUploadUrl(admin, "/sku/template", {
      FileName: "outro-nome.csv",
      ContentType: "text/csv",
      SizeBytes: csv.byteLength,
    });
    await putFile(url.body, csv);
    const second = await confirmUpload(admin, "/sku/template", url.body.Key);
    expect(second).toMatchObject({
      status: 200,
      body: { IDJob: first.body.IDJob, Message: "Arquivo já enviado anteriormente; processamento existente" },
    });
    expect(await env.UPLOADS.head(url.body.Key)).toBeNull();
    const again = await confirmUpload(admin, "/sku/template", url.body.Key);
    expectRefusal(again, "Arquivo ainda não enviado para esta Key");
    const rows = await dbOf()
      .select()
      .from(jobs)
      .where(eq(jobs.fileHash, (await jobHash(first.body.IDJob))!));
    expect(rows).toHaveLength(1);
  });

  it("confirming the same key twice answers the same job", async () => {
    const csv = utf8("code;name\nTWICE-1;Duas vezes\n");
    const url = await requestUploadUrl(admin, "/sku/template", {
      FileName: "a.csv",
      ContentType: "text/csv",
      SizeBytes: csv.byteLength,
    });
    await putFile(url.body, csv);
    const first = await confirmUpload(admin, "/sku/template", url.body.Key);
    const second = await confirmUpload(admin, "/sku/template", url.body.Key);
    expect(second.body).toEqual({
      IDJob: first.body.IDJob,
      Message: "Arquivo já enviado anteriormente; processamento existente",
    });
    expect(await env.UPLOADS.head(url.body.Key)).not.toBeNull();
  });

  it("two concurrent confirmations of the same content create one job and both answer it", async () => {
    const csv = utf8("code;name\nRACE-1;Corrida\n");
    const keys: string[] = [];
    for (const name of ["a.csv", "b.csv", "c.csv"]) {
      const url = await requestUploadUrl(admin, "/sku/template", {
        FileName: name,
        ContentType: "text/csv",
        SizeBytes: csv.byteLength,
      });
      await putFile(url.body, csv);
      keys.push(url.body.Key);
    }
    const answers = await Promise.all(keys.map((key) => confirmUpload(admin, "/sku/template", key)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((a) => a.body.IDJob));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.body.Message === "Arquivo recebido; processamento agendado")).toHaveLength(
      1,
    );
    const rows = await dbOf()
      .select()
      .from(jobs)
      .where(eq(jobs.fileHash, (await jobHash([...ids][0]!))!));
    expect(rows).toHaveLength(1);
    const remaining = await Promise.all(keys.map((key) => env.UPLOADS.head(key)));
    expect(remaining.filter(Boolean)).toHaveLength(1);
  });

  it("the same content on another route is another job", async () => {
    const csv = utf8("code;name\nROUTE-1;Outra rota\n");
    const template = await uploadTwoSteps(admin, "/sku/template", csv);
    const job = await uploadTwoSteps(admin, "/job", csv, { fields: { Type: "SkuTemplate" } });
    expect(job.status).toBe(200);
    expect(job.body.IDJob).not.toBe(template.body.IDJob);
  });
});

describe("ConfirmUpload refusals", () => {
  it("requires the Key", async () => {
    const response = await call("demo", "POST", "/1.0/sku/template", {
      token: admin,
      body: { Action: "ConfirmUpload" },
    });
    expectRefusal(response, "Key obrigatória");
  });

  it("refuses an unknown key, a key of another company and a key of another route", async () => {
    const unknown = await confirmUpload(admin, "/sku/template", "demo/1/sku-template/nao-existe");
    expectRefusal(unknown, "Upload não encontrado");

    const csv = utf8("code;name\nOWN-1;Dono\n");
    const url = await requestUploadUrl(admin, "/sku/template", {
      FileName: "a.csv",
      ContentType: "text/csv",
      SizeBytes: csv.byteLength,
    });
    await putFile(url.body, csv);
    const otherCompany = await confirmUpload(filial, "/sku/template", url.body.Key);
    expectRefusal(otherCompany, "Upload não encontrado");
    const otherRoute = await confirmUpload(admin, "/orders/template", url.body.Key);
    expectRefusal(otherRoute, "Upload não encontrado");
    const otherAccount = await confirmUpload(
      await signIn("acme", "admin@acme.local"),
      "/sku/template",
      url.body.Key,
      "acme",
    );
    expectRefusal(otherAccount, "Upload não encontrado");
  });

  it("refuses a key whose file was never uploaded", async () => {
    const url = await requestUploadUrl(admin, "/sku/template", {
      FileName: "a.csv",
      ContentType: "text/csv",
      SizeBytes: 10,
    });
    const response = await confirmUpload(admin, "/sku/template", url.body.Key);
    expectRefusal(response, "Arquivo ainda não enviado para esta Key");
    expect(await objectCount(url.body.Key)).toBe(0);
  });
});

async function jobHash(jobId: number) {
  return (await dbOf().select({ hash: jobs.fileHash }).from(jobs).where(eq(jobs.id, jobId)).get())?.hash;
}
