import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companyIntegrations, marketplaceSettlements } from "../../../drizzle/schema";
import { signIn } from "../../support/api";
import { newChannelIntegration, pullNow } from "../../support/hub-factories";
import { newTaxProfile, paymentTypeWithRate } from "../../support/order-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { newSku, newWarehouse } from "../../support/stock-factories";
import { uploadMultipart, utf8, waitForJob } from "../../support/upload-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
type Row = Record<string, any>;
let api: Api;
let other: Api;
let integrationId: number;
let hubOrders: Row[];

const PATH = "/accounts/receivable/marketplace-conciliation";
const cents = (value: number) => Math.round(value * 100);
const settlementRows = (id: number) =>
  demoDb().select().from(marketplaceSettlements).where(eq(marketplaceSettlements.companyIntegrationId, id));

/** Sandbox orders 1..23: the channel settles the shipped and delivered ones (n % 7 is 3 or 4). */
const SETTLED = ["SBX-10", "SBX-11", "SBX-17", "SBX-18", "SBX-3", "SBX-4"];

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const profile = (await newTaxProfile(api)).Code;
  const shirt = await newSku(api, { Code: `MKT-${tag}-A`, Price: 59.9, TaxProfile: profile });
  const cap = await newSku(api, { Code: `MKT-${tag}-B`, Price: 39.9, TaxProfile: profile });
  const integration = await newChannelIntegration(api, {
    IDWarehouseHub: await newWarehouse(api),
    IDTypePayment: await paymentTypeWithRate(api, 1),
    Sandbox: { Orders: 23, SkuCodes: [shirt.Code, cap.Code] },
  });
  integrationId = integration.IDCompanyIntegration;
  expect(await pullNow(api, integrationId)).toMatchObject({
    Status: "Done",
    Result: { pulled: 23, created: 23, settlements: 6 },
  });
  hubOrders = (await api.get(`/orders/hub?IDCompanyIntegration=${integrationId}`)).body;
});

describe("GET /accounts/receivable/marketplace-conciliation", () => {
  it("sets the channel's settlements against the receivables of the orders the hub created", async () => {
    const response = await api.get(`${PATH}?IDCompanyIntegration=${integrationId}`);
    expect(response.status).toBe(200);
    const rows = response.body as Row[];
    expect(rows.map((r) => r.Order)).toEqual(SETTLED);
    for (const row of rows) {
      const hub = hubOrders.find((o) => o.Order === row.Order)!;
      expect(hub.IDOrder).toEqual(expect.any(Number));
      expect(row).toMatchObject({
        IDCompanyIntegration: integrationId,
        IDOrder: hub.IDOrder,
        ReceivedValue: 0,
      });
      // one receivable per order, for what the buyer paid at the channel
      expect(row.IDAccountReceivable).toHaveLength(1);
      const title = await api.get(`/accounts/receivable/${row.IDAccountReceivable[0]}`);
      expect(cents(title.body.Value)).toBe(cents(hub.TotalValue));
      expect(cents(row.ReceivableValue)).toBe(cents(hub.TotalValue));
      // the channel's arithmetic and the fractions of the gross
      expect(cents(row.NetValue)).toBe(
        cents(row.GrossValue) - cents(row.CommissionValue) - cents(row.FeesValue),
      );
      expect(row.FeesValue).toBe(5);
      for (const pct of ["CommissionPct", "FeesPct", "NetPct"]) {
        expect(row[pct]).toBeGreaterThanOrEqual(0);
        expect(row[pct]).toBeLessThanOrEqual(1);
      }
      expect(row.CommissionPct).toBe(
        Math.round((cents(row.CommissionValue) / cents(row.GrossValue)) * 10_000) / 10_000,
      );
      const n = Number(row.Order.slice(4));
      expect(row.Settlements).toEqual([
        expect.objectContaining({
          Reference: `channel:ST-${n}`,
          GrossValue: row.GrossValue,
          NetValue: row.NetValue,
        }),
      ]);
      // released 15 days after the order
      const released = new Date(`${hub.Date.slice(0, 10)}T00:00:00Z`);
      released.setUTCDate(released.getUTCDate() + 15);
      expect(row.Settlements[0].SettlementDate).toBe(released.toISOString().slice(0, 10));
    }
    // order 11: the channel refunded R$ 10,00 to the buyer and settled that much less
    expect(rows.find((r) => r.Order === "SBX-11")).toMatchObject({ Status: "divergent", Difference: 10 });
    for (const row of rows.filter((r) => r.Order !== "SBX-11"))
      expect(row).toMatchObject({ Status: "conciliated", Difference: 0 });
  });

  it("a second pull stores no settlement twice", async () => {
    const before = await settlementRows(integrationId);
    expect(before).toHaveLength(6);
    expect(await pullNow(api, integrationId, { FromStart: 1 })).toMatchObject({
      Status: "Done",
      Result: { created: 0, settlements: 0 },
    });
    expect(await settlementRows(integrationId)).toEqual(before);
  });

  it("an uploaded settlement report is set against the orders too; a channel order without an order is reported", async () => {
    const hub = hubOrders.find((o) => o.Order === "SBX-5")!;
    const gross = cents(hub.TotalValue);
    const commission = Math.round(gross * 0.1);
    const net = gross - commission - 300;
    const money = (value: number) => (value / 100).toFixed(2).replace(".", ",");
    const csv = [
      "Pedido;Data;Bruto;Comissao;Tarifas;Liquido",
      `SBX-5;2026-12-01;${money(gross)};${money(commission)};3,00;${money(net)}`,
      "SBX-999;2026-12-01;10,00;1,00;0,00;9,00",
    ].join("\n");
    const token = await signIn("demo", "admin@demo.local");
    const upload = await uploadMultipart(token, "/job", utf8(csv), {
      fields: { Type: "MarketplaceSettlement", IDCompanyIntegration: String(integrationId) },
    });
    expect(await waitForJob(token, upload.body.IDJob)).toMatchObject({
      Status: "Done",
      Result: { imported: 2 },
    });
    const rows = (
      await api.get(`${PATH}?IDCompanyIntegration=${integrationId}&DateFrom=2026-12-01&DateTo=2026-12-01`)
    ).body as Row[];
    expect(rows).toEqual([
      expect.objectContaining({
        Order: "SBX-5",
        IDOrder: hub.IDOrder,
        GrossValue: gross / 100,
        CommissionValue: commission / 100,
        FeesValue: 3,
        NetValue: net / 100,
        Difference: 0,
        Status: "conciliated",
        Settlements: [
          expect.objectContaining({ Reference: `job:${upload.body.IDJob}:2`, SettlementDate: "2026-12-01" }),
        ],
      }),
      {
        IDCompanyIntegration: integrationId,
        Order: "SBX-999",
        IDOrder: null,
        IDAccountReceivable: [],
        ReceivableValue: null,
        ReceivedValue: null,
        GrossValue: 10,
        CommissionValue: 1,
        FeesValue: 0,
        NetValue: 9,
        CommissionPct: 0.1,
        FeesPct: 0,
        NetPct: 0.9,
        Difference: null,
        Status: "order_not_found",
        Settlements: [expect.objectContaining({ Reference: `job:${upload.body.IDJob}:3` })],
      },
    ]);
  });

  it("cuts the page on settlement lines before grouping them by channel order", async () => {
    const [registry] = await demoDb()
      .insert(companyIntegrations)
      .values({ companyId: 1, description: unique("Canal"), kind: "HUB" })
      .returning({ id: companyIntegrations.id });
    const id = registry!.id;
    // 4,999 orders of one line each, then order "Z" with three lines: the page of 5,000 lines ends
    // after Z's first line, and Z's two other lines are the next page's.
    const line = (order: string, k: number) => ({
      companyId: 1,
      companyIntegrationId: id,
      channelOrderId: order,
      settlementDate: "2026-11-20",
      gross: 1000,
      commission: 100,
      fees: 0,
      net: 900,
      reference: `channel:${order}-${k}`,
    });
    const lines = Array.from({ length: 4999 }, (_, k) => line(`A${String(k).padStart(5, "0")}`, 0));
    lines.push(line("Z", 1), line("Z", 2), line("Z", 3));
    for (let start = 0; start < lines.length; start += 9)
      await demoDb()
        .insert(marketplaceSettlements)
        .values(lines.slice(start, start + 9));
    const first = (await api.get(`${PATH}?IDCompanyIntegration=${id}`)).body as Row[];
    expect(first).toHaveLength(5000);
    expect(first.at(-1)).toMatchObject({ Order: "Z", GrossValue: 10, Settlements: [expect.anything()] });
    const second = (await api.get(`${PATH}?IDCompanyIntegration=${id}&Page=1`)).body as Row[];
    expect(second).toEqual([expect.objectContaining({ Order: "Z", GrossValue: 20, NetValue: 18 })]);
    expect(second[0]!.Settlements).toHaveLength(2);
    expect((await api.get(`${PATH}?IDCompanyIntegration=${id}&Page=2`)).body).toEqual([]);
  });

  it("refuses bad filters and another company's integration; shows no other company's settlements", async () => {
    expectRefusal(
      await api.get(`${PATH}?DateFrom=2026-02-30`),
      "DateFrom deve ser uma data válida no formato AAAA-MM-DD",
    );
    expectRefusal(
      await api.get(`${PATH}?IDCompanyIntegration=abc`),
      "IDCompanyIntegration deve ser um número inteiro positivo",
    );
    expectRefusal(await other.get(`${PATH}?IDCompanyIntegration=${integrationId}`), "Integração não existe");
    const seen = (await other.get(PATH)).body as Row[];
    expect(seen.filter((r) => r.IDCompanyIntegration === integrationId)).toEqual([]);
  });
});
