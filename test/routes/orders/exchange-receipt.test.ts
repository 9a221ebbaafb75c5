import { eq } from "drizzle-orm";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../../drizzle/schema";
import { newOrder, stockedSku } from "../../support/order-factories";
import { companyOneApi, demoDb } from "../../support/registry-factories";
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
    const bytes = decode(response.body.ExchangeReceiptBase64Encode!);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    expect(new TextDecoder().decode(bytes.subarray(bytes.length - 6)).trim()).toBe("%%EOF");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Vale-troca do pedido ${order.IDOrder}`);
    expect(pdf.getCreationDate()?.toISOString().slice(0, 10)).toBe("2026-05-29");
    expect(response.body.Items).toEqual(order.Items);
  });
});

/** The texts drawn on the first page (`<hex> Tj` of its content streams), WinAnsi read as Latin-1. */
function drawnTexts(pdf: PDFDocument): string[] {
  const contents = pdf.getPage(0).node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  const texts: string[] = [];
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) throw new Error("unexpected content stream");
    const operators = new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
    for (const [, hex] of operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      texts.push(String.fromCharCode(...(hex!.match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16))));
  }
  return texts;
}

describe("ExchangeReceiptBase64Encode with any stored text", () => {
  let companyName: string;
  beforeAll(async () => {
    companyName = (await api.get("/company")).body.Name;
  });
  afterAll(async () => {
    expect((await api.put("/company", { Name: companyName })).status).toBe(200);
  });

  it("draws what the font can, replaces the rest, and never answers a 500", async () => {
    // Emoji, CJK, RTL with its mark, a decomposed accent, a ligature, full-width and Hungarian letters.
    const company = await api.put("/company", { Name: "Loja Ação e\u0301 ﬁ Ａ ő 🚀 中文 עברית\u200f €—" });
    expect(company.status).toBe(200);
    const { skuId, warehouseId } = await stockedSku(api);
    expect((await api.put(`/sku/${skuId}`, { Code: `CÓD-🚀-中-${skuId}` })).status).toBe(200);
    // C0 and C1 controls and DEL, as data written before validation or by another channel may hold.
    await demoDb()
      .update(products)
      .set({ name: "Café\u0000\u0007\t\n\u0085\u009f\u007f 👍🏽 ok" })
      .where(eq(products.id, skuId));
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      Date: "2026-05-29",
      Items: [{ IDSku: skuId, Quantity: 1 }],
    });
    const response = await api.get(`/orders/${order.IDOrder}`);
    expect(response.status).toBe(200);
    const pdf = await PDFDocument.load(decode(response.body.ExchangeReceiptBase64Encode!));
    expect(pdf.getCreator()).toBe("Loja Ação e\u0301 ﬁ Ａ ő 🚀 中文 עברית\u200f €—");
    const drawn = drawnTexts(pdf);
    // WinAnsi bytes 0x80 and 0x97 are € and —.
    expect(drawn).toContain("Loja Ação é fi A o ? ?? ????? \x80\x97");
    expect(drawn).toContain(`CÓD-?-?-${skuId}`);
    expect(drawn).toContain("Café        ?? ok");
    const listed = await api.get("/orders?DateFrom=2026-05-29&DateTo=2026-05-29");
    expect(listed.status).toBe(200);
    expect(listed.body.map((o: { IDOrder: number }) => o.IDOrder)).toContain(order.IDOrder);
  });
});
