import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The loopback SEFAZ authorizer of `sefaz-authorizer-double.setup.mjs` and its test credentials. */
    sefazAuthorizerDouble: { url: string; certificatePem: string; keyPem: string };
  }
}

/**
 * One scripted answer (see the header of sefaz-authorizer-double-server.mjs): a transport fault, or a
 * cStat (code string or `{ cStat, xMotivo }`) answered at the level SEFAZ answers it.
 */
export type AuthorizerStep =
  | "stall"
  | "stop"
  | "lost"
  | "garbage"
  | "fault"
  | "500"
  | "503"
  | "401"
  | "redirect"
  | "large"
  | `${number}`
  | { cStat: number; xMotivo?: string };

/** An outage of every service under a label: closed, stalled, 108/109, or back again (null). */
export type AuthorizerOutage = "stop" | "stall" | "108" | "109" | null;

export type AuthorizerRequest = {
  label: string;
  cnpj: string | null;
  service: string | null;
  action: string | null;
  /** The path after the label: the authorizer's service path. */
  path: string;
  contentType: string;
  body: string;
};

/** The test certificate's CNPJ root (its subject ends in `:11222333000181`): issuers must share it. */
export const DOUBLE_CNPJ_ROOT = "11222333";

async function control(path: string, method: string, body?: unknown): Promise<Response> {
  const { url } = inject("sefazAuthorizerDouble");
  const response = await fetch(`${url}/_control/${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`SEFAZ authorizer double control ${path}: ${response.status}`);
  return response;
}

const requestsOf = async (id: string): Promise<AuthorizerRequest[]> =>
  (await control(`requests?id=${encodeURIComponent(id)}`, "GET")).json();

/**
 * An issuer (CNPJ) at the double, fresh: nothing remembered, `script` answered first. Its notes,
 * events and voids reach the double under `baseUrl` (label `label`).
 */
export async function sefazAuthorizerDouble(
  cnpj: string,
  settings: { script?: AuthorizerStep[]; tpAmb?: "1" | "2"; schema?: boolean; label?: string } = {},
) {
  const { url, certificatePem, keyPem } = inject("sefazAuthorizerDouble");
  const { label = "sefaz", ...issuer } = settings;
  await control(cnpj, "PUT", issuer);
  return {
    baseUrl: `${url}/${label}`,
    certificatePem,
    keyPem,
    /** Replaces what is left of the issuer's script. */
    script: (script: AuthorizerStep[]) => control(cnpj, "PUT", { ...issuer, script, keepMemory: true }),
    /** What the double received for this issuer, in order. */
    requests: () => requestsOf(cnpj),
  };
}

/** An authorizer label (a status service, an outage): fresh, with its status script. */
export async function sefazAuthorizerLabel(label: string, settings: { script?: AuthorizerStep[] } = {}) {
  const { url } = inject("sefazAuthorizerDouble");
  await control(label, "PUT", { script: settings.script ?? [], outage: null });
  return {
    baseUrl: `${url}/${label}`,
    outage: (outage: AuthorizerOutage) => control(label, "PUT", { outage }),
    script: (script: AuthorizerStep[]) => control(label, "PUT", { script }),
    requests: () => requestsOf(label),
  };
}
