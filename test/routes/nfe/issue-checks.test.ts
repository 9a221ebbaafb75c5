import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../../drizzle/schema";
import {
  certificateExpired,
  consumerWithoutAddress,
  consumerWithoutDocument,
  INVOICE_COMPANY_NOT_ENABLED,
  invoiceCompanyLacks,
  invoiceCompanyRequired,
  NFE_ORDERS_REPEATED,
  NFE_ORDERS_TOO_MANY,
  noCertificate,
  ORDER_ALREADY_INVOICED,
  ORDER_CANCELLED,
  ORDER_WITHOUT_CONSUMER,
  ORDER_WITHOUT_ITEMS,
  ORDER_WITHOUT_TYPE,
  orderStatusNotInvoiceable,
  orderTooManyItems,
  skuLacks,
  TYPE_WITHOUT_INVOICE_COMPANY,
  typeWithoutNatOp,
} from "../../../src/domain/emission/messages";
import { ORDER_NOT_FOUND } from "../../../src/domain/orders/messages";
import { client, signIn } from "../../support/api";
import {
  certify,
  fiscalSku,
  issuableOrder,
  issuableSetup,
  newIssuer,
  newOrderType,
  newRecipient,
  noteRows,
  OTHER_ROOT_CNPJ,
} from "../../support/nfe-factories";
import { expectRefusal } from "../../support/refusal";
import { companyTwoApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

/**
 * The checks of `POST /orders/{idorder}/nfe` and `POST /nfe/batch` before a number is taken: each
 * missing piece of data is a 400 naming it, and a refused issue numbers nothing.
 */

beforeAll(seedAccounts);

let api: ReturnType<typeof client>;
beforeAll(async () => {
  api = client("demo", await signIn("demo", "admin@demo.local"));
});

const issue = (orderId: number, body?: unknown) => api.post(`/orders/${orderId}/nfe`, body);

const nextNumberOf = async (invoiceId: number) =>
  (await api.get<{ NFeNextNumber: number }[]>(`/company/invoice/${invoiceId}`)).body[0]!.NFeNextNumber;

const skuCode = async (skuId: number) =>
  (await demoDb().select({ code: products.code }).from(products).where(eq(products.id, skuId)).get())!.code;

describe("the order itself", () => {
  it("refuses an order of another company as one that does not exist", async () => {
    const setup = await issuableSetup(api);
    const order = await issuableOrder(api, setup);
    const other = await companyTwoApi();
    expectRefusal(await other.post(`/orders/${order}/nfe`), ORDER_NOT_FOUND);
    expect(await noteRows(order)).toEqual([]);
  });

  it("refuses a cancelled order, an order already invoiced and an order without items", async () => {
    const setup = await issuableSetup(api);
    const cancelled = await issuableOrder(api, setup);
    expect((await api.put(`/orders/${cancelled}`, { IDStatusOrder: 10 })).status).toBe(200);
    expectRefusal(await issue(cancelled), ORDER_CANCELLED);

    const invoiced = await issuableOrder(api, setup);
    expect((await api.put(`/orders/${invoiced}`, { IDStatusOrder: 6 })).status).toBe(200);
    expectRefusal(await issue(invoiced), ORDER_ALREADY_INVOICED);

    const empty = await issuableOrder(api, setup);
    await env.DB_DEMO.prepare("DELETE FROM order_items WHERE order_id = ?").bind(empty).run();
    expectRefusal(await issue(empty), ORDER_WITHOUT_ITEMS);
    expect([
      ...(await noteRows(cancelled)),
      ...(await noteRows(invoiced)),
      ...(await noteRows(empty)),
    ]).toEqual([]);
    expect(await nextNumberOf(setup.issuer.id)).toBe(1);
  });

  it("refuses an order above the layout's 990 items", async () => {
    const setup = await issuableSetup(api);
    const order = await issuableOrder(api, setup);
    // 990 more copies of its item, written directly: the API would take minutes to add them
    await env.DB_DEMO.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 990)
       INSERT INTO order_items (company_id, order_id, sku_id, quantity, unit_price, discount, value, icms_cst, ipi_cst,
         pis_cst, cofins_cst, tax_total, total)
       SELECT company_id, order_id, sku_id, quantity, unit_price, discount, value, icms_cst, ipi_cst, pis_cst,
         cofins_cst, tax_total, total FROM order_items, n WHERE order_id = ?`,
    )
      .bind(order)
      .run();
    expectRefusal(await issue(order), orderTooManyItems(991));
  });

  it("refuses an order without an order type, and a type enabled for no invoicing company", async () => {
    const setup = await issuableSetup(api);
    const untyped = await issuableOrder(api, setup, { IDTypeOrder: null });
    expectRefusal(await issue(untyped), ORDER_WITHOUT_TYPE);

    const lonely = await newOrderType(api, []);
    const order = await issuableOrder(api, setup, { IDTypeOrder: lonely });
    expectRefusal(await issue(order), TYPE_WITHOUT_INVOICE_COMPANY(lonely));
  });

  it("asks which invoicing company when the type is enabled for several, and only one of them", async () => {
    const setup = await issuableSetup(api);
    const second = await newIssuer(api);
    const outsider = await newIssuer(api);
    const shared = await newOrderType(api, [setup.issuer.id, second.id]);
    const order = await issuableOrder(api, setup, { IDTypeOrder: shared });
    const ids = [setup.issuer.id, second.id].sort((a, b) => a - b);
    expectRefusal(await issue(order), invoiceCompanyRequired(shared, ids));
    expectRefusal(await issue(order, { IDCompanyInvoice: outsider.id }), INVOICE_COMPANY_NOT_ENABLED);
    // naming one of them, the checks go on (here, to the certificate or what the order lacks)
    const named = await issue(order, { IDCompanyInvoice: second.id });
    expect(named.status).not.toBe(202);
    expect((named.body as { errorMessage: string }).errorMessage).not.toBe(INVOICE_COMPANY_NOT_ENABLED);
  });
});

describe("the fiscal data", () => {
  it("names the invoicing company's missing profile fields", async () => {
    const setup = await issuableSetup(api, { issuer: { StateRegistration: null, ZipCode: null } });
    const order = await issuableOrder(api, setup);
    expectRefusal(await issue(order), invoiceCompanyLacks(setup.issuer.id, ["StateRegistration", "ZipCode"]));
  });

  it("names the SKU without NCM or origin", async () => {
    const setup = await issuableSetup(api);
    const bare = await fiscalSku(api, { fiscal: { NCM: null, Origin: null } });
    const order = await issuableOrder(api, setup, {
      Items: [
        { IDSku: setup.sku.skuId, Quantity: 1 },
        { IDSku: bare.skuId, Quantity: 1 },
      ],
    });
    // both SKUs in the order's warehouse
    await env.DB_DEMO.prepare("UPDATE orders SET warehouse_id = ? WHERE id = ?")
      .bind(setup.sku.warehouseId, order)
      .run();
    expectRefusal(await issue(order), skuLacks(bare.skuId, await skuCode(bare.skuId), ["NCM", "Origin"]));
  });

  it("names the order type without NatOp", async () => {
    const setup = await issuableSetup(api, { type: { NatOp: null } });
    const order = await issuableOrder(api, setup);
    expectRefusal(await issue(order), typeWithoutNatOp(setup.orderType));
  });

  it("refuses an order without consumer, a consumer without CPF/CNPJ and one without address", async () => {
    const setup = await issuableSetup(api);
    const anonymous = await issuableOrder(api, setup, { IDConsumer: null });
    expectRefusal(await issue(anonymous), ORDER_WITHOUT_CONSUMER);

    const undocumented = await newRecipient(api, { Document: null });
    const order = await issuableOrder(api, { ...setup, consumer: undocumented });
    expectRefusal(await issue(order), consumerWithoutDocument(undocumented));

    const homeless = await newRecipient(api, {
      Street: null,
      District: null,
      CityCode: null,
      City: null,
      UF: null,
      Number: null,
    });
    const third = await issuableOrder(api, { ...setup, consumer: homeless });
    expectRefusal(
      await issue(third),
      consumerWithoutAddress(homeless, ["Street", "Number", "District", "CityCode", "City", "UF"]),
    );
  });

  it("refuses an order whose status does not lead to 6 (Faturado)", async () => {
    const setup = await issuableSetup(api);
    const received = await issuableOrder(api, setup, { IDStatusOrder: 1 });
    expectRefusal(await issue(received), orderStatusNotInvoiceable(1));
  });

  it("refuses an expired certificate", async () => {
    const setup = await issuableSetup(api, { issuer: { Document: OTHER_ROOT_CNPJ } });
    await certify(api, setup.issuer.id, "otherRoot");
    // the certificate was valid when stored; time passed
    await env.DB_DEMO.prepare(
      "UPDATE company_certificates SET not_after = '2025-01-01T00:00:00Z' WHERE cnpj = ?",
    )
      .bind(OTHER_ROOT_CNPJ)
      .run();
    const order = await issuableOrder(api, setup);
    expectRefusal(await issue(order), certificateExpired(setup.issuer.id, "2025-01-01T00:00:00Z"));
    expect(await noteRows(order)).toEqual([]);
  });

  it("refuses an invoicing company without a certificate, numbering nothing", async () => {
    const setup = await issuableSetup(api);
    const order = await issuableOrder(api, setup);
    expectRefusal(await issue(order), noCertificate(setup.issuer.id));
    expect(await noteRows(order)).toEqual([]);
    expect(await nextNumberOf(setup.issuer.id)).toBe(1);
  });
});

describe("POST /nfe/batch", () => {
  it("refuses more than 500 orders and repeated ones", async () => {
    const ids = Array.from({ length: 501 }, (_, i) => i + 1);
    expectRefusal(await api.post("/nfe/batch", { IDOrders: ids }), NFE_ORDERS_TOO_MANY);
    expectRefusal(await api.post("/nfe/batch", { IDOrders: [7, 7] }), NFE_ORDERS_REPEATED);
  });

  it("names the order a refusal is about and numbers none of them", async () => {
    const setup = await issuableSetup(api);
    const good = await issuableOrder(api, setup);
    const cancelled = await issuableOrder(api, setup);
    expect((await api.put(`/orders/${cancelled}`, { IDStatusOrder: 10 })).status).toBe(200);
    expectRefusal(
      await api.post("/nfe/batch", { IDOrders: [good, cancelled] }),
      `Pedido ${cancelled}: ${ORDER_CANCELLED}`,
    );
    expect([...(await noteRows(good)), ...(await noteRows(cancelled))]).toEqual([]);
    expect(await nextNumberOf(setup.issuer.id)).toBe(1);
  });
});
