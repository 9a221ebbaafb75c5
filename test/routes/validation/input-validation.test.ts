import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { brands, companies, consumers, suppliers } from "../../../drizzle/schema";
import type { ErrorBody } from "../../support/api";
import { orderCount, orderRow, stockedSku } from "../../support/order-factories";
import { newPurchase, purchaseRow, purchaseWorld } from "../../support/purchase-factories";
import { companyOneApi, demoDb, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

/**
 * Invalid input refused at the door on the commerce routes: impossible dates, documents with wrong
 * check digits or stray characters, control characters in text, references to rows that do not exist.
 * Every refusal is a 400 naming the field and leaves the stored data as it was.
 */

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

const IMPOSSIBLE_DATES = ["2026-02-30", "2026-13-01", "2026-04-31", "2026-00-10"];
const OUT_OF_RANGE_DATES = ["0000-01-01", "0001-01-01", "1899-12-31", "2101-01-01", "9999-12-31"];

async function tableCount(table: string): Promise<number> {
  const row = await env.DB_DEMO.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}

describe("dates are real calendar dates from 1900-01-01 to 2100-12-31", () => {
  let sku: { skuId: number; warehouseId: number };
  beforeAll(async () => {
    sku = await stockedSku(api, { stock: 50 });
  });
  const order = (date: string) => ({
    IDWarehouse: sku.warehouseId,
    Date: date,
    Items: [{ IDSku: sku.skuId, Quantity: 1, UnitPrice: 12.83 }],
  });

  it.each(IMPOSSIBLE_DATES)(
    "POST /orders refuses the impossible date %s and creates nothing",
    async (date) => {
      const before = await orderCount();
      expect(await api.post("/orders", order(date))).toMatchObject({
        status: 400,
        body: { errorMessage: "Date deve ser uma data válida no formato AAAA-MM-DD" },
      });
      expect(await orderCount()).toBe(before);
    },
  );

  it.each(OUT_OF_RANGE_DATES)("POST /orders refuses %s, outside the accepted range", async (date) => {
    const before = await orderCount();
    const response = await api.post<ErrorBody>("/orders", order(date));
    expect(response.status).toBe(400);
    expect(response.body.errorMessage).toMatch(
      /^Date deve (ser uma data válida|estar entre 1900-01-01 e 2100-12-31)/,
    );
    expect(await orderCount()).toBe(before);
  });

  it("POST /orders accepts a leap day and the range's limits; PUT refuses 2026-02-30 and keeps the date", async () => {
    for (const date of ["2024-02-29", "1900-01-01", "2100-12-31"]) {
      const created = await api.post("/orders", order(date));
      expect(created.status).toBe(200);
      expect(created.body.Date).toBe(date);
    }
    const created = await api.post("/orders", order("2026-03-10"));
    const id = created.body.IDOrder;
    expect(await api.put(`/orders/${id}`, { Date: "2026-02-30" })).toMatchObject({
      status: 400,
      body: { errorMessage: "Date deve ser uma data válida no formato AAAA-MM-DD" },
    });
    expect(await api.put(`/orders/${id}`, { Date: "9999-12-31" })).toMatchObject({
      status: 400,
      body: { errorMessage: "Date deve estar entre 1900-01-01 e 2100-12-31" },
    });
    expect((await orderRow(id))?.date).toBe("2026-03-10");
  });

  it("POST /purchase refuses an impossible StartTime, an impossible hour and a due date in year 9999", async () => {
    const world = await purchaseWorld(api, { skuCount: 1 });
    const before = await tableCount("purchases");
    const base = {
      IDSupplier: world.supplierId,
      IDWarehouse: world.warehouseId,
      IDStatusPurchase: 2,
      Items: [{ IDSku: world.skus[0], Quantity: 2, UnitCost: 3 }],
    };
    expect(await api.post("/purchase", { ...base, StartTime: "2026-02-30 10:00:00" })).toMatchObject({
      status: 400,
      body: { errorMessage: "StartTime deve ser uma data-hora válida no formato AAAA-MM-DD HH:MM:SS" },
    });
    expect(await api.post("/purchase", { ...base, StartTime: "2026-01-31 24:00:00" })).toMatchObject({
      status: 400,
      body: { errorMessage: "StartTime deve ser uma data-hora válida no formato AAAA-MM-DD HH:MM:SS" },
    });
    expect(
      await api.post("/purchase", {
        ...base,
        Items: [{ IDSku: world.skus[0], Quantity: 2, UnitCost: 3, DueDate: "9999-12-31" }],
      }),
    ).toMatchObject({
      status: 400,
      body: { errorMessage: "DueDate deve estar entre 1900-01-01 e 2100-12-31" },
    });
    expect(await tableCount("purchases")).toBe(before);

    const purchase = await newPurchase(api, world, { StartTime: "2026-01-31T08:30" });
    expect((await purchaseRow(purchase.IDPurchase))?.startTime).toBe("2026-01-31 08:30:00");
  });

  it.each([
    ["/orders?DateFrom=2026-02-30", "DateFrom deve ser uma data válida no formato AAAA-MM-DD"],
    ["/orders?DateTo=9999-12-31", "DateTo deve estar entre 1900-01-01 e 2100-12-31"],
    [
      "/purchase?StartTimeFrom=2026-13-01",
      "StartTimeFrom deve ser uma data-hora válida no formato AAAA-MM-DD HH:MM:SS",
    ],
    [
      "/purchase?SinceRecordTimestamp=0000-01-01",
      "SinceRecordTimestamp deve estar entre 1900-01-01 e 2100-12-31",
    ],
    [
      "/orders/hub?CreationTimestampFrom=2026-02-30%2010:00:00",
      "CreationTimestampFrom deve ser uma data-hora válida no formato AAAA-MM-DD HH:MM:SS",
    ],
    [
      "/orders/hub?CreationTimestampTo=9999-12-31",
      "CreationTimestampTo deve estar entre 1900-01-01 e 2100-12-31",
    ],
  ])("GET %s is a 400", async (path, message) => {
    expect(await api.get(path)).toMatchObject({ status: 400, body: { errorMessage: message } });
  });
});

describe("CPF and CNPJ fields are checked by their check digits and stored as digits", () => {
  it("PUT /company stores a formatted CNPJ as digits and refuses a wrong one without touching the stored value", async () => {
    const changed = await api.put("/company", { Document: "11.444.777/0001-61" });
    expect(changed).toMatchObject({ status: 200, body: { Document: "11444777000161" } });
    for (const document of [
      "11444777000162",
      "11.111.111/1111-11",
      "abc",
      "11444777000161x",
      "111.444.777-35",
    ]) {
      expect(await api.put("/company", { Document: document })).toMatchObject({
        status: 400,
        body: { errorMessage: "Document deve ser um CNPJ válido" },
      });
    }
    const row = await demoDb().select().from(companies).where(eq(companies.id, 1)).get();
    expect(row?.document).toBe("11444777000161");
  });

  it("PUT /consumer refuses text that is not a document instead of erasing the stored one", async () => {
    const created = await api.post("/consumer", { Name: unique("Cliente"), Document: "111.444.777-35" });
    expect(created.status).toBe(200);
    const id = created.body[0]!.IDConsumer;
    for (const document of ["abc", "-", "111.444.777-3a5", "111.111.111-11", "11144477736"]) {
      expect(await api.put(`/consumer/${id}`, { Document: document })).toMatchObject({
        status: 400,
        body: { errorMessage: "Document deve ser um CPF ou CNPJ válido" },
      });
    }
    const row = await demoDb().select().from(consumers).where(eq(consumers.id, id)).get();
    expect(row?.document).toBe("11144477735");
  });

  it("POST /supplier and /company/invoice refuse a letter among the digits (never dropped) and a CPF where a CNPJ is due", async () => {
    const suppliersBefore = await tableCount("suppliers");
    expect(
      await api.post("/supplier", { Name: unique("Fornecedor"), Document: "11444777000161a" }),
    ).toMatchObject({
      status: 400,
      body: { errorMessage: "Document deve ser um CPF ou CNPJ válido" },
    });
    expect(await tableCount("suppliers")).toBe(suppliersBefore);
    expect(
      await api.post("/company/invoice", { Name: unique("Faturador"), Document: "111.444.777-35" }),
    ).toMatchObject({
      status: 400,
      body: { errorMessage: "Document deve ser um CNPJ válido" },
    });
    const carrier = await api.post("/supplier", {
      Name: unique("Transportadora"),
      Document: " 111.444.777-35 ",
      IsCarrier: 1,
    });
    expect(carrier.status).toBe(200);
    const row = await demoDb()
      .select()
      .from(suppliers)
      .where(eq(suppliers.id, carrier.body[0]!.IDSupplier))
      .get();
    expect(row?.document).toBe("11144477735");
  });
});

describe("text fields refuse control characters", () => {
  it.each([
    ["NUL", "Marca\u0000"],
    ["BEL", "Marca\u0007"],
    ["line feed in a name", "Marca\nnova"],
    ["tab in a name", "Marca\tnova"],
    ["DEL", "Marca\u007F"],
    ["C1 NEL", "Marca\u0085"],
    ["C1 CSI", "Marca\u009B"],
  ])("POST /brand refuses %s in Name and stores nothing", async (_, name) => {
    const before = await tableCount("brands");
    expect(await api.post("/brand", { Name: name })).toMatchObject({
      status: 400,
      body: { errorMessage: "Name não pode conter caracteres de controle" },
    });
    expect(await tableCount("brands")).toBe(before);
  });

  it("keeps emoji, CJK and right-to-left text as sent", async () => {
    const name = `Marca 🎉 漢字 עברית ${unique("x")}`;
    const created = await api.post("/brand", { Name: name, Description: "linha 1\nlinha 2\tcoluna" });
    expect(created.body).toMatchObject([{ Name: name }]);
    const row = await demoDb().select().from(brands).where(eq(brands.id, created.body[0]!.IDBrand)).get();
    expect(row).toMatchObject({ name, description: "linha 1\nlinha 2\tcoluna" });
  });

  it("an order's Notes keep line breaks and refuse NUL; a webhook Url refuses CR/LF", async () => {
    const sku = await stockedSku(api, { stock: 5 });
    const order = { IDWarehouse: sku.warehouseId, Items: [{ IDSku: sku.skuId, Quantity: 1, UnitPrice: 10 }] };
    const created = await api.post("/orders", { ...order, Notes: "Entregar à tarde\r\nPortão 2" });
    expect(created.status).toBe(200);
    expect((await orderRow(created.body.IDOrder))?.notes).toBe("Entregar à tarde\r\nPortão 2");
    expect(await api.post("/orders", { ...order, Notes: "a\u0000b" })).toMatchObject({
      status: 400,
      body: { errorMessage: "Notes não pode conter caracteres de controle (só tabulação e quebra de linha)" },
    });
    const webhooksBefore = await tableCount("webhook_endpoints");
    expect(
      await api.post("/webhook", { Url: "https://example.com/\r\nX-Injected: 1", Events: ["title.paid"] }),
    ).toMatchObject({ status: 400, body: { errorMessage: "Url não pode conter caracteres de controle" } });
    expect(await tableCount("webhook_endpoints")).toBe(webhooksBefore);
  });
});

describe("references are checked against their registry", () => {
  it("POST and PUT /tracking-message refuse an IDTrackingStatus that does not exist", async () => {
    const before = await tableCount("tracking_messages");
    const body = { IDTrackingStatus: 99999, TypeMessage: 2, Body: "Pedido {{Order.Number}}" };
    expect(await api.post("/tracking-message", body)).toMatchObject({
      status: 400,
      body: { errorMessage: "Status de rastreio não existe" },
    });
    expect(await tableCount("tracking_messages")).toBe(before);

    const created = await api.post("/tracking-message", { ...body, IDTrackingStatus: 3 });
    expect(created.status).toBe(200);
    const id = created.body[0]!.IDTrackingMessage;
    expect(await api.put(`/tracking-message/${id}`, { IDTrackingStatus: 99999 })).toMatchObject({
      status: 400,
      body: { errorMessage: "Status de rastreio não existe" },
    });
    expect((await api.get(`/tracking-message/${id}`)).body[0]!.IDTrackingStatus).toBe(3);
  });

  it("a tracking message's Subject is one line", async () => {
    expect(
      await api.post("/tracking-message", {
        IDTrackingStatus: 4,
        TypeMessage: 1,
        Subject: "Pedido\r\nBcc: x@example.com",
        Body: "Olá",
      }),
    ).toMatchObject({
      status: 400,
      body: { errorMessage: "Subject não pode conter caracteres de controle" },
    });
  });
});

describe("numbers beyond their range or precision are refused, never rounded", () => {
  it.each([
    [{ Quantity: 1.0001 }, "Quantidade aceita no máximo 3 casas decimais"],
    [{ Quantity: 2 ** 31 }, "Quantidade excede o máximo permitido (1000000)"],
    [{ IDSku: 2 ** 31 }, "IDSku excede o limite int32"],
    [{ IDSku: Number.MAX_SAFE_INTEGER + 2 }, "IDSku deve ser um número inteiro"],
    [{ UnitPrice: 1.001 }, "UnitPrice aceita no máximo 2 casas decimais"],
  ])("POST /orders with item %j is a 400", async (item, message) => {
    const sku = await stockedSku(api, { stock: 5 });
    const before = await orderCount();
    const response = await api.post<ErrorBody>("/orders", {
      IDWarehouse: sku.warehouseId,
      Items: [{ IDSku: sku.skuId, Quantity: 1, UnitPrice: 10, ...item }],
    });
    expect(response.status).toBe(400);
    expect(response.body.errorMessage).toContain(message);
    expect(await orderCount()).toBe(before);
  });
});
