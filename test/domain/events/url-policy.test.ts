import { describe, expect, it } from "vitest";
import { retryDelaySeconds } from "../../../src/domain/events/config";
import { classifyAnswer } from "../../../src/domain/events/delivery";
import { signatureHeader } from "../../../src/domain/events/signature";
import { webhookUrlRefusal } from "../../../src/domain/events/url-policy";

const PRIVATE = "URL do webhook aponta para um endereço privado ou local";
const HTTPS = "URL do webhook deve usar https";

describe("webhook URL policy (SSRF)", () => {
  it.each([
    ["https://erp.example.com/hook", null, null],
    ["https://203.0.114.7/hook", null, null],
    ["https://[2606:4700::1111]/x", null, null],
    ["http://erp.example.com/hook", HTTPS, null],
    ["http://127.0.0.1:9999/hook", HTTPS, null],
    ["https://127.0.0.1/hook", PRIVATE, null],
    ["https://localhost/hook", PRIVATE, null],
    ["https://api.localhost/hook", PRIVATE, null],
    ["https://[::1]/hook", PRIVATE, null],
    ["https://10.1.2.3/", PRIVATE, PRIVATE],
    ["https://172.16.0.1/", PRIVATE, PRIVATE],
    ["https://172.31.255.255/", PRIVATE, PRIVATE],
    ["https://192.168.0.10/", PRIVATE, PRIVATE],
    ["https://169.254.169.254/latest/meta-data", PRIVATE, PRIVATE],
    ["https://100.64.0.1/", PRIVATE, PRIVATE],
    ["https://0.0.0.0/", PRIVATE, PRIVATE],
    ["https://0x7f000001/", PRIVATE, null],
    ["https://2130706433/", PRIVATE, null],
    ["https://[fd12:3456::1]/", PRIVATE, PRIVATE],
    ["https://[fe80::1]/", PRIVATE, PRIVATE],
    ["https://[::ffff:10.0.0.1]/", PRIVATE, PRIVATE],
    // IPv6 literals embedding an IPv4 address are judged as that address, in both modes.
    ["https://[::127.0.0.1]/", PRIVATE, null],
    ["http://[::127.0.0.1]:9999/", HTTPS, null],
    ["https://[::7f00:1]/", PRIVATE, null],
    ["https://[::ffff:127.0.0.1]/", PRIVATE, null],
    ["https://[::ffff:0:127.0.0.1]/", PRIVATE, null],
    ["https://[64:ff9b::127.0.0.1]/", PRIVATE, null],
    ["https://[2002:7f00:1::]/", PRIVATE, null],
    ["https://[::a9fe:a9fe]/", PRIVATE, PRIVATE],
    ["https://[::169.254.169.254]/", PRIVATE, PRIVATE],
    ["https://[::ffff:a9fe:a9fe]/", PRIVATE, PRIVATE],
    ["https://[0:0:0:0:0:ffff:169.254.169.254]/", PRIVATE, PRIVATE],
    ["https://[::ffff:0:a9fe:a9fe]/", PRIVATE, PRIVATE],
    ["https://[64:ff9b::a9fe:a9fe]/", PRIVATE, PRIVATE],
    ["https://[64:ff9b::10.0.0.1]/", PRIVATE, PRIVATE],
    ["https://[2002:a9fe:a9fe::1]/", PRIVATE, PRIVATE],
    ["https://[2002:c0a8:1::]/", PRIVATE, PRIVATE],
    ["https://[2606:4700::5efe:a9fe:a9fe]/", PRIVATE, PRIVATE],
    ["https://[2606:4700::200:5efe:127.0.0.1]/", PRIVATE, null],
    ["https://[::]/", PRIVATE, PRIVATE],
    ["https://[::0.0.0.0]/", PRIVATE, PRIVATE],
    ["https://[::a00:1]/", PRIVATE, PRIVATE],
    ["https://[::ffff:8.8.8.8]/", null, null],
    ["https://[64:ff9b::808:808]/", null, null],
    ["https://[2002:808:808::1]/", null, null],
    // Ranges with no route on the internet: discard, local NAT64, Teredo, documentation, reserved.
    ["https://[100::1]/", PRIVATE, PRIVATE],
    ["https://[100::a9fe:a9fe]/", PRIVATE, PRIVATE],
    ["https://[64:ff9b:1::a00:1]/", PRIVATE, PRIVATE],
    ["https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", PRIVATE, PRIVATE],
    ["https://[2001:db8::1]/", PRIVATE, PRIVATE],
    ["https://[3fff::1]/", PRIVATE, PRIVATE],
    ["https://[fec0::1]/", PRIVATE, PRIVATE],
    ["https://[ff02::1]/", PRIVATE, PRIVATE],
    ["https://[1::1]/", PRIVATE, PRIVATE],
    ["https://intranet/", PRIVATE, PRIVATE],
    ["https://printer.local/", PRIVATE, PRIVATE],
    ["https://db.internal/", PRIVATE, PRIVATE],
    ["https://user:pw@erp.example.com/", "URL do webhook inválida", "URL do webhook inválida"],
    ["ftp://erp.example.com/", HTTPS, HTTPS],
  ])("%s: production %s, development %s", (url, production, development) => {
    expect(webhookUrlRefusal(url, true)).toBe(production);
    expect(webhookUrlRefusal(url, false)).toBe(development);
  });
});

describe("delivery rules", () => {
  const config = { production: true, retryBaseSeconds: 30, maxAttempts: 3, timeoutMs: 1000 };

  it("backs off exponentially up to 6 hours", () => {
    expect([1, 2, 3, 4, 20].map((n) => retryDelaySeconds(30, n))).toEqual([30, 60, 120, 240, 21_600]);
  });

  it("2xx ends, 410 disables, anything else retries until the dead end", () => {
    expect(classifyAnswer(204, 1, config)).toMatchObject({
      deliveryStatus: "Delivered",
      retryInSeconds: null,
    });
    expect(classifyAnswer(410, 1, config)).toMatchObject({
      attemptStatus: "Disabled",
      deliveryStatus: "Failed",
    });
    expect(classifyAnswer(500, 1, config)).toMatchObject({ attemptStatus: "Retry", retryInSeconds: 30 });
    expect(classifyAnswer(null, 2, config)).toMatchObject({ attemptStatus: "Retry", retryInSeconds: 60 });
    expect(classifyAnswer(301, 3, config)).toMatchObject({
      attemptStatus: "Failed",
      deliveryStatus: "Failed",
    });
  });

  it("signs `<t>.<body>` with each secret, as the documented HMAC-SHA256 in hex", async () => {
    const header = await signatureHeader(["s1", "s2"], 1700000000, '{"a":1}');
    // HMAC-SHA256("s1", '1700000000.{"a":1}'), computed apart from the code under test
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode("s1"),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const mac = new Uint8Array(
      await crypto.subtle.sign("HMAC", key, new TextEncoder().encode('1700000000.{"a":1}')),
    );
    const hex = [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(header.startsWith(`t=1700000000,v1=${hex},v1=`)).toBe(true);
    expect(header.split(",")).toHaveLength(3);
  });
});
