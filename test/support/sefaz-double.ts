import { inject } from "vitest";

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
};
export type SefazFault = "fault" | "500" | "garbage" | "slow" | "656" | "pass";

/** One distribution service of the double, named for a test: its address (BaseUrl) and its controls. */
export async function sefazDouble(name: string, docs: DoubleDocument[], pageSize = 50) {
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
  await call("", "PUT", { docs, pageSize });
  return {
    baseUrl: `${base}/sefaz/${name}`,
    reset: (next: DoubleDocument[]) => call("", "PUT", { docs: next, pageSize }),
    faults: (faults: SefazFault[]) => call("/faults", "PUT", faults),
    requests: async (): Promise<{ headers: Record<string, string>; body: string }[]> =>
      (await call("/requests", "GET")).json(),
  };
}
