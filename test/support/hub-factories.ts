import type { client } from "./api";
import { unique } from "./registry-factories";

type Api = ReturnType<typeof client>;

/** Credentials the sandbox channel accepts (a secret of at least 8 characters). */
export const sandboxCredentials = (secret = `segredo-${Math.random().toString(36).slice(2, 10)}`) => ({
  ClientId: unique("loja").replace(/\s/g, "-"),
  ClientSecret: secret,
});

/** A sandbox marketplace integration (kind 1), authenticated unless `Credentials: undefined` is given. */
export async function newChannelIntegration(api: Api, body: Record<string, unknown> = {}) {
  const response = await api.post("/hub/integration", {
    Description: unique("Canal"),
    IDTypeCompanyIntegration: 1,
    Credentials: sandboxCredentials(),
    ...body,
  });
  if (response.status !== 200) throw new Error(`integration not created: ${JSON.stringify(response.body)}`);
  return response.body[0] as { IDCompanyIntegration: number; AuthenticationStatus: string };
}

export type PullJob = {
  IDJob: number;
  Status: string;
  Result: { pulled: number; created: number; duplicates: number; unmapped: number } | null;
  FailureReason: string | null;
};

/** `POST /hub/integration/{id}/pull`, then polls `GET /job/{id}` until the real queue consumer ends it. */
export async function pullNow(
  api: Api,
  integrationId: number,
  body: Record<string, unknown> = {},
): Promise<PullJob> {
  const response = await api.post(`/hub/integration/${integrationId}/pull`, body);
  if (response.status !== 200) throw new Error(`pull refused: ${JSON.stringify(response.body)}`);
  const started = Date.now();
  for (;;) {
    const job = await api.get<PullJob>(`/job/${response.body.IDJob}`);
    if (job.body.Status === "Done" || job.body.Status === "Failed") return job.body;
    if (Date.now() - started > 25_000) throw new Error(`pull job still ${job.body.Status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Two SKUs of company 1 and a marketplace integration whose sandbox orders use their codes and one unknown code. */
export async function integrationWithOrders(
  api: Api,
  newSku: (api: Api, body: Record<string, unknown>) => Promise<{ IDSku: number; Code: string }>,
  orders = 24,
) {
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const shirt = await newSku(api, { Code: `HUB-${tag}-CAMISETA`, Price: 59.9 });
  const cap = await newSku(api, { Code: `HUB-${tag}-BONE`, Price: 39.9 });
  const unknown = `HUB-${tag}-SEM-CADASTRO`;
  const integration = await newChannelIntegration(api, {
    Sandbox: { Orders: orders, SkuCodes: [shirt.Code, cap.Code, unknown] },
  });
  return { integrationId: integration.IDCompanyIntegration, shirt, cap, unknown };
}
