import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hubAttachments, hubIntegrations } from "../../../drizzle/schema";
import { app } from "../../../src/app";
import type { Answer } from "../../support/answers";
import { type ApiResponse, call, signIn } from "../../support/api";
import { newChannelIntegration, pullNow } from "../../support/hub-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;
let token: string;
let marketplace: number;

/** Hub order id by channel order number, per integration. */
const orderIds = new Map<string, number>();
const claimIds = new Map<string, number>();

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function pulled(body: Record<string, unknown>, label: string) {
  const integration = await newChannelIntegration(api, body);
  expect(await pullNow(api, integration.IDCompanyIntegration)).toMatchObject({ Status: "Done" });
  const orders = (await api.get(`/orders/hub?IDCompanyIntegration=${integration.IDCompanyIntegration}`)).body;
  for (const order of orders) {
    orderIds.set(`${label}:${order.Order}`, order.IDIntegration);
    const detail = (await api.get(`/hub/order/${order.IDIntegration}`)).body;
    for (const claim of detail.Claims)
      claimIds.set(`${label}:${claim.ChannelClaimId}`, claim.IDHubOrderClaim);
  }
  return integration.IDCompanyIntegration;
}

type FileToSend = { name: string; bytes: Uint8Array; type?: string };
type Attachment = Answer<"$post", "/hub/order/:idintegration/action/file">;

/** A multipart POST with the given file in `file` (or no file at all). */
function sendFile(path: string, file?: FileToSend): Promise<ApiResponse<Attachment>>;
function sendFile(path: string, file: FileToSend, fetcher: typeof app.fetch): Promise<Response>;
function sendFile(path: string, file?: FileToSend, fetcher?: typeof app.fetch) {
  const form = new FormData();
  form.append("note", "anexo do pedido");
  if (file) form.append("file", new File([file.bytes], file.name, { type: file.type ?? "application/pdf" }));
  if (fetcher) {
    const request = new Request(`http://demo.localhost/1.0${path}`, {
      method: "POST",
      headers: { Authorization: `JWT ${token}` },
      body: form,
    });
    return fetcher(request, env);
  }
  return call<Attachment>("demo", "POST", `/1.0${path}`, {
    token,
    rawBody: form,
  });
}

const orderPath = (label: string, order: string) =>
  `/hub/order/${orderIds.get(`${label}:${order}`)}/action/file`;
const claimPath = (label: string, claim: string) =>
  `/hub/order/claim/${claimIds.get(`${label}:${claim}`)}/action/file`;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
  token = await signIn("demo", "admin@demo.local");
  marketplace = await pulled({ Sandbox: { Orders: 24 } }, "mk");
  await pulled({ IDTypeCompanyIntegration: 2, Sandbox: { Orders: 6 } }, "web");
});

describe("GET /hub/order/claim/{idhuborderclaim}", () => {
  it.each([
    ["CL-6", 1, "entrusted"],
    ["CL-12", 2, "personal_delivery"],
    ["CL-18", 3, "email"],
    ["CL-24", 0, "mail"],
  ])("%s: ClaimAffectsReputation %i from the channel, ShippingMethod %s", async (claim, impact, method) => {
    const response = await api.get(`/hub/order/claim/${claimIds.get(`mk:${claim}`)}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      ChannelClaimId: claim,
      Order: claim.replace("CL", "SBX"),
      IDCompanyIntegration: marketplace,
      ClaimAffectsReputation: impact,
      ShippingMethod: method,
      ClaimLookupFailure: null,
    });
  });

  it("a failed lookup at the channel answers ClaimAffectsReputation null and why", async () => {
    await api.put(`/hub/integration/${marketplace}`, { Sandbox: { Mode: "timeout" } });
    try {
      const response = await api.get(`/hub/order/claim/${claimIds.get("mk:CL-6")}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        ClaimAffectsReputation: null,
        ClaimLookupFailure: "O canal não respondeu a tempo; tente novamente mais tarde",
        ChannelClaimId: "CL-6",
      });
    } finally {
      await api.put(`/hub/integration/${marketplace}`, { Sandbox: { Mode: "normal" } });
    }
  });

  it("another company's claim does not exist", async () => {
    const response = await other.get(`/hub/order/claim/${claimIds.get("mk:CL-6")}`);
    expectRefusal(response, "Reclamação do pedido não encontrada");
  });
});

describe("attachments accepted by the channel", () => {
  it("a PDF on an order and one on a claim are stored in R2 and listed on the claim", async () => {
    const onOrder = await sendFile(orderPath("mk", "SBX-3"), { name: "nota fiscal.pdf", bytes: PDF });
    expect(onOrder.status).toBe(200);
    expect(onOrder.body).toMatchObject({
      IDIntegration: orderIds.get("mk:SBX-3"),
      IDHubOrderClaim: null,
      FileName: "nota fiscal.pdf",
      ContentType: "application/pdf",
      SizeBytes: PDF.byteLength,
      ChannelAttachmentId: expect.stringMatching(/^ATT-SBX-3-/),
    });
    const row = await demoDb()
      .select()
      .from(hubAttachments)
      .where(eq(hubAttachments.id, onOrder.body.IDHubAttachment))
      .get();
    const stored = await env.UPLOADS.get(row!.fileKey);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(PDF);

    const onClaim = await sendFile(claimPath("mk", "CL-12"), {
      name: "foto.png",
      bytes: PDF,
      type: "image/png",
    });
    expect(onClaim.status).toBe(200);
    expect(onClaim.body.ChannelAttachmentId).toMatch(/^ATT-CL-12-/);
    const claim = await api.get(`/hub/order/claim/${claimIds.get("mk:CL-12")}`);
    expect(claim.body.Attachments.map((a: { IDHubAttachment: number }) => a.IDHubAttachment)).toEqual([
      onClaim.body.IDHubAttachment,
    ]);
  });
});

describe.each([
  ["order", () => orderPath("mk", "SBX-6")],
  ["claim", () => claimPath("mk", "CL-6")],
])("the seven failures of POST .../action/file on a %s, each a 400 with its own message", (_, path) => {
  const attachmentRows = async () => (await demoDb().select().from(hubAttachments)).length;
  const objects = async () =>
    (await env.UPLOADS.list({ prefix: `demo/1/hub/${orderIds.get("mk:SBX-6")}/` })).objects.length;

  const refused = async (
    response: { status: number; body: unknown },
    message: string,
    before: [number, number],
  ) => {
    expectRefusal(response, message);
    expect([await attachmentRows(), await objects()]).toEqual(before);
  };
  const state = async (): Promise<[number, number]> => [await attachmentRows(), await objects()];

  it("1. file not sent (multipart without `file`, or no multipart at all)", async () => {
    const before = await state();
    const message = "Arquivo não enviado: envie o arquivo no campo `file` (multipart/form-data)";
    await refused(await sendFile(path()), message, before);
    await refused(
      await call("demo", "POST", `/1.0${path()}`, { token, body: { file: "x" } }),
      message,
      before,
    );
  });

  it("2. invalid file (empty, or a name without extension)", async () => {
    const before = await state();
    const message = "Arquivo inválido: o arquivo está vazio ou não tem nome com extensão";
    await refused(await sendFile(path(), { name: "vazio.pdf", bytes: new Uint8Array() }), message, before);
    await refused(await sendFile(path(), { name: "documento", bytes: PDF }), message, before);
  });

  it("3. save failure (storage refuses the file): nothing is sent to the channel", async () => {
    const before = await state();
    const failingBucket = Object.assign(Object.create(env.UPLOADS), {
      put: () => Promise.reject(new Error("R2 indisponível")),
    });
    const fetcher: typeof app.fetch = (request, environment) =>
      app.fetch(request, { ...(environment as object), UPLOADS: failingBucket });
    const response = await sendFile(path(), { name: "nota.pdf", bytes: PDF }, fetcher);
    await refused(
      { status: response.status, body: await (response as Response).json() },
      "Falha ao salvar o arquivo; nada foi enviado ao canal",
      before,
    );
  });

  it("4. channel refusal by extension or by size; the stored copy is removed", async () => {
    const before = await state();
    await refused(
      await sendFile(path(), { name: "programa.exe", bytes: PDF, type: "application/octet-stream" }),
      "O canal recusou o arquivo: extensão .exe não aceita (aceitas: pdf, jpg, jpeg, png)",
      before,
    );
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    await refused(
      await sendFile(path(), { name: "grande.pdf", bytes: big }),
      `O canal recusou o arquivo: ${big.byteLength} bytes, acima do limite de 2097152 bytes do canal`,
      before,
    );
  });

  it("5. a channel without attachment support", async () => {
    const before = await state();
    const webPath = path().includes("/claim/")
      ? // the web store has no claims: its orders take no files either way
        orderPath("web", "SBX-2")
      : orderPath("web", "SBX-1");
    await refused(
      await sendFile(webPath, { name: "nota.pdf", bytes: PDF }),
      "O canal desta integração não aceita anexos",
      before,
    );
  });

  it("6. the integration's order not found (here, or at the channel)", async () => {
    const before = await state();
    const missing = path().includes("/claim/")
      ? "/hub/order/claim/99999999/action/file"
      : "/hub/order/99999999/action/file";
    const message = path().includes("/claim/")
      ? "Reclamação do pedido não encontrada"
      : "Pedido da integração não encontrado";
    await refused(await sendFile(missing, { name: "nota.pdf", bytes: PDF }), message, before);
    // another company's order is not found either
    const foreign = await call("demo", "POST", `/1.0${path()}`, {
      token: await signIn("demo", "filial@demo.local"),
      rawBody: (() => {
        const form = new FormData();
        form.append("file", new File([PDF], "nota.pdf", { type: "application/pdf" }));
        return form;
      })(),
    });
    await refused(foreign, message, before);
    // the channel no longer holds the order
    await api.put(`/hub/integration/${marketplace}`, { Sandbox: { Orders: 1 } });
    try {
      await refused(
        await sendFile(path(), { name: "nota.pdf", bytes: PDF }),
        "Pedido da integração não encontrado no canal",
        before,
      );
    } finally {
      await api.put(`/hub/integration/${marketplace}`, { Sandbox: { Orders: 24 } });
    }
  });

  it("7. the integration not authenticated, or its credentials expired", async () => {
    const before = await state();
    await api.put(`/hub/integration/${marketplace}`, { CredentialsExpireAt: "2022-01-01 00:00:00" });
    try {
      await refused(
        await sendFile(path(), { name: "nota.pdf", bytes: PDF }),
        "Credenciais da integração expiradas: autentique a integração novamente",
        before,
      );
    } finally {
      await api.put(`/hub/integration/${marketplace}`, { CredentialsExpireAt: null });
    }
    await demoDb()
      .update(hubIntegrations)
      .set({ authState: "NotAuthenticated" })
      .where(eq(hubIntegrations.companyIntegrationId, marketplace));
    try {
      await refused(
        await sendFile(path(), { name: "nota.pdf", bytes: PDF }),
        "Integração não autenticada no canal: informe as credenciais da integração",
        before,
      );
    } finally {
      await demoDb()
        .update(hubIntegrations)
        .set({ authState: "Authenticated" })
        .where(eq(hubIntegrations.companyIntegrationId, marketplace));
    }
  });

  it("a channel answering garbage or not answering is a 400 too, never a 5xx or 502", async () => {
    const before = await state();
    for (const [mode, message] of [
      ["garbage", "O canal respondeu em formato inválido; tente novamente mais tarde"],
      ["timeout", "O canal não respondeu a tempo; tente novamente mais tarde"],
    ] as const) {
      await api.put(`/hub/integration/${marketplace}`, { Sandbox: { Mode: mode } });
      try {
        await refused(await sendFile(path(), { name: "nota.pdf", bytes: PDF }), message, before);
      } finally {
        await api.put(`/hub/integration/${marketplace}`, { Sandbox: { Mode: "normal" } });
      }
    }
  });
});
