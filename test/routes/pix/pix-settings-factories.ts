import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect, vi } from "vitest";
import { pixCharges, pixIntegrations } from "../../../drizzle/schema";
import type { Env } from "../../../src/env";
import worker from "../../../src/index";
import type { ApiResponse } from "../../support/api";
import { demoDb, insertBankAccount } from "../../support/registry-factories";

/** What the tests of the Pix settings and charges share: the rows, the PSP's credentials, the logs. */

export const CLIENT_ID = "pix-client-Zq4Wm8Lr2";
export const CLIENT_SECRET = "pix-secret-Hv7Tn3Ks9Pd5";
export const EVP_KEY = "7d9f0335-8dcc-4054-9bf9-0dbd61d36906";

export const pixRow = (integrationId: number) =>
  demoDb()
    .select()
    .from(pixIntegrations)
    .where(eq(pixIntegrations.companyIntegrationId, integrationId))
    .get();

export const chargeRows = (titleId: number) =>
  demoDb().select().from(pixCharges).where(eq(pixCharges.titleId, titleId));

export const newBankAccount = async (companyId = 1) => (await insertBankAccount(companyId)).id;

/** The SHA-256 (hex) of a webhook secret, computed here, not by the code under test. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The secret at the end of a WebhookUrl `http://demo.localhost/pix/webhook/<secret>`. */
export function secretOf(webhookUrl: unknown): string {
  const match = /^http:\/\/demo\.localhost\/pix\/webhook\/([A-Za-z0-9_-]{43})$/.exec(String(webhookUrl));
  if (!match) throw new Error(`not a webhook URL: ${String(webhookUrl)}`);
  return match[1]!;
}

/**
 * The Worker called with other bindings (production mode, no credentials key): the request goes
 * through `fetch` exactly as a client's, only the environment differs.
 */
export async function callWithEnv(
  overrides: Partial<Env>,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse> {
  const request = new Request(`http://demo.localhost/1.0${path}`, {
    method,
    headers: { Authorization: `JWT ${token}`, "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...(env as unknown as Env), ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

/** Every console line written while `run` runs. */
export async function capturingLogs<T>(run: () => Promise<T>): Promise<{ result: T; lines: string[] }> {
  const lines: string[] = [];
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    }),
  );
  try {
    return { result: await run(), lines };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** Neither the answer nor any log line holds one of the secrets. */
export function expectNoSecrets(texts: string[], secrets: string[]) {
  for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
}
