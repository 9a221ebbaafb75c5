import { describe, expect, it } from "vitest";
import { PIX_MESSAGES } from "../../../src/domain/pix/messages";
import { PIX_SETTINGS_MESSAGES as M } from "../../../src/domain/pix/settings-messages";
import {
  baseUrlRefusal,
  isBindingName,
  newTxid,
  newWebhookSecret,
  normalisePixKey,
  pixKeyType,
  stateOfFailure,
  webhookSecretHash,
} from "../../../src/domain/pix/settings-rules";

describe("Pix keys as DICT accepts them", () => {
  it.each([
    ["52998224725", "CPF"],
    ["11222333000181", "CNPJ"],
    ["12ABC34501DE35", "CNPJ"],
    ["+5511987654321", "PHONE"],
    ["+551132654321", "PHONE"],
    ["+5510998765432", "PHONE"],
    ["pix@bcb.gov.br", "EMAIL"],
    ["a.b+c@sub.empresa.com.br", "EMAIL"],
    ["123e4567-e89b-12d3-a456-426655440000", "EVP"],
  ])("%s is a %s key", (key, type) => {
    expect(pixKeyType(key)).toBe(type);
  });

  it.each([
    ["", "empty"],
    ["52998224724", "CPF with a wrong check digit"],
    ["11111111111", "CPF of one repeated digit"],
    ["11222333000180", "CNPJ with a wrong check digit"],
    ["12ABC34501DE36", "alphanumeric CNPJ with a wrong check digit"],
    ["12abc34501de35", "alphanumeric CNPJ in lower case (normalisePixKey upper-cases it first)"],
    ["529.982.247-25", "punctuated CPF"],
    ["11987654321", "phone without +55"],
    ["+1415555263", "phone of another country"],
    ["+55119876543210", "phone too long"],
    ["+5501987654321", "area code starting with 0"],
    ["Pix@bcb.gov.br", "e-mail with capitals"],
    ["pix@", "e-mail without domain"],
    ["pix@-bcb.gov.br", "domain label starting with -"],
    ["123E4567-E89B-12D3-A456-426655440000", "EVP in capitals"],
    ["123e4567e89b12d3a456426655440000", "EVP without hyphens"],
    [`${"a".repeat(68)}@bcb.gov.br`, "longer than 77"],
  ])("%s is refused (%s)", (key) => {
    expect(pixKeyType(key)).toBeNull();
  });
});

describe("normalisePixKey", () => {
  it.each([
    ["12.abc.345/01de-35", "12ABC34501DE35"],
    ["12ABC34501DE35", "12ABC34501DE35"],
    ["11.222.333/0001-81", "11222333000181"],
    // anything that does not become a valid CNPJ is kept as sent (and judged by pixKeyType)
    ["12.ABC.345/01DE-36", "12.ABC.345/01DE-36"],
    ["529.982.247-25", "529.982.247-25"],
    ["pix@bcb.gov.br", "pix@bcb.gov.br"],
    ["123e4567-e89b-12d3-a456-426655440000", "123e4567-e89b-12d3-a456-426655440000"],
    ["+5511987654321", "+5511987654321"],
  ])("%s -> %s", (key, stored) => {
    expect(normalisePixKey(key)).toBe(stored);
  });
});

describe("the PSP's address", () => {
  it("follows the webhook SSRF rule with the settings' own messages", () => {
    expect(baseUrlRefusal("https://pix.api.efipay.com.br", true)).toBeNull();
    expect(baseUrlRefusal("http://127.0.0.1:8080/psp", false)).toBeNull();
    expect(baseUrlRefusal("http://127.0.0.1:8080/psp", true)).toBe(M.baseUrlNotHttps);
    expect(baseUrlRefusal("https://127.0.0.1/psp", true)).toBe(M.baseUrlPrivate);
    expect(baseUrlRefusal("https://192.168.0.10/psp", false)).toBe(M.baseUrlPrivate);
    expect(baseUrlRefusal("pix.psp.example", false)).toBe(M.baseUrlInvalid);
  });
});

describe("secrets, txids and states", () => {
  it("a webhook secret is 32 random bytes in base64url; its hash is the SHA-256 hex of its text", async () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    // SHA-256 of "abc" (FIPS 180-2 example)
    expect(await webhookSecretHash("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("a txid is 32 letters and digits, different every time", () => {
    const txids = new Set(Array.from({ length: 200 }, newTxid));
    expect(txids.size).toBe(200);
    for (const txid of txids) expect(txid).toMatch(/^[a-zA-Z0-9]{32}$/);
  });

  it("binding names are identifiers", () => {
    expect(isBindingName("PIX_CERT_ACME")).toBe(true);
    expect(isBindingName("pix-cert")).toBe(false);
    expect(isBindingName("1CERT")).toBe(false);
  });

  it("each failure leaves its state; a 429 says when to come back", () => {
    expect(
      stateOfFailure({ kind: "rate_limited", retryAfterSeconds: 30 }, PIX_MESSAGES.rateLimited(30)),
    ).toEqual({
      state: "RateLimited",
      reason: PIX_MESSAGES.rateLimited(30),
      retryAfterSeconds: 30,
    });
    expect(stateOfFailure({ kind: "credentials_refused", status: 401 }, "x").state).toBe(
      "CredentialsRefused",
    );
    expect(stateOfFailure({ kind: "timeout", timeoutMs: 10 }, "x")).toEqual({
      state: "Timeout",
      reason: "x",
      retryAfterSeconds: null,
    });
  });
});
