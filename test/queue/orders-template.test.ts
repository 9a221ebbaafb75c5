import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../drizzle/schema";
import { signIn } from "../support/api";
import { itemRows, reservationRows, stockedSku } from "../support/order-factories";
import { companyOneApi, demoDb } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";
import { latin1, uploadMultipart, uploadTwoSteps, utf8, waitForJob } from "../support/upload-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let token: string;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  token = await signIn("demo", "admin@demo.local");
});

const ordersOfJob = (jobId: number) =>
  demoDb()
    .select()
    .from(orders)
    .where(sql`${orders.importKey} LIKE ${`job:${jobId}:%`}`)
    .orderBy(orders.id);

describe("POST /orders/template (OrdersTemplate jobs)", () => {
  it("creates one order per group of lines; a group with a bad line is reported by line and not imported", async () => {
    const { skuId, warehouseId } = await stockedSku(api, { price: 20 });
    const code = (await api.get(`/sku/${skuId}`)).body[0]!.Code;
    const consumer = (await api.post("/consumer", { Name: "Cliente da planilha" })).body[0]!.IDConsumer;
    const csv = [
      "Pedido;Depósito;Código;Quantidade;Preço;Cliente;Data;Status",
      `A-1;${warehouseId};${code};2;10,00;${consumer};2026-06-01;23`,
      `A-1;${warehouseId};${code};1,0;;;;`,
      `B-2;${warehouseId};NAO-EXISTE;1;;;;`,
      `B-2;${warehouseId};${code};1;;;;`,
      `C-3;${warehouseId};${code};abc;;;;`,
      `D-4;${warehouseId};${code};0;;;;`,
      `E-5;${warehouseId};${code};3;;;2026-06-02;`,
    ].join("\n");
    const upload = await uploadTwoSteps(token, "/orders/template", latin1(csv), { fileName: "pedidos.csv" });
    expect(upload.status).toBe(200);
    const job = await waitForJob(token, upload.body.IDJob);
    expect(job).toMatchObject({ Status: "Done", Total: 5, Result: { orders: 2, lines: 7, errors: 3 } });
    expect(job.Errors).toEqual([
      { Line: 4, Message: "SKU não existe: NAO-EXISTE" },
      { Line: 6, Message: "Quantidade inválida: abc" },
      { Line: 7, Message: "Quantidade deve ser maior que zero" },
    ]);
    const created = await ordersOfJob(upload.body.IDJob);
    expect(created.map((o) => [o.consumerId, o.date, o.statusId, o.warehouseId])).toEqual([
      [consumer, "2026-06-01", 23, warehouseId],
      [null, "2026-06-02", 1, warehouseId],
    ]);
    expect((await itemRows(created[0]!.id)).map((i) => [i.quantity, i.unitPrice])).toEqual([
      [2000, 1000],
      [1000, 2000],
    ]);
    expect(await reservationRows(created[0]!.id)).toEqual([expect.objectContaining({ quantity: 3000 })]);

    // the same file again answers the same job and creates nothing
    const again = await uploadMultipart(token, "/orders/template", latin1(csv));
    expect(again.body.IDJob).toBe(upload.body.IDJob);
    expect(await ordersOfJob(upload.body.IDJob)).toHaveLength(2);
  });

  it("fails a template without the required columns, creating nothing", async () => {
    const upload = await uploadMultipart(token, "/orders/template", utf8("pedido;sku\nX;Y\n"));
    const job = await waitForJob(token, upload.body.IDJob);
    expect(job).toMatchObject({
      Status: "Failed",
      FailureReason:
        "Cabeçalho sem as colunas obrigatórias: pedido (ou order), deposito (ou warehouse), sku (ou codigo) e quantidade (ou quantity)",
    });
    expect(await ordersOfJob(upload.body.IDJob)).toEqual([]);
  });

  it("an order refused by createOrder is reported on the line of the item", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const code = (await api.get(`/sku/${skuId}`)).body[0]!.Code;
    const csv = [
      "pedido;deposito;sku;quantidade;status",
      `Z;${warehouseId};${code};1;6`,
      `Z;${warehouseId};${code};1,5;`,
    ].join("\n");
    const upload = await uploadMultipart(token, "/orders/template", utf8(csv));
    const job = await waitForJob(token, upload.body.IDJob);
    expect(job).toMatchObject({ Status: "Done", Result: { orders: 0, errors: 1 } });
    expect(job.Errors).toEqual([{ Line: 2, Message: "Pedido não pode ser criado no status 6" }]);
    const csv2 = [
      "pedido;deposito;sku;quantidade",
      `Y;${warehouseId};${code};1`,
      `Y;${warehouseId};${code};1,5`,
    ].join("\n");
    const job2 = await waitForJob(
      token,
      (await uploadMultipart(token, "/orders/template", utf8(csv2))).body.IDJob,
    );
    expect(job2.Errors).toEqual([
      { Line: 3, Message: "Quantidade deve ser inteira: a unidade do SKU (UN) não aceita frações" },
    ]);
    expect(
      await demoDb()
        .select()
        .from(orders)
        .where(eq(orders.importKey, `job:${job2.IDJob}:2`)),
    ).toEqual([]);
  });

  it("an order whose status would reserve beyond QtyAvailable is a line error; the others are imported", async () => {
    const { skuId, warehouseId } = await stockedSku(api, { stock: 2 });
    const code = (await api.get(`/sku/${skuId}`)).body[0]!.Code;
    const csv = [
      "pedido;deposito;sku;quantidade;status",
      `R;${warehouseId};${code};2;23`,
      `R;${warehouseId};${code};1;`,
      `S;${warehouseId};${code};2;50`,
      `T;${warehouseId};${code};5;`,
    ].join("\n");
    const upload = await uploadMultipart(token, "/orders/template", utf8(csv));
    const job = await waitForJob(token, upload.body.IDJob);
    expect(job).toMatchObject({ Status: "Done", Result: { orders: 2, lines: 4, errors: 1 } });
    expect(job.Errors).toEqual([
      {
        Line: 2,
        Message: `Estoque insuficiente para reservar o SKU ${skuId} no depósito ${warehouseId}: disponível 2, solicitado 3`,
      },
    ]);
    const created = await ordersOfJob(upload.body.IDJob);
    expect(created.map((o) => [o.importKey, o.statusId])).toEqual([
      [`job:${upload.body.IDJob}:4`, 50],
      [`job:${upload.body.IDJob}:5`, 1],
    ]);
    expect(await reservationRows(created[0]!.id)).toEqual([expect.objectContaining({ quantity: 2000 })]);
  });
});
