import { describe, expect, it } from "vitest";
import { signUpload, uploadSigningSecret, verifyUpload } from "../../../src/platform/upload-signature";
import { uploadSigner } from "../../../src/platform/upload-signer";

const target = {
  key: "demo/1/sku-template/0b6c1f1e-7a7a-4a53-9a43-3d1c9e0d2f11",
  contentType: "text/csv",
  sizeBytes: 2048,
  expires: 1_900_000_000,
  ttlSeconds: 900,
};
const fields = { key: target.key, expires: target.expires, sizeBytes: 2048, contentType: "text/csv" };
const r2 = {
  R2_ACCOUNT_ID: "abc123",
  R2_ACCESS_KEY_ID: "AKIDEXAMPLE",
  R2_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
  R2_BUCKET_NAME: "finance-uploads",
};

describe("upload signature", () => {
  it("verifies its own signature and nothing else", async () => {
    const signature = await signUpload("segredo", fields);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifyUpload("segredo", fields, signature)).toBe(true);
    expect(await verifyUpload("outro", fields, signature)).toBe(false);
    for (const changed of [
      { ...fields, key: `${fields.key}x` },
      { ...fields, expires: fields.expires + 1 },
      { ...fields, sizeBytes: 2049 },
      { ...fields, contentType: "text/plain" },
    ]) {
      expect(await verifyUpload("segredo", changed, signature)).toBe(false);
    }
    expect(await verifyUpload("segredo", fields, signature.toUpperCase())).toBe(false);
    expect(await verifyUpload("segredo", fields, "zz")).toBe(false);
  });

  it("refuses to work without the secret", () => {
    expect(() => uploadSigningSecret({})).toThrow("UPLOAD_SIGNING_SECRET is not configured");
    expect(() => uploadSigningSecret({ UPLOAD_SIGNING_SECRET: "" })).toThrow();
  });
});

describe("uploadSigner", () => {
  it("signs the Worker's own URL when R2 credentials are absent", async () => {
    const signer = uploadSigner({ UPLOAD_SIGNING_SECRET: "segredo" }, "https://demo.api.test/1.4");
    expect(signer.kind).toBe("worker");
    const signed = await signer.sign(target);
    const signature = await signUpload("segredo", fields);
    expect(signed).toEqual({
      url: `https://demo.api.test/1.4/upload/${target.key}?expires=${target.expires}&signature=${signature}`,
      headers: { "Content-Type": "text/csv", "Content-Length": "2048" },
    });
  });

  it("presigns an R2 S3 PUT when all R2 settings are present", async () => {
    const signer = uploadSigner(r2, "https://ignored");
    expect(signer.kind).toBe("r2");
    const signed = await signer.sign(target);
    const url = new URL(signed.url);
    expect(url.host).toBe("abc123.r2.cloudflarestorage.com");
    expect(url.pathname).toBe(`/finance-uploads/${target.key}`);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
    expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
    expect(url.searchParams.get("X-Amz-Credential")).toMatch(/^AKIDEXAMPLE\/\d{8}\/auto\/s3\/aws4_request$/);
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.headers).toEqual({ "Content-Type": "text/csv", "Content-Length": "2048" });
  });

  it("treats a partial R2 configuration and a missing secret as faults", () => {
    expect(() => uploadSigner({ R2_ACCOUNT_ID: "abc", UPLOAD_SIGNING_SECRET: "s" }, "x")).toThrow(
      /incomplete/,
    );
    expect(() => uploadSigner({}, "x")).toThrow("UPLOAD_SIGNING_SECRET is not configured");
  });
});
