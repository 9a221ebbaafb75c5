import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hubAttachments, hubOrderClaims, hubOrders } from "../../../../drizzle/schema";
import { app } from "../../../../src/app";
import {
  ATTACHMENT_INVALID,
  ATTACHMENT_NOT_SENT,
  ATTACHMENT_NOT_SUPPORTED,
  ATTACHMENT_SAVE_FAILED,
  attachmentExtensionRefused,
  attachmentSizeRefused,
  CHANNEL_CLAIM_NOT_FOUND,
  CHANNEL_CREDENTIALS_EXPIRED,
  HUB_CLAIM_NOT_FOUND,
  HUB_ORDER_NOT_FOUND,
} from "../../../../src/domain/hub/messages";
import { call, signIn } from "../../../support/api";
import { pullNow } from "../../../support/hub-factories";
import { connectMlSeller, mlDouble, mlOrder } from "../../../support/ml-double";
import { expectRefusal } from "../../../support/refusal";
import { companyOneApi, demoDb } from "../../../support/registry-factories";
import { seedAccounts } from "../../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let token: string;
let claimSeq = 5_400_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  token = await signIn("demo", "admin@demo.local");
});

type Upload = { path: string; part: string; fileName: string; type: string; size: number; filename: string };

/** A seller with orders (one in a pack) and a claim on the first, pulled into the hub. */
async function sellerWithClaim() {
  const { name, sellerId, settings, double, integrationId, control } = await connectMlSeller(api);
  const packId = 2_000_000_000_000 + sellerId;
  const single = mlOrder(sellerId, { items: [{ sku: "ML-ANEXO-1" }] });
  const packed = mlOrder(sellerId, { items: [{ sku: "ML-ANEXO-2" }], packId });
  await double.orders([single, packed]);
  await double.packs([{ id: packId, status: "released", orders: [{ id: packed.id }] }]);
  const claim = {
    id: ++claimSeq,
    resource_id: single.id,
    resource: "order",
    status: "opened",
    type: "mediations",
    stage: "claim",
    reason_id: "PDD9549",
    players: [
      { role: "complainant", type: "buyer", user_id: 9001, available_actions: [] },
      { role: "respondent", type: "seller", user_id: sellerId, available_actions: [] },
    ],
    date_created: "2026-01-03T10:00:00.000-03:00",
    related_entities: [],
  };
  await control("/claims", "POST", [claim]);
  await api.post(
    "/hub/mercado-livre/notifications",
    await double.notification({
      topic: "claims",
      resource: `/post-purchase/v1/claims/${claim.id}`,
    }),
  );
  const job = await pullNow(api, integrationId);
  expect(job.Status, job.FailureReason ?? "").toBe("Done");
  const orders = await demoDb()
    .select()
    .from(hubOrders)
    .where(eq(hubOrders.companyIntegrationId, integrationId));
  const hubOrderOf = (channelOrderId: number) =>
    orders.find((o) => o.channelOrderId === String(channelOrderId))!.id;
  const claimRow = await demoDb()
    .select()
    .from(hubOrderClaims)
    .where(
      and(
        eq(hubOrderClaims.companyIntegrationId, integrationId),
        eq(hubOrderClaims.channelClaimId, String(claim.id)),
      ),
    )
    .get();
  return {
    name,
    double,
    settings,
    integrationId,
    claim,
    packId,
    single: { channel: single.id, hub: hubOrderOf(single.id) },
    packed: { channel: packed.id, hub: hubOrderOf(packed.id) },
    claimId: claimRow!.id,
    control,
    uploads: async (): Promise<Upload[]> => (await control("/uploads", "GET")).json(),
    messages: async (): Promise<{ claimId: string; body: Record<string, unknown> }[]> =>
      (await control("/messages", "GET")).json(),
    posts: async () =>
      (await double.requests()).filter((r) => r.method === "POST" && r.path !== "/oauth/token"),
  };
}
type Seller = Awaited<ReturnType<typeof sellerWithClaim>>;

type FileToSend = { name: string; bytes: Uint8Array; type?: string };

/** A multipart POST with the file in `file` (or no file); with `fetcher`, through it (another R2). */
async function sendFile(path: string, file?: FileToSend, fetcher?: typeof app.fetch) {
  const form = new FormData();
  if (file) form.append("file", new File([file.bytes], file.name, { type: file.type ?? "application/pdf" }));
  if (fetcher) {
    const response = (await fetcher(
      new Request(`http://demo.localhost/1.0${path}`, {
        method: "POST",
        headers: { Authorization: `JWT ${token}` },
        body: form,
      }),
      env,
    )) as Response;
    return { status: response.status, body: (await response.json()) as unknown };
  }
  return call<Record<string, unknown>>("demo", "POST", `/1.0${path}`, { token, rawBody: form });
}

const orderPath = (hubOrderId: number) => `/hub/order/${hubOrderId}/action/file`;
const claimPath = (claimId: number) => `/hub/order/claim/${claimId}/action/file`;

const attachmentsOf = (hubOrderId: number) =>
  demoDb().select().from(hubAttachments).where(eq(hubAttachments.hubOrderId, hubOrderId));

/** The refusal left nothing: no attachment row, no object in R2, no upload at the channel. */
async function refusedCleanly(seller: Seller, response: { status: number; body: unknown }, message: string) {
  expectRefusal(response, message);
  expect(await attachmentsOf(seller.single.hub)).toHaveLength(0);
  expect(await attachmentsOf(seller.packed.hub)).toHaveLength(0);
  expect(await seller.uploads()).toHaveLength(0);
  for (const hubOrderId of [seller.single.hub, seller.packed.hub]) {
    const stored = await env.UPLOADS.list({ prefix: `demo/1/hub/${hubOrderId}/` });
    expect(stored.objects).toHaveLength(0);
  }
}

describe("Mercado Livre attachments: a claim's file and the order's invoice", () => {
  let seller: Seller;
  beforeAll(async () => {
    seller = await sellerWithClaim();
  });

  it("a claim's file goes to /post-purchase/v1/claims/{id}/attachments, then a message carries it", async () => {
    const response = await sendFile(claimPath(seller.claimId), {
      name: "foto-avaria.png",
      bytes: PNG,
      type: "image/png",
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [upload] = await seller.uploads();
    expect(upload).toMatchObject({
      path: `/post-purchase/v1/claims/${seller.claim.id}/attachments`,
      part: "file",
      fileName: "foto-avaria.png",
      size: PNG.byteLength,
    });
    expect(response.body).toMatchObject({
      IDHubOrderClaim: seller.claimId,
      IDIntegration: seller.single.hub,
      FileName: "foto-avaria.png",
      ChannelAttachmentId: upload!.filename,
    });
    expect(await seller.messages()).toEqual([
      {
        claimId: String(seller.claim.id),
        body: {
          receiver_role: "complainant",
          message: "Anexo enviado pelo vendedor: foto-avaria.png",
          attachments: [upload!.filename],
        },
      },
    ]);
    const view = await api.get(`/hub/order/claim/${seller.claimId}`);
    expect(view.body).toMatchObject({
      Attachments: [expect.objectContaining({ ChannelAttachmentId: upload!.filename })],
    });
  });

  it("the order's invoice goes to its pack's /packs/{pack_id}/fiscal_documents (the order's id without a pack)", async () => {
    const packed = await sendFile(orderPath(seller.packed.hub), { name: "nota.pdf", bytes: PDF });
    expect(packed.status, JSON.stringify(packed.body)).toBe(200);
    const single = await sendFile(orderPath(seller.single.hub), {
      name: "nota.xml",
      bytes: PDF,
      type: "text/xml",
    });
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    const uploads = (await seller.uploads()).filter((u) => u.part === "fiscal_document");
    expect(uploads.map((u) => u.path)).toEqual([
      `/packs/${seller.packId}/fiscal_documents`,
      `/packs/${seller.single.channel}/fiscal_documents`,
    ]);
    expect(packed.body).toMatchObject({
      IDHubOrderClaim: null,
      ChannelAttachmentId: `FD-${seller.packId}-2`,
    });
    expect(await attachmentsOf(seller.packed.hub)).toHaveLength(1);
  });
});

describe("Mercado Livre attachments: the seven failures, each a 400 with its own message", () => {
  let seller: Seller;
  beforeAll(async () => {
    seller = await sellerWithClaim();
  });

  it("1. file not sent", async () => {
    await refusedCleanly(seller, await sendFile(orderPath(seller.single.hub)), ATTACHMENT_NOT_SENT);
    await refusedCleanly(seller, await sendFile(claimPath(seller.claimId)), ATTACHMENT_NOT_SENT);
  });

  it("2. invalid file (empty, or a name without extension)", async () => {
    const empty = { name: "nota.pdf", bytes: new Uint8Array() };
    await refusedCleanly(seller, await sendFile(orderPath(seller.single.hub), empty), ATTACHMENT_INVALID);
    await refusedCleanly(
      seller,
      await sendFile(claimPath(seller.claimId), { name: "foto", bytes: PNG }),
      ATTACHMENT_INVALID,
    );
  });

  it("3. save failure (storage refuses the file): nothing is sent to the channel", async () => {
    const failingBucket = Object.assign(Object.create(env.UPLOADS), {
      put: () => Promise.reject(new Error("R2 indisponível")),
    });
    const fetcher: typeof app.fetch = (request, environment) =>
      app.fetch(request, { ...(environment as object), UPLOADS: failingBucket });
    const file = { name: "nota.pdf", bytes: PDF };
    await refusedCleanly(
      seller,
      await sendFile(orderPath(seller.single.hub), file, fetcher),
      ATTACHMENT_SAVE_FAILED,
    );
    await refusedCleanly(
      seller,
      await sendFile(claimPath(seller.claimId), file, fetcher),
      ATTACHMENT_SAVE_FAILED,
    );
    expect(await seller.posts()).toHaveLength(0);
  });

  it("4. the channel's extension and size limits, checked before any call to the channel", async () => {
    const calls = (await seller.double.requests()).length;
    await refusedCleanly(
      seller,
      await sendFile(orderPath(seller.single.hub), { name: "nota.png", bytes: PNG, type: "image/png" }),
      attachmentExtensionRefused("png", "pdf, xml"),
    );
    await refusedCleanly(
      seller,
      await sendFile(claimPath(seller.claimId), { name: "planilha.xlsx", bytes: PDF }),
      attachmentExtensionRefused("xlsx", "jpg, jpeg, png, pdf"),
    );
    const overInvoice = new Uint8Array(1024 * 1024 + 1);
    await refusedCleanly(
      seller,
      await sendFile(orderPath(seller.packed.hub), { name: "nota.pdf", bytes: overInvoice }),
      attachmentSizeRefused(overInvoice.byteLength, 1024 * 1024),
    );
    const overClaim = new Uint8Array(5 * 1024 * 1024 + 1);
    await refusedCleanly(
      seller,
      await sendFile(claimPath(seller.claimId), { name: "video.pdf", bytes: overClaim }),
      attachmentSizeRefused(overClaim.byteLength, 5 * 1024 * 1024),
    );
    expect((await seller.double.requests()).length).toBe(calls);
  });

  it("5. the channel does not take attachments there (a pack whose fiscal documents it refuses: 403)", async () => {
    await seller.control("/fiscal-forbidden", "POST", [seller.packId]);
    await refusedCleanly(
      seller,
      await sendFile(orderPath(seller.packed.hub), { name: "nota.pdf", bytes: PDF }),
      ATTACHMENT_NOT_SUPPORTED,
    );
    expect((await seller.posts()).map((r) => r.path)).toEqual([`/packs/${seller.packId}/fiscal_documents`]);
  });

  it("6. the integration's order (or claim) not found, here or at the channel", async () => {
    await refusedCleanly(
      seller,
      await sendFile(orderPath(999_999_999), { name: "nota.pdf", bytes: PDF }),
      HUB_ORDER_NOT_FOUND,
    );
    await refusedCleanly(
      seller,
      await sendFile(claimPath(999_999_999), { name: "foto.png", bytes: PNG }),
      HUB_CLAIM_NOT_FOUND,
    );
    // at the channel the claim is now answered by another seller: not this seller's claim
    const players = [
      { role: "complainant", type: "buyer", user_id: 9001 },
      { role: "respondent", type: "seller", user_id: 1 },
    ];
    await seller.control("/claims", "POST", [{ ...seller.claim, players }]);
    await refusedCleanly(
      seller,
      await sendFile(claimPath(seller.claimId), { name: "foto.png", bytes: PNG, type: "image/png" }),
      CHANNEL_CLAIM_NOT_FOUND,
    );
    await seller.control("/claims", "POST", [seller.claim]);
  });

  it("7. the integration not authenticated (the seller revoked the app: the refresh is refused)", async () => {
    await mlDouble(seller.name, { ...seller.settings, refreshToken: "TG-revogado" });
    await refusedCleanly(
      seller,
      await sendFile(orderPath(seller.single.hub), { name: "nota.pdf", bytes: PDF }),
      CHANNEL_CREDENTIALS_EXPIRED,
    );
    await refusedCleanly(
      seller,
      await sendFile(claimPath(seller.claimId), { name: "foto.png", bytes: PNG, type: "image/png" }),
      CHANNEL_CREDENTIALS_EXPIRED,
    );
    const view = await api.get(`/hub/integration/${seller.integrationId}`);
    expect(view.body[0]).toMatchObject({ AuthenticationStatus: "Expired" });
  });
});
