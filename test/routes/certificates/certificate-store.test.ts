import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { drizzleFor } from "../../../src/db/client";
import { CERTIFICATE_MESSAGES as M } from "../../../src/domain/certificates/messages";
import { MAX_PKCS12_BYTES } from "../../../src/domain/certificates/pkcs12";
import { certificateSigner } from "../../../src/domain/certificates/signer";
import { COMPANY_INVOICE_NOT_FOUND } from "../../../src/domain/registries/messages";
import { publicKeyInfoOf } from "../../../src/domain/sefaz/certificate";
import {
  PFX,
  PFX_BRANCH_CNPJ,
  PFX_CNPJ,
  PFX_OTHER_ROOT_CNPJ,
  PFX_PASSWORD,
  VALID_CERTIFICATE_PEM,
} from "../../fixtures/certificates/pfx";
import { call, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

/**
 * The certificate store over HTTP, in workerd: the PKCS#12 files of test/fixtures/certificates (3DES,
 * AES-256, legacy RC2-40) read by node-forge inside the Worker, every refusal, multipart and JSON,
 * another company's view, and the signer the emission and the SEFAZ integration use.
 */

let one: string;
let two: string;
beforeAll(async () => {
  await seedAccounts();
  one = await signIn("demo", "admin@demo.local");
  two = await signIn("demo", "filial@demo.local");
});

const api = (token: string, method: string, path: string, body?: unknown, rawBody?: BodyInit) =>
  call<unknown>("demo", method, `/1.0${path}`, { token, body, rawBody });

async function invoice(document: string | null = PFX_CNPJ, token = one): Promise<number> {
  const created = await api(token, "POST", "/company/invoice", {
    Name: unique("Faturador"),
    ...(document ? { Document: document } : {}),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return (created.body as { IDCompanyInvoice: number }[])[0]!.IDCompanyInvoice;
}

const path = (id: number) => `/company/invoice/${id}/certificate`;
const sendJson = (id: number, body: Record<string, unknown>, token = one) =>
  api(token, "POST", path(id), body);
const json = (
  id: number,
  name: keyof typeof PFX,
  password = PFX_PASSWORD,
  extra: Record<string, unknown> = {},
) => sendJson(id, { Certificate: PFX[name], Password: password, ...extra });

function multipart(id: number, file: Uint8Array | string | null, fields: Record<string, string>) {
  const form = new FormData();
  if (file !== null)
    form.append("File", typeof file === "string" ? new Blob([file]) : new Blob([file]), "empresa.pfx");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return api(one, "POST", path(id), undefined, form);
}
const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

const storedRows = async () =>
  (
    await env.DB_DEMO.prepare("SELECT cnpj, private_key, certificate_pem FROM company_certificates").all<{
      cnpj: string;
      private_key: string;
      certificate_pem: string;
    }>()
  ).results;

describe("POST /company/invoice/{id}/certificate", () => {
  it("reads a 3DES .pfx (JSON), answers its subject, CNPJ and validity, never the key, and GET shows it", async () => {
    const id = await invoice();
    const answer = await json(id, "valid3des", PFX_PASSWORD, { MtlsCertificate: "SEFAZ_CERT" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const expected = {
      IDCompanyInvoice: id,
      CNPJ: PFX_CNPJ,
      Subject: "CN=EMPRESA TESTE LTDA:11222333000181, OU=Certificado PJ A1, O=ICP-Brasil, C=BR",
      NotBefore: "2026-01-01T00:00:00Z",
      NotAfter: "2060-01-01T00:00:00Z",
      MtlsCertificate: "SEFAZ_CERT",
    };
    expect(answer.body).toMatchObject(expected);
    expect(Object.keys(answer.body as object).sort()).toEqual([...Object.keys(expected), "UpdatedAt"].sort());
    expect((await api(one, "GET", path(id))).body).toMatchObject(expected);
    const [row] = (await storedRows()).filter((r) => r.cnpj === PFX_CNPJ);
    expect(row!.private_key).toMatch(/^v1\./);
    expect(row!.certificate_pem.replace(/\s/g, "")).toBe(VALID_CERTIFICATE_PEM.replace(/\s/g, ""));
    // sent again without MtlsCertificate: the binding name is kept; null removes it
    expect((await json(id, "valid3des")).body).toMatchObject({ MtlsCertificate: "SEFAZ_CERT" });
    expect((await json(id, "valid3des", PFX_PASSWORD, { MtlsCertificate: null })).body).toMatchObject({
      MtlsCertificate: null,
    });
  });

  it("reads an AES-256 .pfx sent as multipart, and the legacy RC2-40 one", async () => {
    const branch = await invoice(PFX_BRANCH_CNPJ);
    const aes = await multipart(branch, bytes(PFX.validAes), {
      Password: PFX_PASSWORD,
      MtlsCertificate: "FILIAL_CERT",
    });
    expect(aes.status, JSON.stringify(aes.body)).toBe(200);
    expect(aes.body).toMatchObject({ CNPJ: PFX_BRANCH_CNPJ, MtlsCertificate: "FILIAL_CERT" });
    const legacy = await multipart(await invoice(), bytes(PFX.legacyRc2), { Password: PFX_PASSWORD });
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(200);
    expect(legacy.body).toMatchObject({ CNPJ: PFX_CNPJ, NotAfter: "2060-01-01T00:00:00Z" });
    // a chain in the file: the key's certificate is the one stored
    expect((await json(await invoice(), "withChain")).body).toMatchObject({ CNPJ: PFX_CNPJ });
  });

  it("takes the CN's CNPJ when the certificate has no ICP-Brasil otherName", async () => {
    const answer = await json(await invoice(), "cnOnly");
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      CNPJ: PFX_CNPJ,
      Subject: expect.stringContaining("EMPRESA SÓ NO CN LTDA"),
    });
  });

  it("refuses, each with its reason, and stores nothing", async () => {
    const id = await invoice(PFX_CNPJ);
    // none of the earlier tests' certificates (a branch's would answer GET by the root)
    await env.DB_DEMO.prepare("DELETE FROM company_certificates").run();
    const cases: [string, () => Promise<{ status: number; body: unknown }>, string][] = [
      ["wrong password", () => json(id, "valid3des", "senha-errada"), M.wrongPassword],
      ["wrong password (AES)", () => json(id, "validAes", ""), M.wrongPassword],
      [
        "garbage",
        () =>
          sendJson(id, {
            Certificate: btoa("isto nao e um pfx ".repeat(40)),
            Password: "x",
          }),
        M.notPkcs12,
      ],
      ["a PEM", () => multipart(id, VALID_CERTIFICATE_PEM, { Password: PFX_PASSWORD }), M.pemNotPkcs12],
      ["no key", () => json(id, "noKey"), M.noPrivateKey],
      ["no certificate", () => json(id, "noCertificate"), M.noCertificate],
      ["key of another certificate", () => json(id, "mismatch"), M.keyMismatch],
      ["EC key", () => json(id, "ec"), M.notRsa],
      ["expired", () => json(id, "expired"), M.expired("2025-01-01T00:00:00Z")],
      ["not yet valid", () => json(id, "notYetValid"), M.notYetValid("2050-01-01T00:00:00Z")],
      ["other root", () => json(id, "otherRoot"), M.otherRoot(PFX_OTHER_ROOT_CNPJ, PFX_CNPJ)],
      ["no CNPJ", () => json(id, "noOtherName"), M.noCnpj],
      [
        "too large (multipart)",
        () => multipart(id, new Uint8Array(MAX_PKCS12_BYTES + 1), { Password: "x" }),
        M.tooLarge(MAX_PKCS12_BYTES),
      ],
      [
        "too large (JSON)",
        () => sendJson(id, { Certificate: "A".repeat(90_000), Password: "x" }),
        M.tooLarge(MAX_PKCS12_BYTES),
      ],
      ["not base64", () => sendJson(id, { Certificate: "não é base64!", Password: "x" }), M.base64Invalid],
      ["no file", () => multipart(id, null, { Password: PFX_PASSWORD }), M.fileRequired],
      ["no file (JSON)", () => sendJson(id, { Password: PFX_PASSWORD }), M.fileRequired],
      ["no password", () => sendJson(id, { Certificate: PFX.valid3des }), M.passwordRequired],
      [
        "bad binding name",
        () => json(id, "valid3des", PFX_PASSWORD, { MtlsCertificate: "não é nome" }),
        M.mtlsCertificateInvalid,
      ],
      ["text body", () => api(one, "POST", path(id), undefined, "texto"), M.fileRequired],
    ];
    for (const [note, send, message] of cases) expectRefusal(await send(), message, note);
    expect(await storedRows()).toEqual([]);
    expectRefusal(await json(await invoice(null), "valid3des"), M.noDocument);
    expectRefusal(await json(999_999, "valid3des"), COMPANY_INVOICE_NOT_FOUND);
    expectRefusal(await api(one, "GET", path(id)), M.notFound);
  });

  it("is the company's own: another company neither reads, replaces nor removes it", async () => {
    const id = await invoice();
    expect((await json(id, "valid3des")).status).toBe(200);
    expectRefusal(await api(two, "GET", path(id)), COMPANY_INVOICE_NOT_FOUND);
    expectRefusal(await api(two, "DELETE", path(id)), COMPANY_INVOICE_NOT_FOUND);
    expectRefusal(
      await sendJson(id, { Certificate: PFX.valid3des, Password: PFX_PASSWORD }, two),
      COMPANY_INVOICE_NOT_FOUND,
    );
    // its own invoicing company of the same Document sees no certificate of the first company
    const theirs = await invoice(PFX_CNPJ, two);
    expectRefusal(await api(two, "GET", path(theirs)), M.notFound);
    expect((await api(one, "GET", path(id))).status).toBe(200);
  });

  it("DELETE removes it, with its key", async () => {
    const id = await invoice();
    expect((await json(id, "valid3des")).status).toBe(200);
    expect((await api(one, "DELETE", path(id))).body).toBe("sucesso");
    expectRefusal(await api(one, "GET", path(id)), M.notFound);
    expect((await storedRows()).filter((r) => r.cnpj === PFX_CNPJ)).toEqual([]);
    expectRefusal(await api(one, "DELETE", path(id)), M.notFound);
  });
});

describe("certificateSigner", () => {
  it("signs with the stored key for the CNPJ or its root, and answers null without a certificate", async () => {
    const id = await invoice();
    expect((await json(id, "valid3des", PFX_PASSWORD, { MtlsCertificate: "SEFAZ_CERT" })).status).toBe(200);
    const db = drizzleFor(env.DB_DEMO);
    const companyId = 1;
    const signer = await certificateSigner(db, env, companyId, "11.222.333/0001-81");
    expect(signer).toMatchObject({
      notAfter: "2060-01-01T00:00:00Z",
      subject: expect.stringContaining("EMPRESA TESTE"),
      fetcher: null,
    });
    expect(signer!.certificatePem.replace(/\s/g, "")).toBe(VALID_CERTIFICATE_PEM.replace(/\s/g, ""));
    // the key signs and the certificate's public key verifies it
    const data = new TextEncoder().encode('<infEvento Id="ID1">x</infEvento>');
    const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", signer!.key, data);
    const publicKey = await crypto.subtle.importKey(
      "spki",
      publicKeyInfoOf(signer!.certificatePem)!,
      { name: "RSASSA-PKCS1-v1_5", hash: "SHA-1" },
      false,
      ["verify"],
    );
    expect(await crypto.subtle.verify("RSASSA-PKCS1-v1_5", publicKey, signature, data)).toBe(true);
    // another CNPJ of the same root (a branch without its own certificate) signs with it too
    const branchOnly = await certificateSigner(db, env, companyId, "11222333000343");
    expect(branchOnly?.certificatePem).toBe(signer!.certificatePem);
    expect(await certificateSigner(db, env, companyId, PFX_OTHER_ROOT_CNPJ)).toBeNull();
    // another company has none
    expect(await certificateSigner(db, env, 2, PFX_CNPJ)).toBeNull();
  });
});
