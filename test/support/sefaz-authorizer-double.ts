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
  | { cStat: number; xMotivo?: string; untilNext?: boolean };

/** An outage of every service under a label: closed, stalled, 108/109, or back again (null). */
export type AuthorizerOutage = "stop" | "stall" | "108" | "109" | null;

/** An issuer's outage of one of its authorizers (its UF's normal one, or its SVC): also garbage (200, not XML). */
export type IssuerOutage = AuthorizerOutage | "garbage";

export type AuthorizerRequest = {
  label: string;
  cnpj: string | null;
  service: string | null;
  action: string | null;
  /** The path after the label: the authorizer's service path. */
  path: string;
  /** Which of the UF's authorizers the path reached: `normal` or `svc` (SVC-AN/SVC-RS). */
  authorizer?: "normal" | "svc";
  contentType: string;
  body: string;
  /** The issuer's requests open at the double when this one arrived, itself included. */
  open?: number;
};

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
 * An issuer (CNPJ) at the double, fresh (its CNPJ root must be the signing certificate's: the test
 * certificate's is 11222333, see `cnpjOfBranch` in authorization-samples.ts): nothing remembered, `script` answered first. Its notes,
 * events and voids reach the double under `baseUrl` (label `label`).
 */
export async function sefazAuthorizerDouble(
  cnpj: string,
  settings: {
    script?: AuthorizerStep[];
    statusScript?: AuthorizerStep[];
    tpAmb?: "1" | "2";
    schema?: boolean;
    label?: string;
  } = {},
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
    /** Replaces the steps of the status service called under the label `<cnpj>` (`label: cnpj`). */
    statusScript: (statusScript: AuthorizerStep[]) =>
      control(cnpj, "PUT", { tpAmb: issuer.tpAmb, schema: issuer.schema, statusScript, keepMemory: true }),
    /**
     * An outage of the issuer's normal authorizer or of its SVC (stop, stall, 108/109, garbage; null:
     * back again), for its calls and the status service under the label `<cnpj>`; the rest is kept.
     */
    outage: (authorizer: "normal" | "svc", outage: IssuerOutage) =>
      control(cnpj, "PUT", {
        tpAmb: issuer.tpAmb,
        schema: issuer.schema,
        outages: { [authorizer]: outage },
        keepMemory: true,
      }),
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
