import { and, eq } from "drizzle-orm";
import { issuedNfes } from "../../drizzle/schema";
import { PFX, PFX_CNPJ, PFX_OTHER_ROOT_CNPJ, PFX_PASSWORD } from "../fixtures/certificates/pfx";
import type { client } from "./api";
import { newTaxProfile, paymentTypeWithRate, stockedSku } from "./order-factories";
import { demoDb, unique } from "./registry-factories";

/**
 * Helpers of the NF-e issuing tests: an invoicing company with its fiscal profile, an order type
 * enabled for it with CFOP and NatOp, a consumer with CPF and address, SKUs with NCM and origin, and
 * an order ready to be invoiced (status 3, Pagamento aprovado); rows read directly.
 */

type Api = Pick<ReturnType<typeof client>, "get" | "post" | "put">;

function ok<T>(response: { status: number; body: T }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A CNPJ with valid check digits from its first 12 digits. */
export function cnpjOf(base12: string): string {
  const digit = (body: string) => {
    const weights =
      body.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...body].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
    const rest = sum % 11;
    return rest < 2 ? "0" : String(11 - rest);
  };
  const first = base12 + digit(base12);
  return first + digit(first);
}

/** The issuer's fiscal profile in São Paulo (SP). */
export const ISSUER_PROFILE = {
  StateRegistration: "110042490114",
  TaxRegime: 3,
  Street: "Avenida Paulista",
  Number: "1578",
  District: "Bela Vista",
  CityCode: "3550308",
  City: "São Paulo",
  UF: "SP",
  ZipCode: "01310200",
  Phone: "1133334444",
};

/** A recipient's address in São Paulo (inside the issuer's UF) and one in Rio de Janeiro. */
export const ADDRESS_SP = {
  Street: "Rua Augusta",
  Number: "100",
  District: "Consolação",
  CityCode: "3550308",
  City: "São Paulo",
  UF: "SP",
  ZipCode: "01305000",
};

let cnpjSerial = Math.floor(Math.random() * 1e6);
/** A fresh issuer CNPJ (the double scripts its answers per issuer CNPJ). */
export const freshCnpj = () => cnpjOf(`9${String(cnpjSerial++).padStart(7, "0")}0001`);

/** An invoicing company with the fiscal profile (and `extra`), its id and CNPJ. */
export async function newIssuer(
  api: Api,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; cnpj: string }> {
  const cnpj = freshCnpj();
  const body = ok(
    await api.post("/company/invoice", {
      Name: unique("Emitente"),
      Document: cnpj,
      ...ISSUER_PROFILE,
      ...extra,
    }),
    "POST /company/invoice",
  ) as { IDCompanyInvoice: number }[];
  return { id: body[0]!.IDCompanyInvoice, cnpj };
}

/** An order type enabled for `invoices`, with CFOP 5102/6102 and NatOp (changed by `extra`). */
export async function newOrderType(
  api: Api,
  invoices: number[],
  extra: Record<string, unknown> = {},
): Promise<number> {
  const body = ok(
    await api.post("/type/order/type", {
      Description: unique("Venda"),
      Companies: invoices,
      CFOPInState: "5102",
      CFOPOutOfState: "6102",
      NatOp: "Venda de mercadoria",
      ...extra,
    }),
    "POST /type/order/type",
  ) as { IDTypeOrder: number }[];
  return body[0]!.IDTypeOrder;
}

/** A consumer with a CPF and an address in SP (changed by `extra`). */
export async function newRecipient(api: Api, extra: Record<string, unknown> = {}): Promise<number> {
  const body = ok(
    await api.post("/consumer", {
      Name: unique("Cliente"),
      Document: "52998224725",
      ...ADDRESS_SP,
      ...extra,
    }),
    "POST /consumer",
  ) as { IDConsumer: number }[];
  return body[0]!.IDConsumer;
}

/** A stocked SKU with NCM and origin (changed by `fiscal`), in its own warehouse. */
export async function fiscalSku(
  api: Api,
  {
    price = 50,
    stock = 100,
    fiscal = {} as Record<string, unknown>,
    profile,
  }: { price?: number; stock?: number; fiscal?: Record<string, unknown>; profile?: string } = {},
) {
  const sku = await stockedSku(api, { price, stock, profile: profile ?? (await newTaxProfile(api)).Code });
  ok(await api.put(`/sku/${sku.skuId}`, { NCM: "61091000", Origin: 0, ...fiscal }), "PUT /sku");
  return sku;
}

export type IssuableSetup = {
  issuer: { id: number; cnpj: string };
  orderType: number;
  consumer: number;
  sku: { skuId: number; warehouseId: number };
  /** A payment type with a rate for one installment (`NfTPag` 03). */
  payment: number;
};

/** An issuer, an order type for it, a consumer and a SKU. */
export async function issuableSetup(
  api: Api,
  options: {
    issuer?: Record<string, unknown>;
    type?: Record<string, unknown>;
    consumer?: Record<string, unknown>;
    sku?: Record<string, unknown>;
  } = {},
): Promise<IssuableSetup> {
  const issuer = await newIssuer(api, options.issuer);
  const orderType = await newOrderType(api, [issuer.id], options.type);
  const consumer = await newRecipient(api, options.consumer);
  const sku = await fiscalSku(api, { fiscal: options.sku });
  const payment = await paymentTypeWithRate(api, 1);
  return { issuer, orderType, consumer, sku, payment };
}

/** An order of the setup in status 3 (one item of 2 units unless `body` says otherwise). */
export async function issuableOrder(
  api: Api,
  setup: IssuableSetup,
  body: Record<string, unknown> = {},
): Promise<number> {
  // one item of 2 units at 50.00, its taxes inside the price, paid in full: the NF-e's pag covers vNF
  const freight = Number(body.Freight ?? 0);
  const discount = Number(body.Discount ?? 0);
  const paid = body.Items === undefined && body.Payments === undefined;
  const total = Math.round((100 + freight - discount) * 100) / 100;
  const created = ok(
    await api.post("/orders", {
      IDWarehouse: setup.sku.warehouseId,
      IDConsumer: setup.consumer,
      IDTypeOrder: setup.orderType,
      IDStatusOrder: 3,
      Items: [{ IDSku: setup.sku.skuId, Quantity: 2, ReverseTaxCalculation: 1 }],
      ...(paid ? { Payments: [{ IDTypePayment: setup.payment, Installments: 1, Value: total }] } : {}),
      ...body,
    }),
    "POST /orders",
  ) as { IDOrder: number };
  return created.IDOrder;
}

export const noteRows = (orderId: number) =>
  demoDb().select().from(issuedNfes).where(eq(issuedNfes.orderId, orderId)).orderBy(issuedNfes.id);

export const notesOfInvoice = (invoiceId: number) =>
  demoDb()
    .select()
    .from(issuedNfes)
    .where(and(eq(issuedNfes.companyInvoiceId, invoiceId)))
    .orderBy(issuedNfes.number);

/** The CNPJ of the test certificate's other root (`otherRoot`). */
export const OTHER_ROOT_CNPJ = PFX_OTHER_ROOT_CNPJ;

/** Stores the test certificate of the issuer's CNPJ root in the company's store (once per root is enough). */
export async function certify(
  api: Api,
  invoiceId: number,
  pfx: keyof typeof PFX = "valid3des",
): Promise<void> {
  ok(
    await api.post(`/company/invoice/${invoiceId}/certificate`, {
      Certificate: PFX[pfx],
      Password: PFX_PASSWORD,
    }),
    "POST /company/invoice/{id}/certificate",
  );
}

let branch = 1000 + Math.floor(Math.random() * 8000);
/** A fresh CNPJ of the test certificate's root (a branch of its own: the double scripts per CNPJ). */
export const certifiedCnpj = () => cnpjOf(`${PFX_CNPJ.slice(0, 8)}${String(branch++).padStart(4, "0")}`);
