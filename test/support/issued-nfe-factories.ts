import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { companyInvoices, issuedNfeEvents, issuedNfes, nfeVoids, stockBalances } from "../../drizzle/schema";
import { PFX, PFX_PASSWORD } from "../fixtures/certificates/pfx";
import type { client } from "./api";
import { newOrder, stockedSku } from "./order-factories";
import { demoDb, unique } from "./registry-factories";

/**
 * Issued notes for the tests of their events and numbers: an issuer (invoicing company with its
 * fiscal profile), an order invoiced through the API (its stock left), and the note row as the
 * issuing stores an authorized one, with its nfeProc in R2.
 */

type Api = Pick<ReturnType<typeof client>, "get" | "post" | "put">;

let sequence = 0;

/**
 * CNPJ 11.222.333/0047-64: a branch of the test certificates' root (11222333), used by no other test
 * file, so the SEFAZ double's script of this issuer is this file's alone.
 */
export const ISSUER_CNPJ = "11222333004764";

/** An invoicing company of company 1 with its fiscal profile (SP), `NFeSeries`/`NFeNextNumber` as given. */
export async function newIssuer(api: Api, profile: Record<string, unknown> = {}): Promise<number> {
  const response = await api.post("/company/invoice", {
    Name: unique("Faturador"),
    Document: ISSUER_CNPJ,
    StateRegistration: "110042490114",
    TaxRegime: 3,
    Street: "Avenida Paulista",
    Number: "1578",
    District: "Bela Vista",
    CityCode: "3550308",
    City: "São Paulo",
    UF: "SP",
    ZipCode: "01310200",
    NFeSeries: 1,
    NFeNextNumber: 1,
    ...profile,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body[0]!.IDCompanyInvoice as number;
}

/**
 * An issuer that reaches SEFAZ: its A1 certificate in the company's store (the test PKCS#12 of root
 * 11222333) and its `NFeBaseUrl` at the authorizer double.
 */
export async function sefazIssuer(api: Api, baseUrl: string, profile: Record<string, unknown> = {}) {
  const issuerId = await newIssuer(api, profile);
  const stored = await api.post(`/company/invoice/${issuerId}/certificate`, {
    Certificate: PFX.valid3des,
    Password: PFX_PASSWORD,
  });
  expect(stored.status, JSON.stringify(stored.body)).toBe(200);
  await demoDb().update(companyInvoices).set({ nfeBaseUrl: baseUrl }).where(eq(companyInvoices.id, issuerId));
  return issuerId;
}

/** An order of `quantity` units of a SKU stocked with `stock`, invoiced (status 6: the stock left). */
export async function invoicedOrder(api: Api, { stock = 10, quantity = 4 } = {}) {
  const { skuId, warehouseId } = await stockedSku(api, { stock, cost: 12.5 });
  const order = await newOrder(api, {
    IDWarehouse: warehouseId,
    IDStatusOrder: 3,
    Items: [{ IDSku: skuId, Quantity: quantity }],
  });
  const invoiced = await api.put(`/orders/${order.IDOrder}`, { IDStatusOrder: 6 });
  expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(200);
  return { orderId: order.IDOrder as number, skuId, warehouseId };
}

/** The access key of a note: SP, 2611, the issuer's CNPJ, model, series, number, tpEmis 1, cNF, mod-11 digit. */
export function accessKeyOf(number: number, series = 1, model = 55, cnf = "12345678"): string {
  const base = `352611${ISSUER_CNPJ}${String(model).padStart(2, "0")}${String(series).padStart(3, "0")}${String(number).padStart(9, "0")}1${cnf}`;
  let weight = 2;
  let sum = 0;
  for (let i = base.length - 1; i >= 0; i--) {
    sum += Number(base[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return `${base}${rest < 2 ? 0 : 11 - rest}`;
}

/** `YYYY-MM-DDTHH:MM:SS-03:00` of a moment `hoursAgo` before now. */
export const brasiliaAgo = (hoursAgo: number) => {
  const local = new Date(Date.now() - hoursAgo * 3600_000 - 3 * 3600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
};

export type NoteValues = Partial<typeof issuedNfes.$inferInsert> & {
  companyInvoiceId: number;
  orderId: number;
};

/**
 * A note row as the issuing leaves an authorized one (or in `status`), its number the next of the
 * series unless given, authorized `authorizedHoursAgo` ago, with its nfeProc in R2.
 */
export async function insertNote(values: NoteValues, { authorizedHoursAgo = 1 } = {}) {
  const number = values.number ?? 10_000 + ++sequence;
  const series = values.series ?? 1;
  const accessKey =
    values.accessKey ?? accessKeyOf(number, series, values.model ?? 55, String(10_000_000 + sequence));
  const procKey = `demo/1/nfe-issued/${accessKey}-procNFe.xml`;
  await env.UPLOADS.put(procKey, `<nfeProc versao="4.00"><NFe/><protNFe/></nfeProc>`);
  const [row] = await demoDb()
    .insert(issuedNfes)
    .values({
      companyId: 1,
      model: 55,
      series,
      number,
      environment: 2,
      cnf: accessKey.slice(35, 43),
      accessKey,
      status: "Authorized",
      cStat: 100,
      xMotivo: "Autorizado o uso da NF-e",
      protocol: `13526${String(number).padStart(10, "0")}`,
      authorizedAt: brasiliaAgo(authorizedHoursAgo),
      issuedAt: brasiliaAgo(authorizedHoursAgo + 0.01),
      total: 5000,
      xmlKey: procKey.replace("procNFe", "nfe"),
      procKey,
      sent: 1,
      attempts: 1,
      ...values,
    })
    .returning();
  return row!;
}

/** An authorized note of a freshly invoiced order of a new issuer. */
export async function authorizedNote(
  api: Api,
  options: { issuerId?: number; authorizedHoursAgo?: number } = {},
) {
  const issuerId = options.issuerId ?? (await newIssuer(api));
  const order = await invoicedOrder(api);
  const note = await insertNote(
    { companyInvoiceId: issuerId, orderId: order.orderId },
    { authorizedHoursAgo: options.authorizedHoursAgo ?? 1 },
  );
  return { issuerId, ...order, note };
}

export const noteRow = (id: number) => demoDb().select().from(issuedNfes).where(eq(issuedNfes.id, id)).get();
export const eventRows = (nfeId: number) =>
  demoDb()
    .select()
    .from(issuedNfeEvents)
    .where(eq(issuedNfeEvents.nfeId, nfeId))
    .orderBy(issuedNfeEvents.type, issuedNfeEvents.sequence);
export const voidRows = (issuerId: number) =>
  demoDb()
    .select()
    .from(nfeVoids)
    .where(eq(nfeVoids.companyInvoiceId, issuerId))
    .orderBy(nfeVoids.numberFrom);

/** A registered event row (a CC-e by default) inserted directly. */
export async function insertEvent(
  values: Partial<typeof issuedNfeEvents.$inferInsert> & { nfeId: number; sequence: number },
) {
  const [row] = await demoDb()
    .insert(issuedNfeEvents)
    .values({
      companyId: 1,
      type: 110110,
      text: `Correção número ${values.sequence} do endereço`,
      status: "Registered",
      cStat: 135,
      xMotivo: "Evento registrado e vinculado a NF-e",
      protocol: `1352600000${String(values.sequence).padStart(5, "0")}`,
      ...values,
    })
    .returning();
  return row!;
}

/** A voiding row inserted directly (registered unless said). */
export async function insertVoid(
  values: Partial<typeof nfeVoids.$inferInsert> & {
    companyInvoiceId: number;
    numberFrom: number;
    numberTo: number;
  },
) {
  const [row] = await demoDb()
    .insert(nfeVoids)
    .values({
      companyId: 1,
      model: 55,
      series: 1,
      environment: 2,
      justification: "Falha do sistema ao transmitir as notas",
      status: "Registered",
      cStat: 102,
      xMotivo: "Inutilização de número homologado",
      protocol: "135260000000777",
      ...values,
    })
    .returning();
  return row!;
}

/** Units of the SKU in the warehouse (the ledger's balance), in whole units. */
export async function stockBalance(skuId: number, warehouseId: number): Promise<number> {
  const row = await demoDb()
    .select({ qty: stockBalances.qty })
    .from(stockBalances)
    .where(and(eq(stockBalances.skuId, skuId), eq(stockBalances.warehouseId, warehouseId)))
    .get();
  return (row?.qty ?? 0) / 1000;
}
