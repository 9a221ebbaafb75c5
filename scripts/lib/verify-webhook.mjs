// Verifies a webhook delivery of this API (the example code of docs/WEBHOOKS.md, used as is by
// the demo and the tests). `rawBody` is the request body exactly as received (a string), `header` the
// X-Signature header: `t=<unix seconds>,v1=<hex>[,v1=<hex>...]`, where each hex is
// HMAC-SHA256(secret, "<t>.<rawBody>"). Any matching v1 is enough (two during a secret rotation).
import { createHmac, timingSafeEqual } from "node:crypto";

export function verifyWebhook(
  secret,
  header,
  rawBody,
  toleranceSeconds = 300,
  nowSeconds = Date.now() / 1000,
) {
  const pairs = String(header ?? "")
    .split(",")
    .map((part) => part.trim().split("="));
  const timestamp = Number(pairs.find(([key]) => key === "t")?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest();
  return pairs
    .filter(([key]) => key === "v1")
    .some(([, hex]) => {
      const given = Buffer.from(hex ?? "", "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
