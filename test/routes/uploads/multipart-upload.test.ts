import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../../drizzle/schema";
import { call, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import {
  dbOf,
  seedBankAccount,
  uploadMultipart,
  uploadTwoSteps,
  utf8,
  waitForJob,
} from "../../support/upload-factories";

let admin: string;

beforeAll(async () => {
  await seedAccounts();
  admin = await signIn("demo", "admin@demo.local");
});

describe("multipart upload", () => {
  it("stores the file, creates the job and processes it", async () => {
    const response = await uploadMultipart(
      admin,
      "/sku/template",
      utf8("code,name,price\nMP-1,Multipart,9.90\n"),
      {
        fileName: "C:\\planilhas\\multi.csv",
      },
    );
    expect(response).toMatchObject({
      status: 200,
      body: { Message: "Arquivo recebido; processamento agendado" },
    });
    const row = await dbOf().select().from(jobs).where(eq(jobs.id, response.body.IDJob)).get();
    expect(row).toMatchObject({
      route: "sku-template",
      type: "SkuTemplate",
      fileName: "multi.csv",
      contentType: "text/csv",
    });
    expect(row!.fileKey).toMatch(/^demo\/1\/sku-template\/[0-9a-f-]{36}$/);
    expect(await env.UPLOADS.head(row!.fileKey)).not.toBeNull();
    const job = await waitForJob(admin, response.body.IDJob);
    expect(job).toMatchObject({ Status: "Done", Result: { created: 1, updated: 0, errors: 0 } });
  });

  it("the same content again, by multipart or two steps, answers the existing IDJob", async () => {
    const csv = utf8("code,name\nMP-DUP,Repetido\n");
    const first = await uploadMultipart(admin, "/sku/template", csv);
    const again = await uploadMultipart(admin, "/sku/template", csv, { fileName: "outro.csv" });
    expect(again.body).toEqual({
      IDJob: first.body.IDJob,
      Message: "Arquivo já enviado anteriormente; processamento existente",
    });
    const twoSteps = await uploadTwoSteps(admin, "/sku/template", csv);
    expect(twoSteps.body).toEqual({
      IDJob: first.body.IDJob,
      Message: "Arquivo já enviado anteriormente; processamento existente",
    });
    const objects = await env.UPLOADS.list({ prefix: "demo/1/sku-template/" });
    const row = await dbOf().select().from(jobs).where(eq(jobs.id, first.body.IDJob)).get();
    const copies = [];
    for (const object of objects.objects) {
      const body = await (await env.UPLOADS.get(object.key))!.text();
      if (body === new TextDecoder().decode(csv)) copies.push(object.key);
    }
    expect(copies).toEqual([row!.fileKey]);
  });

  it("takes the content type from the file name when the part says octet-stream", async () => {
    const response = await uploadMultipart(admin, "/sku/template", utf8("code,name\nMP-OCT,Octet\n"), {
      fileName: "produtos.csv",
      contentType: "application/octet-stream",
    });
    expect(response.status).toBe(200);
    const row = await dbOf().select().from(jobs).where(eq(jobs.id, response.body.IDJob)).get();
    expect(row!.contentType).toBe("text/csv");
  });

  it("refuses a missing, empty or wrongly typed file", async () => {
    const form = new FormData();
    form.append("Type", "SkuTemplate");
    const missing = await call("demo", "POST", "/1.0/job", { token: admin, rawBody: form });
    expectRefusal(missing, "Arquivo não enviado: use o campo file do multipart/form-data");

    const text = new FormData();
    text.append("file", "code;name");
    const notAFile = await call("demo", "POST", "/1.0/sku/template", { token: admin, rawBody: text });
    expectRefusal(notAFile, "Arquivo não enviado: use o campo file do multipart/form-data");

    const empty = await uploadMultipart(admin, "/sku/template", new Uint8Array(0));
    expectRefusal(empty, "Arquivo vazio");

    const png = await uploadMultipart(admin, "/sku/template", utf8("x"), {
      fileName: "a.png",
      contentType: "image/png",
    });
    expectRefusal(
      png,
      "ContentType image/png não permitido para SkuTemplate. Aceitos: text/csv, text/plain, application/vnd.ms-excel",
    );
  });

  it("refuses a body above MAX_UPLOAD_BYTES with 413 and stores nothing", async () => {
    const before = (await env.UPLOADS.list()).objects.length;
    const response = await uploadMultipart(admin, "/sku/template", new Uint8Array(20 * 1024 * 1024 + 1));
    expect(response.status).toBe(413);
    expect(response.body.errorMessage).toContain("20971520");
    expect((await env.UPLOADS.list()).objects.length).toBe(before);
  });

  it("validates the job parameters of POST /job", async () => {
    const ofx = utf8("OFXHEADER:100\n<OFX></OFX>\n");
    const noAccount = await uploadMultipart(admin, "/job", ofx, {
      fileName: "extrato.ofx",
      contentType: "application/x-ofx",
      fields: { Type: "BankStatementOFX" },
    });
    expectRefusal(noAccount, "Conta bancária obrigatória");
    const badId = await uploadMultipart(admin, "/job", ofx, {
      fileName: "extrato.ofx",
      fields: { Type: "BankStatementOFX", IDBankAccount: "abc" },
    });
    expect(badId.status).toBe(400);
    expect(badId.body.errorMessage).toContain("IDBankAccount");
  });

  it("accepts a BankStatementOFX file; one without a statement ends Failed with the parser's reason", async () => {
    const account = await seedBankAccount(1);
    const other = await seedBankAccount(1);
    const ofx = utf8("OFXHEADER:100\n<OFX><BANKMSGSRSV1></BANKMSGSRSV1></OFX>\n");
    const response = await uploadMultipart(admin, "/job", ofx, {
      fileName: "extrato.ofx",
      contentType: "application/x-ofx",
      fields: { Type: "BankStatementOFX", IDBankAccount: String(account) },
    });
    expect(response).toMatchObject({
      status: 200,
      body: { Message: "Arquivo recebido; processamento agendado" },
    });
    const job = await waitForJob(admin, response.body.IDJob);
    expect(job).toMatchObject({
      Type: "BankStatementOFX",
      Status: "Failed",
      Params: { IDBankAccount: account },
      FailureReason: "Linha 2: nenhum extrato bancário (STMTRS) ou de cartão (CCSTMTRS) no arquivo",
    });
    const otherAccount = await uploadMultipart(admin, "/job", ofx, {
      fileName: "extrato.ofx",
      contentType: "application/x-ofx",
      fields: { Type: "BankStatementOFX", IDBankAccount: String(other) },
    });
    expectRefusal(
      otherAccount,
      `Este arquivo já foi enviado no job ${response.body.IDJob} (BankStatementOFX) com outros parâmetros`,
    );
  });
});

describe("orders template", () => {
  it("accepts and stores the file; a template without the required columns ends Failed with the reason", async () => {
    const csv = utf8("pedido;cliente\n1;Fulano\n");
    const twoSteps = await uploadTwoSteps(admin, "/orders/template", csv, { fileName: "pedidos.csv" });
    expect(twoSteps).toMatchObject({
      status: 200,
      body: { Message: "Arquivo recebido; processamento agendado" },
    });
    const job = await waitForJob(admin, twoSteps.body.IDJob);
    expect(job).toMatchObject({
      Type: "OrdersTemplate",
      Status: "Failed",
      FileName: "pedidos.csv",
      FailureReason:
        "Cabeçalho sem as colunas obrigatórias: pedido (ou order), deposito (ou warehouse), sku (ou codigo) e quantidade (ou quantity)",
    });
    expect(job.FinishedAt).not.toBeNull();
    const row = await dbOf().select().from(jobs).where(eq(jobs.id, twoSteps.body.IDJob)).get();
    expect(await env.UPLOADS.head(row!.fileKey)).not.toBeNull();

    const multipart = await uploadMultipart(admin, "/orders/template", utf8("pedido;cliente\n2;Beltrano\n"));
    expect(multipart.status).toBe(200);
    expect((await waitForJob(admin, multipart.body.IDJob)).Status).toBe("Failed");
    const again = await uploadMultipart(admin, "/orders/template", csv);
    expect(again.body).toEqual({
      IDJob: twoSteps.body.IDJob,
      Message: "Arquivo já enviado anteriormente; processamento existente",
    });
  });
});
