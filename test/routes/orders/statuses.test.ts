import { beforeAll, describe, expect, it } from "vitest";
import { RESALE_TAX_RATES } from "../../support/order-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
});

describe("/type/order/status", () => {
  it("lists the seeded flow with colors, flags and the allowed transitions, the same for every company", async () => {
    const list = await api.get("/type/order/status");
    expect(list.status).toBe(200);
    const byId = new Map(list.body.map((s) => [s.IDStatusOrder, s]));
    expect([...byId.keys()]).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 23, 50, 51, 52, 53, 54, 55, 56, 57, 58, 97,
    ]);
    expect(byId.get(1)).toEqual({
      IDStatusOrder: 1,
      Description: "Pedido recebido",
      StatusColorCode: "#1E88E5",
      ReservesStock: 0,
      Handling: 0,
      Final: 0,
      NextStatuses: [2, 3, 10, 23],
    });
    for (const id of [23, 50, 51, 52, 53, 54, 55, 56])
      expect(byId.get(id)).toMatchObject({ ReservesStock: 1 });
    expect(byId.get(97)).toMatchObject({ Handling: 0, ReservesStock: 0 });
    for (const s of list.body) {
      expect(s.StatusColorCode).toMatch(/^#[0-9A-F]{6}$/);
      if (s.Final === 1) expect(s.NextStatuses).toEqual([]);
      else expect(s.NextStatuses.length).toBeGreaterThan(0);
    }
    expect((await other.get("/type/order/status")).body).toEqual(list.body);
  });

  it("answers one status by id, or [] for an unknown code", async () => {
    expect((await api.get("/type/order/status/6")).body).toEqual([
      expect.objectContaining({
        IDStatusOrder: 6,
        Description: "Faturado (NF-e emitida)",
        NextStatuses: [7, 10, 11, 97],
      }),
    ]);
    expect(await api.get("/type/order/status/99")).toMatchObject({ status: 200, body: [] });
  });
});

describe("/tax/profile", () => {
  it("creates, reads and changes a profile; the code is unique per company; CST of IBS/CBS must exist", async () => {
    const body = { Code: `P-${crypto.randomUUID().slice(0, 8)}`, ...RESALE_TAX_RATES };
    const created = await api.post("/tax/profile", body);
    expect(created.status).toBe(200);
    expect(created.body).toEqual([{ IDTaxProfile: expect.any(Number), ...body, Status: 1 }]);
    const id = created.body[0]!.IDTaxProfile;
    expectRefusal(await api.post("/tax/profile", body), "Já existe um perfil tributário com este código");
    expect((await other.post("/tax/profile", body)).status).toBe(200);
    expectRefusal(
      await api.post("/tax/profile", { ...body, Code: "X-1", IDNfCstIbsCbs: 999 }),
      "CST de IBS/CBS não existe",
    );
    expect(await api.post("/tax/profile", { ...body, Code: "X-2", IcmsRate: 18.123 })).toMatchObject({
      status: 400,
    });
    const changed = await api.put(`/tax/profile/${id}`, { IcmsRate: 12 });
    expect(changed.body[0]).toMatchObject({ IcmsRate: 12, PisRate: 1.65 });
    expect((await api.get(`/tax/profile/${id}`)).body).toEqual(changed.body);
    expect((await other.get(`/tax/profile/${id}`)).body).toEqual([]);
    expectRefusal(await other.put(`/tax/profile/${id}`, { IcmsRate: 1 }), "Perfil tributário não existe");
    const csts = await api.get("/tax/cst-ibs-cbs");
    expect(csts.body[0]).toEqual({
      IDNfCstIbsCbs: 1,
      Code: "000",
      Description: "Tributação integral",
      ClassTrib: "000001",
    });
    expect(
      csts.body.map((row: { Code: string; ClassTrib: string }) => `${row.Code}:${row.ClassTrib}`),
    ).toEqual([
      "000:000001",
      "200:200034",
      "410:410999",
      "510:510001",
      "550:550001",
      "620:620001",
      "800:800001",
      "810:810001",
    ]);
  });
});
