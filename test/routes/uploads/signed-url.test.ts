import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { signUpload } from "../../../src/platform/upload-signature";
import { call, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import { putFile, requestUploadUrl, utf8 } from "../../support/upload-factories";

let admin: string;
const csv = utf8("code;name\nSIG-1;Assinado\n");

beforeAll(async () => {
  await seedAccounts();
  admin = await signIn("demo", "admin@demo.local");
});

async function slot(size = csv.byteLength) {
  const response = await requestUploadUrl(admin, "/sku/template", {
    FileName: "a.csv",
    ContentType: "text/csv",
    SizeBytes: size,
  });
  expect(response.status).toBe(200);
  return response.body;
}

const stored = async (key: string) => (await env.UPLOADS.list({ prefix: key })).objects.length;

describe("signed upload URL", () => {
  it("needs no token: the signature is the credential", async () => {
    const answer = await slot();
    const response = await putFile(answer, csv);
    expect(response.status).toBe(200);
  });

  it("refuses an expired URL (403) and stores nothing", async () => {
    const answer = await slot();
    const expires = Math.floor(Date.now() / 1000) - 1;
    const signature = await signUpload(env.UPLOAD_SIGNING_SECRET!, {
      key: answer.Key,
      expires,
      sizeBytes: csv.byteLength,
      contentType: "text/csv",
    });
    const url = `http://demo.localhost/1.0/upload/${answer.Key}?expires=${expires}&signature=${signature}`;
    const response = await putFile(answer, csv, answer.Headers, url);
    expect(response).toMatchObject({ status: 403, body: { errorMessage: "URL de upload expirada" } });
    expect(await stored(answer.Key)).toBe(0);
  });

  it("refuses a tampered signature, expiry or key (403) and stores nothing", async () => {
    const answer = await slot();
    const url = new URL(answer.UploadUrl);
    const signature = url.searchParams.get("signature")!;

    const badSignature = new URL(url);
    badSignature.searchParams.set("signature", `${signature[0] === "a" ? "b" : "a"}${signature.slice(1)}`);
    const longerExpiry = new URL(url);
    longerExpiry.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    const noSignature = new URL(url);
    noSignature.searchParams.delete("signature");
    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace(/[0-9a-f-]{36}$/, crypto.randomUUID());
    const otherCompany = new URL(url);
    otherCompany.pathname = otherCompany.pathname.replace("/demo/1/", "/demo/2/");

    for (const tampered of [badSignature, longerExpiry, noSignature, otherKey, otherCompany]) {
      const response = await putFile(answer, csv, answer.Headers, tampered.toString());
      expect(response, tampered.toString()).toMatchObject({
        status: 403,
        body: { errorMessage: "Assinatura do upload inválida" },
      });
    }
    const otherAccountHost = answer.UploadUrl.replace("demo.localhost", "acme.localhost");
    const foreign = await putFile(answer, csv, answer.Headers, otherAccountHost);
    expect(foreign).toMatchObject({ status: 403, body: { errorMessage: "Assinatura do upload inválida" } });
    expect(await stored(answer.Key)).toBe(0);
    expect(await stored(otherKey.pathname.split("/upload/")[1]!)).toBe(0);
  });

  it("refuses another Content-Type (400) and stores nothing", async () => {
    const answer = await slot();
    const response = await putFile(answer, csv, { ...answer.Headers, "Content-Type": "application/pdf" });
    expectRefusal(response, "Content-Type do upload difere do informado na solicitação: envie text/csv");
    const missing = await putFile(answer, csv, { "Content-Length": answer.Headers["Content-Length"]! });
    expect(missing.status).toBe(400);
    expect(await stored(answer.Key)).toBe(0);
  });

  it("refuses a body larger than SizeBytes (400) and stores nothing", async () => {
    const answer = await slot(5);
    const response = await putFile(answer, csv, { "Content-Type": "text/csv" });
    expectRefusal(response, "Arquivo maior que o tamanho informado em SizeBytes");
    expect(await stored(answer.Key)).toBe(0);
  });

  it("counts the streamed bytes instead of trusting Content-Length", async () => {
    const answer = await slot(10);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(utf8("0123456789"));
        controller.enqueue(utf8("0123456789"));
        controller.close();
      },
    });
    const response = await putFile(answer, body, { "Content-Type": "text/csv", "Content-Length": "10" });
    expectRefusal(response, "Arquivo maior que o tamanho informado em SizeBytes");
    expect(await stored(answer.Key)).toBe(0);
  });

  it("refuses an upload without Content-Length", async () => {
    const answer = await slot();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(csv);
        controller.close();
      },
    });
    const response = await putFile(answer, body, { "Content-Type": "text/csv" });
    expectRefusal(response, "Content-Length obrigatório no upload");
    expect(await stored(answer.Key)).toBe(0);
  });

  it("refuses a body shorter than its Content-Length and stores nothing", async () => {
    const answer = await slot(10);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(utf8("01234"));
        controller.close();
      },
    });
    const response = await putFile(answer, body, { "Content-Type": "text/csv", "Content-Length": "10" });
    expectRefusal(response, "Corpo do upload difere do Content-Length informado");
    expect(await stored(answer.Key)).toBe(0);
  });

  it("writes a key once: a second PUT is refused and the first file kept", async () => {
    const answer = await slot();
    expect((await putFile(answer, csv)).status).toBe(200);
    const other = utf8("code;name\nSIG-2;Assinado\n");
    expect(other.byteLength).toBe(csv.byteLength);
    const second = await putFile(answer, other, answer.Headers);
    expectRefusal(second, "Arquivo já enviado para esta Key");
    expect(await (await env.UPLOADS.get(answer.Key))!.text()).toBe(new TextDecoder().decode(csv));
  });

  it("refuses a body above MAX_UPLOAD_BYTES before reading it (413)", async () => {
    const answer = await slot();
    const response = await call("demo", "PUT", answer.UploadUrl, {
      rawBody: "x",
      headers: { "Content-Type": "text/csv", "Content-Length": String(21 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(await stored(answer.Key)).toBe(0);
  });
});
