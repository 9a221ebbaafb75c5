import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hubOrderClaims, hubOrders, mlNotifications } from "../../../../drizzle/schema";
import { CHANNEL_INVALID_ANSWER } from "../../../../src/domain/hub/messages";
import { pullNow } from "../../../support/hub-factories";
import { connectMlSeller, mlOrder } from "../../../support/ml-double";
import { companyOneApi, companyTwoApi, demoDb } from "../../../support/registry-factories";
import { seedAccounts } from "../../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let claimSeq = 5_300_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/** A seller at the double, its integration connected by credentials, and this part's controls. */
async function connectedSeller() {
  const { double, sellerId, integrationId, control } = await connectMlSeller(api);
  return {
    double,
    sellerId,
    integrationId,
    claims: (claims: unknown[]) => control("/claims", "POST", claims),
    claimDetails: (details: Record<string, unknown>) => control("/claim-details", "POST", details),
    /** Delivers Mercado Livre's notification of this resource to the API. */
    notify: async (topic: string, resource: string) => {
      const notification = await double.notification({ topic, resource });
      const started = Date.now();
      const answer = await api.post("/hub/mercado-livre/notifications", notification);
      return { ...answer, ms: Date.now() - started };
    },
  };
}
type Seller = Awaited<ReturnType<typeof connectedSeller>>;

/** A claim as `GET /post-purchase/v1/claims/{id}` writes it. */
function mlClaim(
  sellerId: number,
  orderId: number,
  fields: { id?: number; status?: string; respondent?: number; related?: string[] } = {},
) {
  return {
    id: fields.id ?? ++claimSeq,
    resource_id: orderId,
    resource: "order",
    status: fields.status ?? "opened",
    type: "mediations",
    stage: "claim",
    parent_id: null,
    reason_id: "PDD9549",
    fulfilled: true,
    quantity_type: "total",
    claimed_quantity: 1,
    players: [
      { role: "complainant", type: "buyer", user_id: 9001, available_actions: [] },
      { role: "respondent", type: "seller", user_id: fields.respondent ?? sellerId, available_actions: [] },
    ],
    resolution: null,
    site_id: "MLB",
    date_created: "2026-01-03T10:00:00.000-03:00",
    last_updated: "2026-01-03T10:00:00.000-03:00",
    related_entities: fields.related ?? [],
  };
}

const claimRows = (integrationId: number, channelClaimIds: number[]) =>
  demoDb()
    .select()
    .from(hubOrderClaims)
    .where(
      and(
        eq(hubOrderClaims.companyIntegrationId, integrationId),
        inArray(hubOrderClaims.channelClaimId, channelClaimIds.map(String)),
      ),
    );

async function claimIdOf(integrationId: number, channelClaimId: number): Promise<number> {
  const [row] = await claimRows(integrationId, [channelClaimId]);
  if (!row) throw new Error(`claim ${channelClaimId} not stored`);
  return row.id;
}

const evidence = (method: string) => [
  {
    type: "shipping_evidence",
    shipping_method: method,
    shipping_company_name: "Transportadora",
    date_shipped: "2026-01-04T10:00:00.000-03:00",
  },
];

describe("Mercado Livre claims: affects-reputation and shipping method", () => {
  let seller: Seller;
  const claims: Record<string, number> = {};

  beforeAll(async () => {
    seller = await connectedSeller();
    const cases = {
      notAffected: {
        reputation: { affects_reputation: "not_affected", has_incentive: false },
        evidences: evidence("mail"),
      },
      affected: {
        reputation: { affects_reputation: "affected", has_incentive: false },
        evidences: evidence("entrusted"),
      },
      notApplies: {
        reputation: { affects_reputation: "not_applies" },
        evidences: evidence("personal_delivery"),
      },
      notInformed: { evidences: evidence("email") },
      nullAnswer: {
        reputation: { affects_reputation: null },
        returns: { status: "shipped", shipping: { id: 42, status: "shipped", tracking_number: "RT123BR" } },
      },
      nothing: { reputation: { affects_reputation: "unknown_value" } },
    } as const;
    const orders = Object.keys(cases).map(() => mlOrder(seller.sellerId, { items: [{ sku: "ML-CLAIM-1" }] }));
    await seller.double.orders(orders);
    const details: Record<string, unknown> = {};
    const list = Object.entries(cases).map(([name, detail], index) => {
      const claim = mlClaim(seller.sellerId, orders[index]!.id, {
        related: name === "nullAnswer" ? ["return"] : [],
      });
      claims[name] = claim.id;
      details[String(claim.id)] = detail;
      return claim;
    });
    await seller.claims(list);
    await seller.claimDetails(details);
    for (const claim of list) {
      const answer = await seller.notify("claims", `/post-purchase/v1/claims/${claim.id}`);
      expect(answer.body).toEqual({ Result: "queued" });
    }
    const job = await pullNow(api, seller.integrationId);
    expect(job.Status, job.FailureReason ?? "").toBe("Done");
    expect(await claimRows(seller.integrationId, Object.values(claims))).toHaveLength(6);
  });

  it.each([
    ["notAffected", 1, "mail"],
    ["affected", 2, "entrusted"],
    ["notApplies", 3, "personal_delivery"],
    ["notInformed", 0, "email"],
    ["nullAnswer", 0, "mail"],
    ["nothing", 0, null],
  ] as const)("%s: ClaimAffectsReputation %s, ShippingMethod %s", async (name, impact, method) => {
    const id = await claimIdOf(seller.integrationId, claims[name]!);
    const response = await api.get(`/hub/order/claim/${id}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      IDHubOrderClaim: id,
      IDCompanyIntegration: seller.integrationId,
      ChannelClaimId: String(claims[name]),
      ChannelStatus: "opened",
      Reason: "PDD9549",
      ClaimAffectsReputation: impact,
      ShippingMethod: method,
      ClaimLookupFailure: null,
    });
    const [stored] = await claimRows(seller.integrationId, [claims[name]!]);
    expect(stored!.shippingMethod).toBe(method);
  });

  it("a failed lookup (garbage at the channel) answers ClaimAffectsReputation null and why, the stored claim kept", async () => {
    const id = await claimIdOf(seller.integrationId, claims.affected!);
    await seller.double.faults([{ mode: "garbage" }]);
    const response = await api.get(`/hub/order/claim/${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      ClaimAffectsReputation: null,
      ClaimLookupFailure: CHANNEL_INVALID_ANSWER,
      ShippingMethod: "entrusted",
      ChannelStatus: "opened",
    });
  });

  it("429 with Retry-After and an expired token (401) during a claim fetch are retried: the answer is live", async () => {
    const id = await claimIdOf(seller.integrationId, claims.affected!);
    const claimCalls = async () =>
      (await seller.double.requests()).filter((r) => r.path === `/post-purchase/v1/claims/${claims.affected}`)
        .length;
    const before = { refreshes: (await seller.double.state()).refreshes, calls: await claimCalls() };
    await seller.double.faults([{ mode: "429", retryAfter: "1" }, { mode: "401" }]);
    const response = await api.get(`/hub/order/claim/${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ClaimAffectsReputation: 2, ClaimLookupFailure: null });
    expect((await seller.double.state()).refreshes).toBe(before.refreshes + 1);
    // answered 429, then 401 (refreshed), then the live answer
    expect(await claimCalls()).toBe(before.calls + 3);
  });

  it("a claim the channel moves on (closed) is updated on the stored order, not duplicated", async () => {
    const [row] = await claimRows(seller.integrationId, [claims.notAffected!]);
    const orderId = (await demoDb().select().from(hubOrders).where(eq(hubOrders.id, row!.hubOrderId)).get())!
      .channelOrderId;
    await seller.claims([
      mlClaim(seller.sellerId, Number(orderId), { id: claims.notAffected, status: "closed" }),
    ]);
    await seller.notify("claims", `/post-purchase/v1/claims/${claims.notAffected}`);
    const job = await pullNow(api, seller.integrationId);
    expect(job.Status, job.FailureReason ?? "").toBe("Done");
    const rows = await claimRows(seller.integrationId, [claims.notAffected!]);
    expect(rows).toEqual([
      expect.objectContaining({ id: row!.id, channelStatus: "closed", shippingMethod: "mail" }),
    ]);
  });
});

describe("Mercado Livre claims notifications", () => {
  let seller: Seller;

  beforeAll(async () => {
    seller = await connectedSeller();
  });

  it("a claims notification is answered at once and the queued pull fetches the claim onto the order already pulled", async () => {
    const order = mlOrder(seller.sellerId, { items: [{ sku: "ML-CLAIM-2" }] });
    await seller.double.orders([order]);
    expect((await pullNow(api, seller.integrationId)).Status).toBe("Done");
    const claim = mlClaim(seller.sellerId, order.id);
    await seller.claims([claim]);
    await seller.claimDetails({ [claim.id]: { evidences: evidence("entrusted") } });
    const answer = await seller.notify("claims", `/post-purchase/v1/claims/${claim.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ Result: "queued" });
    expect(answer.ms).toBeLessThan(500);
    const deadline = Date.now() + 25_000;
    while ((await claimRows(seller.integrationId, [claim.id])).length === 0) {
      if (Date.now() > deadline) throw new Error("notified claim never fetched");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [row] = await claimRows(seller.integrationId, [claim.id]);
    const hubOrder = await demoDb().select().from(hubOrders).where(eq(hubOrders.id, row!.hubOrderId)).get();
    expect(hubOrder!.channelOrderId).toBe(String(order.id));
    expect(row).toMatchObject({ channelStatus: "opened", shippingMethod: "entrusted", reason: "PDD9549" });
    const orders = await demoDb()
      .select()
      .from(hubOrders)
      .where(eq(hubOrders.companyIntegrationId, seller.integrationId));
    expect(orders).toHaveLength(1);
    const inbox = await demoDb()
      .select()
      .from(mlNotifications)
      .where(eq(mlNotifications.companyIntegrationId, seller.integrationId));
    expect(inbox).toEqual([
      expect.objectContaining({
        topic: "claims",
        resource: `/post-purchase/v1/claims/${claim.id}`,
        state: "fetched",
      }),
    ]);
  });

  it("a claim another seller answers is ignored: fetched, nothing stored", async () => {
    const order = mlOrder(seller.sellerId, { items: [{ sku: "ML-CLAIM-3" }] });
    await seller.double.orders([order]);
    const claim = mlClaim(seller.sellerId, order.id, { respondent: 424242 });
    await seller.claims([claim]);
    expect((await seller.notify("claims", `/post-purchase/v1/claims/${claim.id}`)).body).toEqual({
      Result: "queued",
    });
    const job = await pullNow(api, seller.integrationId);
    expect(job.Status, job.FailureReason ?? "").toBe("Done");
    expect(
      (await seller.double.requests()).some((r) => r.path === `/post-purchase/v1/claims/${claim.id}`),
    ).toBe(true);
    expect(await claimRows(seller.integrationId, [claim.id])).toHaveLength(0);
    const [inbox] = await demoDb()
      .select()
      .from(mlNotifications)
      .where(
        and(
          eq(mlNotifications.companyIntegrationId, seller.integrationId),
          eq(mlNotifications.resource, `/post-purchase/v1/claims/${claim.id}`),
        ),
      );
    expect(inbox!.state).toBe("fetched");
  });

  it("a notified order brings the seller's claims of it found by /post-purchase/v1/claims/search", async () => {
    const order = mlOrder(seller.sellerId, { items: [{ sku: "ML-CLAIM-4" }] });
    await seller.double.orders([order]);
    const mine = mlClaim(seller.sellerId, order.id);
    const theirs = mlClaim(seller.sellerId, order.id, { respondent: 424243 });
    await seller.claims([mine, theirs]);
    await seller.notify("orders_v2", `/orders/${order.id}`);
    const job = await pullNow(api, seller.integrationId);
    expect(job.Status, job.FailureReason ?? "").toBe("Done");
    expect(await claimRows(seller.integrationId, [mine.id, theirs.id])).toEqual([
      expect.objectContaining({ channelClaimId: String(mine.id) }),
    ]);
    const search = (await seller.double.requests()).find((r) => r.path === "/post-purchase/v1/claims/search");
    expect(search!.query).toMatchObject({
      player_role: "respondent",
      player_user_id: String(seller.sellerId),
      resource: "order",
      resource_id: String(order.id),
    });
  });

  it("429 and 500 during the queued claim fetch are retried: the claim is stored", async () => {
    const order = mlOrder(seller.sellerId, { items: [{ sku: "ML-CLAIM-5" }] });
    await seller.double.orders([order]);
    const claim = mlClaim(seller.sellerId, order.id);
    await seller.claims([claim]);
    await seller.double.faults([{ mode: "429", retryAfter: "1" }, { mode: "500" }]);
    await seller.notify("claims", `/post-purchase/v1/claims/${claim.id}`);
    const job = await pullNow(api, seller.integrationId);
    expect(job.Status, job.FailureReason ?? "").toBe("Done");
    expect(await claimRows(seller.integrationId, [claim.id])).toHaveLength(1);
  });

  it("another company does not see the seller's claims", async () => {
    const [row] = await demoDb()
      .select()
      .from(hubOrderClaims)
      .where(eq(hubOrderClaims.companyIntegrationId, seller.integrationId));
    const other = await companyTwoApi();
    const response = await other.get(`/hub/order/claim/${row!.id}`);
    expect(response.status).toBe(400);
  });
});

describe("Mercado Livre claims of pulled orders (the order's mediations)", () => {
  let seller: Seller;

  beforeAll(async () => {
    seller = await connectedSeller();
  });

  /** The hub order of a channel order, as `GET /hub/order/{id}` answers it. */
  async function hubOrderOf(integrationId: number, channelOrderId: number) {
    const row = await demoDb()
      .select()
      .from(hubOrders)
      .where(
        and(
          eq(hubOrders.companyIntegrationId, integrationId),
          eq(hubOrders.channelOrderId, String(channelOrderId)),
        ),
      )
      .get();
    if (!row) throw new Error(`order ${channelOrderId} not pulled`);
    const response = await api.get(`/hub/order/${row.id}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as {
      Claims: { ChannelClaimId: string; ChannelStatus: string; ShippingMethod: string | null }[];
    };
  }

  const claimCalls = async (claimIds: number[]) =>
    (await seller.double.requests()).filter((r) =>
      claimIds.some((claimId) => r.path === `/post-purchase/v1/claims/${claimId}`),
    );

  it("orders swept with claims on them get their claims stored, then refreshed when the order comes again", async () => {
    const first = mlOrder(seller.sellerId, { items: [{ sku: "ML-CLAIM-6" }] });
    const second = mlOrder(seller.sellerId, { items: [{ sku: "ML-CLAIM-6" }] });
    const one = mlClaim(seller.sellerId, first.id);
    const two = mlClaim(seller.sellerId, second.id, { status: "closed" });
    const theirs = mlClaim(seller.sellerId, second.id, { respondent: 424244 });
    const plain = mlOrder(seller.sellerId, { items: [{ sku: "ML-CLAIM-6" }] });
    await seller.claims([one, two, theirs]);
    await seller.claimDetails({ [one.id]: { evidences: evidence("entrusted") } });
    await seller.double.orders([
      { ...first, mediations: [{ id: one.id }] },
      { ...second, mediations: [{ id: two.id }, { id: theirs.id }, { id: 9_999_999_999 }] },
      plain,
    ]);
    const job = await pullNow(api, seller.integrationId);
    expect(job.Status, job.FailureReason ?? "").toBe("Done");
    expect((await hubOrderOf(seller.integrationId, first.id)).Claims).toEqual([
      expect.objectContaining({
        ChannelClaimId: String(one.id),
        ChannelStatus: "opened",
        ShippingMethod: "entrusted",
      }),
    ]);
    expect((await hubOrderOf(seller.integrationId, second.id)).Claims).toEqual([
      expect.objectContaining({
        ChannelClaimId: String(two.id),
        ChannelStatus: "closed",
        ShippingMethod: null,
      }),
    ]);
    expect((await hubOrderOf(seller.integrationId, plain.id)).Claims).toEqual([]);
    // each claim the orders name read once; the sweep searches no claims
    expect((await claimCalls([one.id, two.id, theirs.id])).map((r) => r.path).sort()).toEqual(
      [one.id, two.id, theirs.id].map((claimId) => `/post-purchase/v1/claims/${claimId}`).sort(),
    );
    expect((await seller.double.requests()).some((r) => r.path === "/post-purchase/v1/claims/search")).toBe(
      false,
    );

    // the claim moves on and the order changes: the next pull refreshes the stored claim
    await seller.claims([{ ...one, status: "closed" }]);
    await seller.double.orders([{ ...first, mediations: [{ id: one.id }] }]);
    const again = await pullNow(api, seller.integrationId);
    expect(again.Status, again.FailureReason ?? "").toBe("Done");
    expect((await hubOrderOf(seller.integrationId, first.id)).Claims).toEqual([
      expect.objectContaining({ ChannelClaimId: String(one.id), ChannelStatus: "closed" }),
    ]);
    expect(await claimRows(seller.integrationId, [one.id, two.id, theirs.id])).toHaveLength(2);
  });
});
