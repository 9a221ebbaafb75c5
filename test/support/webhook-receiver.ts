import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the loopback webhook receiver started by `webhook-receiver.setup.mjs`. */
    webhookReceiverUrl: string;
  }
}

export type Received = {
  headers: Record<string, string>;
  body: string;
  verifiedWith: string[];
  action: Action;
  at: number;
};

type Action =
  | number
  | "timeout"
  | "close"
  | { redirect: number; to: string }
  | { status: number; bytes: number };

/** One path of the receiver, named for a test, with its script of answers. */
export function receiver(name: string) {
  const base = inject("webhookReceiverUrl");
  const control = `${base}/_control/${name}`;
  return {
    url: `${base}/hook/${name}`,
    async configure(settings: { secrets?: string[]; script?: Action[]; otherwise?: Action }) {
      const response = await fetch(control, { method: "PUT", body: JSON.stringify(settings) });
      if (response.status !== 204) throw new Error(`receiver control: ${response.status}`);
    },
    async received(): Promise<Received[]> {
      return (await fetch(control)).json();
    },
  };
}

/** Polls until `check` answers a value, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
