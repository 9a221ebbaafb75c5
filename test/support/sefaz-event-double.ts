import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The loopback SEFAZ event service of `sefaz-event-double.setup.mjs` and its test credentials. */
    sefazEventDouble: { url: string; certificatePem: string; keyPem: string };
  }
}

export type EventServiceFault = "fault" | "500" | "garbage" | "slow" | "308" | "lost" | "pass";

/** One event service of the double, named for a test: its base URL, the test credentials, controls. */
export async function sefazEventDouble(
  name: string,
  settings: { tpAmb?: "1" | "2"; unlinkedKeys?: string[] } = {},
) {
  const { url, certificatePem, keyPem } = inject("sefazEventDouble");
  const control = `${url}/_control/${name}`;
  const call = async (path: string, method: string, body?: unknown) => {
    const response = await fetch(`${control}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`SEFAZ event double control ${path}: ${response.status}`);
    return response;
  };
  await call("", "PUT", settings);
  return {
    baseUrl: `${url}/ev/${name}`,
    certificatePem,
    keyPem,
    faults: (faults: EventServiceFault[]) => call("/faults", "PUT", faults),
    requests: async (): Promise<{ headers: Record<string, string>; body: string }[]> =>
      (await call("/requests", "GET")).json(),
  };
}
