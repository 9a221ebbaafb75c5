import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../../drizzle/schema";
import { call, type ErrorBody, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import { dbOf, requestUploadUrl, seedBankAccount } from "../../support/upload-factories";

const MAX = 20 * 1024 * 1024;
/** The content types docs/UPLOADS-AND-JOBS.md documents per kind of file. */
const CSV_CONTENT_TYPES = ["text/csv", "text/plain", "application/vnd.ms-excel"];
const OFX_CONTENT_TYPES = [
  "application/x-ofx",
  "application/ofx",
  "text/plain",
  "application/octet-stream",
  "text/xml",
];
let admin: string;

beforeAll(async () => {
  await seedAccounts();
  admin = await signIn("demo", "admin@demo.local");
});

const valid = { FileName: "a.csv", ContentType: "text/csv", SizeBytes: 100 };

async function refused(path: string, body: Record<string, unknown>, message: string) {
  const response = await call("demo", "POST", `/1.0${path}`, { token: admin, body });
  expectRefusal(response, message, JSON.stringify(body));
}

describe("RequestUploadUrl validation", () => {
  it("answers 400 with errorMessage for each missing or invalid field, in order", async () => {
    for (const path of ["/sku/template", "/orders/template", "/job"]) {
      await refused(path, { ...valid }, "Action deve ser RequestUploadUrl ou ConfirmUpload");
      await refused(
        path,
        { ...valid, Action: "Upload" },
        "Action deve ser RequestUploadUrl ou ConfirmUpload",
      );
    }
    const action = { Action: "RequestUploadUrl" };
    await refused("/sku/template", { ...action }, "FileName obrigatório");
    await refused("/sku/template", { ...action, FileName: "   " }, "FileName obrigatório");
    await refused("/sku/template", { ...action, FileName: "a.csv" }, "ContentType obrigatório");
    await refused(
      "/sku/template",
      { ...action, FileName: "a.csv", ContentType: "application/pdf" },
      "ContentType application/pdf não permitido para SkuTemplate. Aceitos: text/csv, text/plain, application/vnd.ms-excel",
    );
    await refused(
      "/sku/template",
      { ...action, FileName: "a.csv", ContentType: "text/csv" },
      "SizeBytes obrigatório e maior que zero",
    );
    await refused(
      "/sku/template",
      { ...action, ...valid, SizeBytes: 0 },
      "SizeBytes obrigatório e maior que zero",
    );
    await refused(
      "/orders/template",
      { ...action, ...valid, SizeBytes: MAX + 1 },
      "Arquivo excede o tamanho máximo de 20971520 bytes",
    );
    await refused(
      "/sku/template",
      { ...action, ...valid, SizeBytes: 1.5 },
      "SizeBytes deve ser um número inteiro",
    );
    await refused(
      "/sku/template",
      { ...action, ...valid, SizeBytes: "10" },
      "SizeBytes deve ser um número inteiro",
    );
  });

  it("accepts exactly MAX_UPLOAD_BYTES and every CSV content type, parameters included", async () => {
    for (const ContentType of [...CSV_CONTENT_TYPES, "text/csv; charset=UTF-8"]) {
      const response = await requestUploadUrl(admin, "/sku/template", {
        ...valid,
        ContentType,
        SizeBytes: MAX,
      });
      expect(response.status, ContentType).toBe(200);
    }
  });

  it("POST /job requires a known Type", async () => {
    const action = { Action: "RequestUploadUrl", ...valid };
    await refused("/job", action, "Type obrigatório");
    await refused(
      "/job",
      { ...action, Type: "OrdersTemplate" },
      "Type inválido: OrdersTemplate. Aceitos: SkuTemplate, BankStatementOFX, StockInventoryCount, NFeXML, MarketplaceSettlement, BankReturnCNAB",
    );
    await refused(
      "/job",
      { ...action, Type: "Nada" },
      "Type inválido: Nada. Aceitos: SkuTemplate, BankStatementOFX, StockInventoryCount, NFeXML, MarketplaceSettlement, BankReturnCNAB",
    );
  });

  it("BankStatementOFX needs an active bank account of the company", async () => {
    const ofx = {
      Action: "RequestUploadUrl",
      FileName: "extrato.ofx",
      ContentType: "application/x-ofx",
      SizeBytes: 100,
    };
    await refused("/job", { ...ofx, Type: "BankStatementOFX" }, "Conta bancária obrigatória");
    await refused(
      "/job",
      { ...ofx, Type: "BankStatementOFX", IDBankAccount: 999 },
      "Conta bancária não existe",
    );
    const inactive = await seedBankAccount(1, 0);
    await refused(
      "/job",
      { ...ofx, Type: "BankStatementOFX", IDBankAccount: inactive },
      "Conta bancária não existe",
    );
    const otherCompany = await seedBankAccount(2);
    await refused(
      "/job",
      { ...ofx, Type: "BankStatementOFX", IDBankAccount: otherCompany },
      "Conta bancária não existe",
    );
    await refused(
      "/job",
      { ...ofx, Type: "BankStatementOFX", ContentType: "text/csv", IDBankAccount: otherCompany },
      "ContentType text/csv não permitido para BankStatementOFX. Aceitos: application/x-ofx, application/ofx, text/plain, application/octet-stream, text/xml",
    );

    const account = await seedBankAccount(1);
    for (const ContentType of OFX_CONTENT_TYPES) {
      const response = await requestUploadUrl(admin, "/job", {
        ...ofx,
        ContentType,
        Type: "BankStatementOFX",
        IDBankAccount: account,
      });
      expect(response.status, ContentType).toBe(200);
      const slot = await dbOf().select().from(uploads).where(eq(uploads.key, response.body.Key)).get();
      expect(slot).toMatchObject({
        route: "job",
        jobType: "BankStatementOFX",
        params: JSON.stringify({ IDBankAccount: account }),
      });
    }
  });

  it("IDBankAccount must be an int32 id", async () => {
    const response = await call<ErrorBody>("demo", "POST", "/1.0/job", {
      token: admin,
      body: { Action: "RequestUploadUrl", ...valid, Type: "BankStatementOFX", IDBankAccount: "x" },
    });
    expect(response.status).toBe(400);
    expect(response.body.errorMessage).toContain("IDBankAccount");
  });

  it("refuses a body that is neither JSON nor multipart with 400", async () => {
    for (const path of ["/sku/template", "/orders/template", "/job"]) {
      const response = await call("demo", "POST", `/1.0${path}`, {
        token: admin,
        rawBody: "code;name",
        headers: { "Content-Type": "text/csv" },
      });
      expectRefusal(
        response,
        "Envie JSON com Action (RequestUploadUrl ou ConfirmUpload) ou multipart/form-data com o campo file",
      );
      const none = await call("demo", "POST", `/1.0${path}`, { token: admin });
      expectRefusal(
        none,
        "Envie JSON com Action (RequestUploadUrl ou ConfirmUpload) ou multipart/form-data com o campo file",
      );
    }
  });

  it("refuses malformed JSON with 400", async () => {
    const response = await call("demo", "POST", "/1.0/sku/template", {
      token: admin,
      rawBody: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(400);
  });

  it("requires the token", async () => {
    for (const path of ["/sku/template", "/orders/template", "/job", "/sku/1/cost/recalculate"]) {
      const response = await call("demo", "POST", `/1.0${path}`, {
        body: { Action: "RequestUploadUrl", ...valid },
      });
      expect(response.status).toBe(401);
    }
    expect((await call("demo", "GET", "/1.0/job")).status).toBe(401);
  });
});
