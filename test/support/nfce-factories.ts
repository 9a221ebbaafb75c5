import { env } from "cloudflare:test";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import type { client } from "./api";
import { certifiedCnpj, certify, type IssuableSetup, issuableSetup } from "./nfe-factories";
import { paymentTypeWithRate } from "./order-factories";
import { unique } from "./registry-factories";
import { type AuthorizerStep, sefazAuthorizerDouble } from "./sefaz-authorizer-double";

/**
 * Helpers of the NFC-e tests: a store-front setup (an order type `EnabledPOS` 1 for an invoicing
 * company of the test certificate's root, its NFC-e authorizer the double), counter sales paid in cash
 * or by a payment type of the wanted `NfTPag`, and the texts of a PDF.
 */

type Api = Pick<ReturnType<typeof client>, "get" | "post" | "put">;

export type NfceSetup = IssuableSetup & {
  double: Awaited<ReturnType<typeof sefazAuthorizerDouble>>;
  cash: number;
  label: string;
};

/**
 * Whether the issuer's company already holds the test certificate: asked of the database, not kept
 * in the module, which outlives a test file's storage (the workers project reuses its runtime).
 */
async function certified(invoiceId: number): Promise<boolean> {
  const row = await env.DB_DEMO.prepare(
    "SELECT 1 FROM company_certificates c JOIN company_invoices i ON i.company_id = c.company_id WHERE i.id = ? LIMIT 1",
  )
    .bind(invoiceId)
    .first();
  return row !== null;
}

/**
 * An NFC-e issuer (SP) at the double with `script`, a POS order type, a consumer, a SKU, a cash payment
 * type (`type` { EnabledPOS: 0 }: an order type of NF-e, model 55, for the same issuer and double).
 */
export async function nfceSetup(
  api: Api,
  {
    script = [],
    issuer = {},
    type = {},
  }: { script?: AuthorizerStep[]; issuer?: Record<string, unknown>; type?: Record<string, unknown> } = {},
): Promise<NfceSetup> {
  const cnpj = certifiedCnpj();
  const label = unique("nfce").replace(/[^A-Za-z0-9]/g, "");
  const double = await sefazAuthorizerDouble(cnpj, { script, label });
  const setup = await issuableSetup(api, {
    issuer: { Document: cnpj, NFeBaseUrl: double.baseUrl, ...issuer },
    type: { EnabledPOS: 1, ...type },
  });
  if (!(await certified(setup.issuer.id))) await certify(api, setup.issuer.id);
  const cash = await paymentTypeWithRate(api, 1, { NfTPag: "01", FirstDueDays: 0 });
  return { ...setup, double, cash, label };
}

/** A counter sale of the setup's SKU (2 x 50.00 unless `items`), paid as `payments` say, in status 3. */
export async function counterSale(
  api: Api,
  setup: NfceSetup,
  {
    payments,
    consumer = null,
    quantity = 2,
  }: { payments: { type: number; value: number }[]; consumer?: number | null; quantity?: number },
): Promise<number> {
  const created = await api.post<{ IDOrder: number }>("/orders", {
    IDWarehouse: setup.sku.warehouseId,
    ...(consumer === null ? {} : { IDConsumer: consumer }),
    IDTypeOrder: setup.orderType,
    IDStatusOrder: 3,
    Items: [{ IDSku: setup.sku.skuId, Quantity: quantity, ReverseTaxCalculation: 1 }],
    Payments: payments.map((p) => ({ IDTypePayment: p.type, Installments: 1, Value: p.value })),
  });
  if (created.status !== 200)
    throw new Error(`POST /orders: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.IDOrder;
}

/** The texts a PDF page draws (`Tj` operators, WinAnsi read as Latin-1). */
export async function pdfTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPage(0).node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  let operators = "";
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) throw new Error("unexpected content stream");
    operators += new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
  }
  return [...operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map(([, hex]) =>
    String.fromCharCode(...(hex!.match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16))),
  );
}
