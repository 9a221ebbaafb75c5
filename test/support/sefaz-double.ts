import { inject } from "vitest";
import { sefazEventDouble } from "./sefaz-event-double";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the loopback SEFAZ distribution double started by `sefaz-double.setup.mjs`. */
    sefazDoubleUrl: string;
  }
}

export type DoubleDocument = {
  nsu: number;
  schema: string;
  xml: string;
  notGzip?: boolean;
  duplicate?: boolean;
  /** Skipped by distNSU (a gap in its answer), answered by consNSU and consChNFe. */
  hidden?: boolean;
  /** A full NF-e held until an awareness/confirmation of its key is registered (then the next NSU). */
  release?: boolean;
  /** Answered only by consChNFe, its docZip without an NSU (NT 2014.002 v1.15). */
  withoutNsu?: boolean;
  /** The XML padded with spaces to this many bytes before gzip (a small docZip that inflates large). */
  padTo?: number;
};
export type SefazFault = "fault" | "500" | "garbage" | "slow" | "656" | "593" | "308" | "pass";

/** One distribution service of the double, named for a test: its address (BaseUrl) and its controls. */
export async function sefazDouble(
  name: string,
  docs: DoubleDocument[],
  pageSize = 50,
  eventBaseUrl: string | null = null,
) {
  const base = inject("sefazDoubleUrl");
  const control = `${base}/_control/${name}`;
  const call = async (path: string, method: string, body?: unknown) => {
    const response = await fetch(`${control}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`SEFAZ double control ${path}: ${response.status}`);
    return response;
  };
  await call("", "PUT", { docs, pageSize, eventBaseUrl });
  return {
    baseUrl: `${base}/sefaz/${name}`,
    reset: (next: DoubleDocument[]) => call("", "PUT", { docs: next, pageSize, eventBaseUrl }),
    faults: (faults: SefazFault[]) => call("/faults", "PUT", faults),
    requests: async (): Promise<{ headers: Record<string, string>; body: string }[]> =>
      (await call("/requests", "GET")).json(),
  };
}

/**
 * A distribution service and an event service of the doubles at ONE BaseUrl, as SEFAZ's host serves
 * both: the event requests go through the distribution double to the event double (which verifies
 * the signature), and a registered awareness releases the held full NF-e of its key. With the event
 * double's test certificate and key, for the integration's `Certificate` and `PrivateKey`.
 */
export async function sefazDoubles(
  name: string,
  docs: DoubleDocument[],
  options: { pageSize?: number; events?: Parameters<typeof sefazEventDouble>[1] } = {},
) {
  const events = await sefazEventDouble(name, options.events);
  const distribution = await sefazDouble(name, docs, options.pageSize ?? 50, events.baseUrl);
  return { ...distribution, events, certificatePem: events.certificatePem, keyPem: events.keyPem };
}
