/**
 * The distribution service of an integration, or why there is none: its address (BaseUrl, or the
 * national environment's for the company's SefazAmbienteNF), how the request leaves the Worker (the
 * `mtls_certificates` binding's fetch presenting the A1 certificate, else the plain fetch: only
 * outside production, for the loopback double) and whether the certificate is still valid.
 */
import { DISTRIBUTION_PATH, DISTRIBUTION_URLS, SoapDistribution } from "../../adapters/sefaz/distribution";
import type { Fetcher, SefazDistribution } from "../../adapters/sefaz/distribution-types";
import type { SefazIntegrationRow } from "../../db/sefaz-integrations";
import type { Env } from "../../env";
import { SEFAZ_MESSAGES as M } from "./messages";
import type { SefazState } from "./state";

export type SefazConnection =
  | { ok: true; service: SefazDistribution }
  | { ok: false; state: SefazState; reason: string };

export type ConnectionOptions = {
  env: Env;
  production: boolean;
  environment: 1 | 2;
  timeoutMs: number;
  now: Date;
};

/**
 * What the connection needs of the CNPJ's certificate (its row of the certificate store): the
 * `mtls_certificates` binding's name and the end of its validity.
 */
export type ConnectionCertificate = { mtlsCertificate: string | null; certificateNotAfter: string | null };

/** The connection's view of a store row (none: no binding, no expiry). */
export const connectionCertificateOf = (
  row: { mtlsCertificate: string | null; notAfter: string | null } | null,
): ConnectionCertificate => ({
  mtlsCertificate: row?.mtlsCertificate ?? null,
  certificateNotAfter: row?.notAfter ?? null,
});

/** The certificate's expiry, when it is past. */
export function expiredOn(
  settings: Pick<ConnectionCertificate, "certificateNotAfter">,
  now: Date,
): string | null {
  const notAfter = settings.certificateNotAfter;
  return notAfter && Date.parse(notAfter) <= now.getTime() ? notAfter : null;
}

/** The Worker's `mtls_certificates` binding of that name (its fetch presents the certificate), if any. */
export function mtlsFetcherOf(env: Env, name: string): Fetcher | null {
  const binding = (env as unknown as Record<string, unknown>)[name];
  return typeof binding === "object" && binding !== null && "fetch" in binding ? (binding as Fetcher) : null;
}

/** `Ok`, or the state and reason that keep the integration from calling SEFAZ. */
export function connectionProblem(
  settings: ConnectionCertificate,
  options: Pick<ConnectionOptions, "env" | "production" | "now">,
): { state: SefazState; reason: string } | null {
  const expired = expiredOn(settings, options.now);
  if (expired) return { state: "CertificateExpired", reason: M.certificateExpired(expired) };
  if (settings.mtlsCertificate) {
    if (!mtlsFetcherOf(options.env, settings.mtlsCertificate))
      return { state: "NotConfigured", reason: M.noCertificateBinding(settings.mtlsCertificate) };
  } else if (options.production) {
    return { state: "NotConfigured", reason: M.productionNeedsCertificate };
  }
  return null;
}

export function sefazDistributionFor(
  settings: Pick<SefazIntegrationRow, "baseUrl">,
  certificate: ConnectionCertificate,
  options: ConnectionOptions,
): SefazConnection {
  const problem = connectionProblem(certificate, options);
  if (problem) return { ok: false, ...problem };
  const binding = certificate.mtlsCertificate
    ? mtlsFetcherOf(options.env, certificate.mtlsCertificate)
    : null;
  const fetcher: Fetcher = binding ?? { fetch: (input, init) => fetch(input, init) };
  return {
    ok: true,
    service: new SoapDistribution({
      url: settings.baseUrl
        ? `${settings.baseUrl.replace(/\/+$/, "")}${DISTRIBUTION_PATH}`
        : DISTRIBUTION_URLS[options.environment],
      fetcher,
      timeoutMs: options.timeoutMs,
      production: options.production,
    }),
  };
}
