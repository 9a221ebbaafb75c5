import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the loopback PSP double started by `pix-psp-double.setup.mjs`. */
    pixPspDoubleUrl: string;
  }
}

export type PspFault = {
  on?: "token" | "api";
  mode:
    | "expire-token"
    | "429"
    | "500"
    | "503"
    | "garbage"
    | "wrong-shape"
    | "stall"
    | "leaky-problem"
    | "wrong-page"
    | "401"
    | "pass"
    | "redirect"
    | "huge";
  retryAfter?: string;
};

export type PspRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
};

/** One PSP of the double, named for a test: its API address and its controls. */
export async function pspDouble(
  name: string,
  settings: { clientId: string; clientSecret: string; tokenTtlSeconds?: number },
) {
  const base = inject("pixPspDoubleUrl");
  const control = `${base}/_control/${name}`;
  const call = async (path: string, method: string, body?: unknown) => {
    const response = await fetch(`${control}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`PSP double control ${path}: ${response.status}`);
    return response;
  };
  await call("", "PUT", settings);
  return {
    baseUrl: `${base}/psp/${name}`,
    seedPix: (pix: unknown[]) => call("/pix", "POST", pix),
    faults: (faults: PspFault[]) => call("/faults", "PUT", faults),
    /** The charge is paid at the PSP: the Pix received, as the API writes it. */
    pay: async (txid: string, pagador?: unknown): Promise<{ endToEndId: string; horario: string }> =>
      (await call(`/pay/${txid}`, "POST", { pagador })).json(),
    requests: async (): Promise<PspRequest[]> => (await call("/requests", "GET")).json(),
    /** What the PSP `<name>-moved` (where the "redirect" fault points) received. */
    movedRequests: async (): Promise<PspRequest[]> =>
      (await fetch(`${base}/_control/${name}-moved/requests`)).json(),
    /** Token requests received, tokens issued, API calls refused for an expired or unknown token. */
    tokens: async (): Promise<{ requested: number; issued: number; refused: number }> =>
      (await call("/tokens", "GET")).json(),
  };
}
