import { beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../support/api";
import { expectRefusal } from "../support/refusal";
import { companyOneApi, unique } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";
import { adjust, newSku, newWarehouse } from "../support/stock-factories";
import { latin1, uploadMultipart, uploadTwoSteps, utf8, waitForJob } from "../support/upload-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let token: string;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  token = await signIn("demo", "admin@demo.local");
});

describe("inventory counts by CSV (POST /job, Type StockInventoryCount)", () => {
  it("records the good lines, reports the bad ones by line, then applies", async () => {
    const wh = await newWarehouse(api);
    const kg = await newSku(api, { Unit: "KG", DecimalQuantity: 1 });
    const un = await newSku(api);
    const lot = await newSku(api, { BatchControl: 1 });
    const batch = (await api.post("/sku/batch", { IDSku: lot.IDSku, Code: "L-7" })).body[0]!.IDBatch;
    await adjust(api, { IDSku: un.IDSku, IDWarehouse: wh, IDTypeMovement: 0, Quantity: 9, UnitCost: 1 });
    const id = (await api.post("/sku/inventory", { IDWarehouse: wh })).body
      .IDStockKeepingUnitInventorySummary;
    const csv = [
      "Código;Quantidade;Lote",
      `${kg.Code};12,5;`,
      `${un.Code};7;`,
      `${un.Code};1,5;`,
      "NAO-EXISTE;1;",
      `${lot.Code};3;L-7`,
      `${lot.Code};3;L-X`,
      `${kg.Code};abc;`,
    ].join("\n");
    const upload = await uploadMultipart(token, "/job", latin1(csv), {
      fields: { Type: "StockInventoryCount", IDStockKeepingUnitInventorySummary: String(id) },
    });
    expect(upload.status).toBe(200);
    const job = await waitForJob(token, upload.body.IDJob);
    expect(job).toMatchObject({ Status: "Done", Total: 7, Result: { counted: 3, errors: 4 } });
    expect(job.Errors).toEqual([
      { Line: 4, Message: "Quantidade deve ser inteira: a unidade do SKU (UN) não aceita frações" },
      { Line: 5, Message: "SKU não existe: NAO-EXISTE" },
      { Line: 7, Message: `Lote não existe para o SKU: ${lot.Code}` },
      { Line: 8, Message: "Quantidade inválida: abc" },
    ]);
    const summary = await api.get(`/sku/inventory-summary/${id}`);
    expect(summary.body.Items.map((i) => [i.IDSku, i.IDBatch, i.QtyCounted])).toEqual([
      [kg.IDSku, null, 12.5],
      [un.IDSku, null, 7],
      [lot.IDSku, batch, 3],
    ]);
    const applied = await api.post(`/sku/inventory/${id}/apply`);
    expect(applied.body).toMatchObject({ Items: 3, Movements: 3 });
    expect(
      (await api.get(`/sku/${un.IDSku}/warehouse`)).body.find((w) => w.IDWarehouse === wh)!.QtyOnStock,
    ).toBe(7);
  });

  it("refuses a missing, unknown or applied inventory; a file without the columns fails the job", async () => {
    const csv = utf8("sku;quantity\nX;1\n");
    expectRefusal(
      await uploadMultipart(token, "/job", csv, { fields: { Type: "StockInventoryCount" } }),
      "IDStockKeepingUnitInventorySummary é obrigatório para o tipo StockInventoryCount",
    );
    expectRefusal(
      await uploadMultipart(token, "/job", csv, {
        fields: { Type: "StockInventoryCount", IDStockKeepingUnitInventorySummary: "999999" },
      }),
      "Inventário não existe",
    );

    const wh = await newWarehouse(api);
    const id = (await api.post("/sku/inventory", { IDWarehouse: wh })).body
      .IDStockKeepingUnitInventorySummary;
    const noColumns = await uploadTwoSteps(token, "/job", utf8(`nome;valor\n${unique("x")};1\n`), {
      fields: { Type: "StockInventoryCount", IDStockKeepingUnitInventorySummary: id },
    });
    expect(noColumns.status).toBe(200);
    const failed = await waitForJob(token, noColumns.body.IDJob);
    expect(failed).toMatchObject({
      Status: "Failed",
      FailureReason: "Cabeçalho sem as colunas obrigatórias: use sku (ou code) e quantity (ou quantidade)",
    });

    const sku = await newSku(api);
    await api.post(`/sku/inventory/${id}/items`, { Items: [{ IDSku: sku.IDSku, Quantity: 1 }] });
    await api.post(`/sku/inventory/${id}/apply`);
    expectRefusal(
      await uploadMultipart(token, "/job", utf8(`sku;quantity\n${sku.Code};2\n`), {
        fields: { Type: "StockInventoryCount", IDStockKeepingUnitInventorySummary: String(id) },
      }),
      "Inventário já aplicado não aceita novas contagens",
    );
  });
});
