import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { newOrder, stockedSku } from "../../support/order-factories";
import { companyOneApi } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

const decode = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

describe("ExchangeReceiptBase64Encode", () => {
  it("is a real PDF that pdf-lib loads inside workerd, one page naming the order", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      Date: "2026-05-29",
      Items: [{ IDSku: skuId, Quantity: 2 }],
    });
    const response = await api.get(`/orders/${order.IDOrder}`);
    expect(response.status).toBe(200);
    const bytes = decode(response.body.ExchangeReceiptBase64Encode);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    expect(new TextDecoder().decode(bytes.subarray(bytes.length - 6)).trim()).toBe("%%EOF");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Vale-troca do pedido ${order.IDOrder}`);
    expect(pdf.getCreationDate()?.toISOString().slice(0, 10)).toBe("2026-05-29");
    expect(response.body.Items).toEqual(order.Items);
  });
});
