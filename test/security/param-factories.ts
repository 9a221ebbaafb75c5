import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../drizzle/schema";
import { drizzleFor } from "../../src/db/client";
import type { Answer } from "../support/answers";
import { client, signIn } from "../support/api";
import { newTaxProfile } from "../support/order-factories";
import type { Operation } from "../support/route-table";

/** A table with an integer `id` key, into which a row is inserted directly. */
type TableWithId = SQLiteTable & { id: SQLiteColumn };

/**
 * One factory per path parameter name: it creates, in the given demo company, a live row of the
 * kind the parameter names and answers its id. The isolation matrix fails for any id parameter of
 * the OpenAPI document that has no entry here, so a new route cannot skip the check.
 */

export type CompanyId = 1 | 2;
type Api = ReturnType<typeof client>;

export type FactoryContext = {
  companyId: CompanyId;
  operation: Operation;
  /** The company's own API client (company 1: admin@demo.local, company 2: filial@demo.local). */
  api: Api;
  /** Value of another parameter of the same route, for the same company (created on first use). */
  value: (name: string) => Promise<number>;
};

export type ParamFactory = (ctx: FactoryContext) => Promise<number>;

const db = () => drizzleFor(env.DB_DEMO);
let sequence = 0;
const unique = (prefix: string) => `${prefix} ${++sequence}-${crypto.randomUUID().slice(0, 8)}`;

async function insertRow(table: TableWithId, values: Record<string, unknown>): Promise<number> {
  const row = await db().insert(table).values(values).returning({ id: table.id }).get();
  return (row as { id: number }).id;
}

const apis = new Map<CompanyId, Api>();
export async function apiOf(companyId: CompanyId): Promise<Api> {
  const cached = apis.get(companyId);
  if (cached) return cached;
  const email = companyId === 1 ? "admin@demo.local" : "filial@demo.local";
  const api = client("demo", await signIn("demo", email));
  apis.set(companyId, api);
  return api;
}

function ok<T>(response: { status: number; body: T }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A webhook endpoint of the company; its URL refuses connections, so a redelivery ends quickly. */
const webhookEndpoint = (companyId: number) =>
  insertRow(schema.webhookEndpoints, {
    companyId,
    url: "http://127.0.0.1:9/isolation",
    eventTypes: '["transfer.created"]',
    secret: `whsec_${crypto.randomUUID()}`,
  });

const bankAccount = (companyId: number) =>
  insertRow(schema.bankAccounts, {
    companyId,
    bank: unique("Banco"),
    bankNumber: "341",
    agency: "0001",
    accountNumber: `${++sequence}-0`,
  });

/** A title of the company, created through its own API, with one payment of 10.00. */
async function paidTitle(ctx: FactoryContext, kind: "payable" | "receivable") {
  const created = ok(
    await ctx.api.post(`/accounts/${kind}`, {
      Description: unique("Título"),
      Value: 100,
      DueDate: "2026-08-01",
    }),
    `create ${kind}`,
  );
  const id = created.IDAccountPayableReceivable as number;
  const paid = ok(
    await ctx.api.post(`/accounts/${kind}/${id}/payment`, {
      IDBankAccount: await bankAccount(ctx.companyId),
      Value: 10,
      Date: "2026-03-01",
    }),
    `pay ${kind}`,
  );
  return { id, paymentId: paid.Payments[0]!.IDAccountPayment as number };
}

/** A purchase awaiting receipt (status 2, one SKU), created through the company's own API. */
async function purchaseOf(ctx: FactoryContext): Promise<number> {
  const { companyId } = ctx;
  const created = ok(
    await ctx.api.post("/purchase", {
      IDSupplier: await insertRow(schema.suppliers, { companyId, name: unique("Fornecedor") }),
      IDWarehouse: await insertRow(schema.warehouses, { companyId, name: unique("Depósito") }),
      IDStatusPurchase: 2,
      Items: [
        {
          IDSku: await insertRow(schema.products, { companyId, name: unique("SKU"), code: unique("C") }),
          Quantity: 2,
          UnitCost: 3,
        },
      ],
    }),
    "create purchase",
  );
  return created.IDPurchase as number;
}

const payments = new WeakMap<FactoryContext, Map<number, number>>();

/** A bank line reconciled with a receivable title, through the company's own API. */
async function reconciledBankLine(ctx: FactoryContext): Promise<number> {
  const account = await bankAccount(ctx.companyId);
  const line = ok(
    await ctx.api.post("/accounts/bank-statement/conciliation", {
      IDBankAccount: account,
      Date: "2026-03-02",
      Value: 50,
      Description: unique("PIX"),
    }),
    "bank line",
  );
  const title = ok(
    await ctx.api.post("/accounts/receivable", {
      Description: unique("Venda"),
      Value: 50,
      DueDate: "2026-03-02",
    }),
    "title",
  );
  ok(
    await ctx.api.post("/accounts/bank-statement", {
      IDBankStatementConciliation: line.IDBankStatementConciliation,
      IDBankAccount: account,
      Accounts: [{ IDAccountPayableReceivable: title.IDAccountPayableReceivable }],
    }),
    "reconcile bank line",
  );
  return line.IDBankStatementConciliation;
}

/** An acquirer line reconciled with a receivable title, through the company's own API. */
async function reconciledAcquirerLine(ctx: FactoryContext): Promise<number> {
  const account = await bankAccount(ctx.companyId);
  const line = ok(
    await ctx.api.post("/accounts/receivable/acquirer-conciliation", {
      Acquirer: "Cielo",
      Date: "2026-03-03",
      GrossValue: 40,
      NetValue: 40,
      IDBankAccount: account,
    }),
    "acquirer line",
  );
  const title = ok(
    await ctx.api.post("/accounts/receivable", {
      Description: unique("Venda"),
      Value: 40,
      DueDate: "2026-03-03",
    }),
    "title",
  );
  ok(
    await ctx.api.post("/accounts/bank-statement", {
      IDAccountsPayableReceivableConciliation: line.IDAccountsPayableReceivableConciliation,
      IDBankAccount: account,
      Accounts: [{ IDAccountPayableReceivable: title.IDAccountPayableReceivable }],
    }),
    "reconcile acquirer line",
  );
  return line.IDAccountsPayableReceivableConciliation;
}

/** A transfer between two new accounts of the company; answers its debit leg. */
async function transferLeg(ctx: FactoryContext): Promise<number> {
  const posted = ok(
    await ctx.api.post("/accounts/bank-statement/transfer", {
      IDBankFrom: await bankAccount(ctx.companyId),
      IDBankTo: await bankAccount(ctx.companyId),
      Value: 25,
    }),
    "transfer",
  );
  return posted.Debit.IDBankStatement;
}

async function titleOfPaymentRoute(ctx: FactoryContext): Promise<number> {
  const titleParam = ctx.operation.pathParams.find((p) => /^idaccount(payable|receivable)$/.test(p.name));
  if (!titleParam) throw new Error(`${ctx.operation.key}: a payment id without its title`);
  return ctx.value(titleParam.name);
}

/** An authenticated sandbox channel integration of the company (kind 1 marketplace, kind 2 web store). */
async function hubIntegration(ctx: FactoryContext, kind = 1): Promise<number> {
  const created = ok(
    await ctx.api.post("/hub/integration", {
      Description: unique("Canal"),
      IDTypeCompanyIntegration: kind,
      Credentials: { ClientId: unique("conta"), ClientSecret: "segredo-de-teste" },
    }),
    "hub integration",
  );
  return created[0]!.IDCompanyIntegration;
}

/** A configured Pix integration of the company (settings without credentials), through its own API. */
async function pixIntegration(ctx: FactoryContext): Promise<number> {
  const created = ok(
    await ctx.api.post("/company/integration", {
      Description: unique("Pix"),
      Kind: "PIX",
      IDBankAccount: await bankAccount(ctx.companyId),
      PixKey: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
    }),
    "pix integration",
  );
  return created[0]!.IDCompanyIntegration;
}

/** A configured SEFAZ integration of the company (its settings written as the PUT route writes them). */
async function sefazIntegration(ctx: FactoryContext): Promise<number> {
  const id = await insertRow(schema.companyIntegrations, {
    companyId: ctx.companyId,
    description: unique("SEFAZ"),
    kind: "SEFAZ",
  });
  await db().insert(schema.sefazIntegrations).values({
    companyIntegrationId: id,
    companyId: ctx.companyId,
    cnpj: "11222333000181",
    uf: "35",
    state: "Ok",
  });
  return id;
}

/** A configured Open Finance integration (its settings row; the sealed values are never read here). */
async function openFinanceIntegration(ctx: FactoryContext): Promise<number> {
  const id = await insertRow(schema.companyIntegrations, {
    companyId: ctx.companyId,
    description: unique("Open Finance"),
    kind: "OPENFINANCE",
  });
  await db().insert(schema.openFinanceIntegrations).values({
    companyIntegrationId: id,
    companyId: ctx.companyId,
    baseUrl: "http://127.0.0.1:9/pluggy",
    credentials: "v1.x.y",
    webhookSecret: "v1.x.y",
  });
  return id;
}

/** A hub order as a pull stores it (channel order SBX-6, which has claim CL-6 at the sandbox). */
async function hubOrder(ctx: FactoryContext, orderId: number | null = null): Promise<number> {
  return insertRow(schema.hubOrders, {
    companyId: ctx.companyId,
    companyIntegrationId: await hubIntegration(ctx),
    typeCompanyIntegrationId: 1,
    salesChannelId: 1,
    channelOrderId: "SBX-6",
    channelStatus: "paid",
    statusOrderId: 3,
    orderedAt: "2026-11-01 08:42:00",
    consumerName: unique("Cliente"),
    consumerDocument: "52998224725",
    shippingId: "SH-6",
    orderId,
    channelData: "{}",
  });
}

type Order = Answer<"$post", "/orders">;
const orders = new WeakMap<FactoryContext, Promise<Order>>();

/**
 * An order of the company through its own API (status 1, one item of a SKU with a tax profile, one
 * payment of 10.00 whose installment is a receivable title), created once per factory context.
 */
function orderOf(ctx: FactoryContext): Promise<Order> {
  let pending = orders.get(ctx);
  if (!pending) {
    pending = (async () => {
      const { Code: profile } = await newTaxProfile(ctx.api);
      const sku = ok(
        await ctx.api.post("/sku", { Code: profile, Name: unique("SKU"), TaxProfile: profile, Price: 50 }),
        "sku",
      )[0]!;
      const warehouse = ok(await ctx.api.post("/warehouse", { Name: unique("Depósito") }), "warehouse")[0]!;
      const paymentType = ok(
        await ctx.api.post("/type/order/payment", { Description: unique("Pgto") }),
        "payment type",
      )[0]!;
      ok(
        await ctx.api.put(`/type/order/payment/${paymentType.IDTypePayment}/rate`, [
          { Installments: 1, NfTPag: "03" },
        ]),
        "payment rate",
      );
      return ok(
        await ctx.api.post("/orders", {
          IDWarehouse: warehouse.IDWarehouse,
          Items: [{ IDSku: sku.IDSku, Quantity: 1 }],
          Payments: [{ IDTypePayment: paymentType.IDTypePayment, Value: 10 }],
        }),
        "order",
      );
    })();
    orders.set(ctx, pending);
  }
  return pending;
}

export const PARAM_FACTORIES: Record<string, ParamFactory> = {
  // the seeded order status registry is account-wide: an existing status (6, invoiced)
  idstatusorder: async () => 6,
  iduser: async ({ companyId }) => {
    const id = await insertRow(schema.users, {
      name: unique("Usuário"),
      email: `${crypto.randomUUID()}@demo.local`,
      passwordHash: "x",
      passwordSalt: "x",
      passwordIterations: 1000,
      companyId,
    });
    await db().insert(schema.userCompanies).values({ userId: id, companyId });
    return id;
  },
  idcompanyinvoice: ({ companyId }) =>
    insertRow(schema.companyInvoices, { companyId, name: unique("Faturador"), document: "00111222000133" }),
  idcompanyintegration: (ctx) =>
    ctx.operation.path.startsWith("/hub/")
      ? hubIntegration(ctx)
      : ctx.operation.path.includes("/pix/")
        ? pixIntegration(ctx)
        : ctx.operation.path.includes("/sefaz")
          ? sefazIntegration(ctx)
          : ctx.operation.path.includes("/openfinance")
            ? openFinanceIntegration(ctx)
            : insertRow(schema.companyIntegrations, {
                companyId: ctx.companyId,
                description: unique("Integração"),
                kind: "TEF",
              }),
  // Channel kinds are a registry shared by every company: company 1 is connected to kind 1 only,
  // company 2 to kind 2, so company 2's kind is one company 1 has no integration of.
  idtypecompanyintegration: async (ctx) => {
    const kind = ctx.companyId;
    await hubIntegration(ctx, kind);
    return kind;
  },
  idintegration: (ctx) => hubOrder(ctx),
  idhuborderclaim: async (ctx) => {
    const hubOrderId = await hubOrder(ctx);
    const order = await db().select().from(schema.hubOrders).where(eq(schema.hubOrders.id, hubOrderId)).get();
    return insertRow(schema.hubOrderClaims, {
      companyId: ctx.companyId,
      companyIntegrationId: order!.companyIntegrationId,
      hubOrderId,
      channelClaimId: "CL-6",
      reason: "Produto com defeito",
      channelStatus: "opened",
      shippingMethod: "mail",
      openedAt: "2026-11-01 12:12:00",
    });
  },
  idhubproduct: async (ctx) => {
    const integrationId = await hubIntegration(ctx);
    const listingId = unique("MLB").replace(/\s/g, "-");
    const productId = await insertRow(schema.hubProducts, {
      companyId: ctx.companyId,
      companyIntegrationId: integrationId,
      title: unique("Produto"),
      channelProductId: listingId,
    });
    // a publish state of the listing, so GET /hub/product/{id} shows StockPublication (and the
    // isolation suite proves another company never reads it)
    await insertRow(schema.mlStockOutbox, {
      companyId: ctx.companyId,
      companyIntegrationId: integrationId,
      listingId,
      state: "done",
      published: JSON.stringify([{ variation: "SKU-1", quantity: 3 }]),
      publishedAt: "2026-11-01 12:00:00",
    });
    await db()
      .insert(schema.hubProductVariations)
      .values({
        companyId: ctx.companyId,
        hubProductId: productId,
        skuId: await insertRow(schema.products, {
          companyId: ctx.companyId,
          name: unique("SKU"),
          code: unique("H"),
          price: 1000,
        }),
        channelSkuCode: "SKU-1",
      });
    return productId;
  },
  idcarriermodal: ({ companyId }) => {
    const name = unique("Modal");
    return insertRow(schema.carrierModals, { companyId, name, nameKey: name.toLowerCase() });
  },
  idcarrierhubmapping: ({ companyId }) =>
    insertRow(schema.carrierHubMappings, { companyId, hubCarrierName: unique("Hub") }),
  idbrand: ({ companyId }) => insertRow(schema.brands, { companyId, name: unique("Marca") }),
  idsupplier: ({ companyId }) => insertRow(schema.suppliers, { companyId, name: unique("Fornecedor") }),
  idconsumer: ({ companyId }) => insertRow(schema.consumers, { companyId, name: unique("Cliente") }),
  idproduct: ({ companyId }) => insertRow(schema.products, { companyId, name: unique("Produto") }),
  idsku: ({ companyId }) => insertRow(schema.products, { companyId, name: unique("SKU"), code: unique("C") }),
  idtypeorder: ({ companyId }) => insertRow(schema.orderTypes, { companyId, description: unique("Tipo") }),
  idtypeaccountpayablereceivable: ({ companyId }) =>
    insertRow(schema.accountTypes, { companyId, description: unique("Plano"), typeAccount: 0 }),
  idtypedocument: ({ companyId }) =>
    insertRow(schema.documentTypes, { companyId, description: unique("Doc") }),
  idtypepayment: ({ companyId }) =>
    insertRow(schema.paymentTypes, { companyId, description: unique("Pgto") }),
  idtypecostcenter: ({ companyId }) =>
    insertRow(schema.costCenters, { companyId, description: unique("Centro") }),
  idbankaccount: ({ companyId }) => bankAccount(companyId),
  idwarehouse: ({ companyId }) => insertRow(schema.warehouses, { companyId, name: unique("Depósito") }),
  idbatch: async ({ companyId }) =>
    insertRow(schema.skuBatches, {
      companyId,
      skuId: await insertRow(schema.products, {
        companyId,
        name: unique("SKU"),
        code: unique("L"),
        batchControl: 1,
      }),
      code: unique("Lote"),
      expirationDate: "2030-01-01",
    }),
  idcompanysalespolicy: ({ companyId }) =>
    insertRow(schema.salesPolicies, { companyId, name: unique("Política"), minShelfLifeDays: 10 }),
  idstockkeepingunitinventorysummary: async ({ companyId }) =>
    insertRow(schema.stockInventories, {
      companyId,
      warehouseId: await insertRow(schema.warehouses, { companyId, name: unique("Depósito") }),
    }),
  idpurchase: (ctx) => purchaseOf(ctx),
  // an NF-e of the feed, as an import stores it, addressed to the company's CNPJ
  idnfevents: async ({ companyId }) =>
    insertRow(schema.nfeDocuments, {
      companyId,
      chNfe: `3526110000000000015500100${String(++sequence).padStart(9, "0")}${crypto.randomUUID().replace(/\D/g, "").padEnd(10, "0").slice(0, 10)}`,
      series: 1,
      number: sequence,
      issuedAt: "2026-11-20T10:00:00-03:00",
      issueDate: "2026-11-20",
      issuerDocument: "00000000000191",
      issuerName: unique("Emitente"),
      recipientDocument: companyId === 1 ? "11222333000181" : "11222333000262",
      itemCount: 0,
      supplierId: await insertRow(schema.suppliers, { companyId, name: unique("Fornecedor") }),
    }),
  // an NF-e the company issued, Rejected: an authorized one would need its order invoiced and its stock
  // left (the invariant checker); the routes refuse another company's note before reading its state
  idnfe: async (ctx) => {
    const invoice = await insertRow(schema.companyInvoices, {
      companyId: ctx.companyId,
      name: unique("Emitente"),
    });
    const number = ++sequence;
    return insertRow(schema.issuedNfes, {
      companyId: ctx.companyId,
      companyInvoiceId: invoice,
      orderId: (await orderOf(ctx)).IDOrder,
      model: 55,
      series: 1,
      number,
      environment: 2,
      cnf: "12345678",
      accessKey: `K${crypto.randomUUID().replace(/-/g, "")}${number}`,
      status: "Rejected",
      issuedAt: "2026-11-29T10:00:00-03:00",
    });
  },
  idstockkeepingunitproduction: async (ctx) => {
    const { companyId } = ctx;
    const created = ok(
      await ctx.api.post("/sku/production", {
        IDSku: await insertRow(schema.products, { companyId, name: unique("SKU"), code: unique("C") }),
        IDWarehouse: await insertRow(schema.warehouses, { companyId, name: unique("Depósito") }),
        Quantity: 1,
        Items: [
          {
            IDSku: await insertRow(schema.products, { companyId, name: unique("Insumo"), code: unique("C") }),
            Quantity: 1,
          },
        ],
      }),
      "create production",
    );
    return created.IDStockKeepingUnitProduction as number;
  },
  idbankstatementconciliationrule: async ({ companyId }) => {
    const description = unique("Regra");
    return insertRow(schema.conciliationRules, {
      companyId,
      bankAccountId: await bankAccount(companyId),
      typeRule: 1,
      typeAccount: 0,
      description,
      descriptionKey: description.toLowerCase(),
    });
  },
  idbankstatement: transferLeg,
  idbankstatementconciliation: reconciledBankLine,
  idaccountspayablereceivableconciliation: reconciledAcquirerLine,
  idjob: ({ companyId }) =>
    insertRow(schema.jobs, {
      companyId,
      route: "sku-template",
      type: "SkuTemplate",
      status: "Done",
      fileKey: `demo/${companyId}/sku-template/${crypto.randomUUID()}`,
      fileName: "produtos.csv",
      contentType: "text/csv",
      sizeBytes: 10,
      fileHash: crypto.randomUUID(),
    }),
  idwebhook: ({ companyId }) => webhookEndpoint(companyId),
  idwebhookdelivery: async ({ companyId }) => {
    const endpointId = await webhookEndpoint(companyId);
    const eventId = await insertRow(schema.events, {
      companyId,
      uid: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
      type: "transfer.created",
      payload: "{}",
      dispatchedAt: "2026-01-01 00:00:00",
    });
    return insertRow(schema.webhookDeliveries, {
      companyId,
      eventId,
      endpointId,
      status: "Delivered",
      attempts: 1,
    });
  },
  idtrackingmessage: ({ companyId }) =>
    insertRow(schema.trackingMessages, {
      companyId,
      trackingStatusId: 1000 + ++sequence,
      typeMessage: 2,
      body: "Pedido {{Order.Number}}",
    }),
  idaccountpayable: async (ctx) => {
    const title = await paidTitle(ctx, "payable");
    payments.set(ctx, new Map([...(payments.get(ctx) ?? []), [title.id, title.paymentId]]));
    return title.id;
  },
  idaccountreceivable: async (ctx) => {
    const title = await paidTitle(ctx, "receivable");
    payments.set(ctx, new Map([...(payments.get(ctx) ?? []), [title.id, title.paymentId]]));
    return title.id;
  },
  idorder: async (ctx) => {
    const orderId = (await orderOf(ctx)).IDOrder;
    // `/orders/hub/{idorder}`: an order created from a hub order (the link a pull writes)
    if (ctx.operation.path.startsWith("/orders/hub/")) await hubOrder(ctx, orderId);
    return orderId;
  },
  idskumovement: async (ctx) => (await orderOf(ctx)).Items[0]!.IDSkuMovement,
  idaccountpayablereceivable: async (ctx) => (await orderOf(ctx)).Payments[0]!.IDAccountPayableReceivable,
  idtaxprofile: ({ companyId }) => {
    const code = unique("TP");
    return insertRow(schema.taxProfiles, {
      companyId,
      code,
      description: code,
      icmsCst: "00",
      ipiCst: "53",
      pisCst: "01",
      cofinsCst: "01",
      cstIbsCbsId: 1,
    });
  },
  idaccountpayment: async (ctx) => {
    const titleId = await titleOfPaymentRoute(ctx);
    const paymentId = payments.get(ctx)?.get(titleId);
    if (paymentId === undefined) throw new Error(`${ctx.operation.key}: title ${titleId} has no payment`);
    return paymentId;
  },
};

/**
 * Values for every path parameter of an operation, all rows of `companyId`, created by the
 * factories (a parameter another one depends on is created once and shared).
 */
export async function pathValuesFor(
  operation: Operation,
  companyId: CompanyId,
): Promise<Record<string, number>> {
  const values = new Map<string, Promise<number>>();
  const ctx: FactoryContext = {
    companyId,
    operation,
    api: await apiOf(companyId),
    value: (name) => {
      let pending = values.get(name);
      if (!pending) {
        const factory = PARAM_FACTORIES[name];
        if (!factory) throw new Error(`no factory for path parameter {${name}} (${operation.key})`);
        pending = factory(ctx);
        values.set(name, pending);
      }
      return pending;
    },
  };
  const out: Record<string, number> = {};
  for (const parameter of operation.pathParams) out[parameter.name] = await ctx.value(parameter.name);
  return out;
}
