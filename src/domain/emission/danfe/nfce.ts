import { qrModules, qrRects } from "../../../lib/qr-pdf";
import {
  formatAccessKey,
  formatDate,
  formatDecimal,
  formatDocument,
  formatMoney,
  formatNoteNumber,
  formatSeries,
  formatTime,
  formatZip,
} from "./format";
import type { DanfeDrawing, Font, Fonts } from "./layout";
import { Writer } from "./layout";
import { DanfeError, type DanfeNfceView, danfeFieldMissing, readDanfeNfce } from "./read";
import { newDocument, paint, save } from "./render";
import type { DanfeAddress } from "./view";

/**
 * The DANFE NFC-e (Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica) of a model 65 note, as
 * an 80 mm wide receipt whose one page grows with the items, drawn inside the Worker with
 * @pdfme/pdf-lib as the A4 DANFE (render.ts) is. Its divisions follow the Manual de Padrões Técnicos
 * do DANFE NFC-e e QR Code (v6.00, with NT 2025.001) and the MOC's "DANFE NFC-e e QR Code" chapter:
 * I the issuer and the document's title; II the items (code, description, quantity, unit, unit value,
 * total); III the totals (quantity of items, vProd, discount, surcharges, the amount to pay) and the
 * payments with the change; IV the fiscal message area (homologation, contingency, number, series,
 * date, the consultation address and the key in groups of 4); V the consumer; VI the QR code (the text
 * of `infNFeSupl/qrCode`, drawn as rectangles) with the authorization protocol; VII the issuer's
 * message (infCpl) and the approximate taxes (Lei 12.741/2012).
 */

const MM = 72 / 25.4;
/** 80 mm. */
export const NFCE_PAGE_WIDTH = 80 * MM;
const MARGIN = 3 * MM;
const WIDTH = NFCE_PAGE_WIDTH - 2 * MARGIN;
const SIZE = 7;
const SMALL = 6.5;
const LINE = 3.2 * MM;
const QR_SIZE = 34 * MM;

export const NFCE_TITLE = "DANFE NFC-e - Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica";
export const NFCE_HOMOLOGATION = "EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL";
export const NFCE_CONTINGENCY = "EMITIDA EM CONTINGÊNCIA";
export const NFCE_PENDING = "Pendente de autorização";
export const NFCE_NO_CONSUMER = "CONSUMIDOR NÃO IDENTIFICADO";

/** tPag as the DANFE NFC-e names it (MOC, YA02; NT 2020.006 and NT 2023.004). */
const PAYMENT_LABELS: Record<string, string> = {
  "01": "Dinheiro",
  "02": "Cheque",
  "03": "Cartão de Crédito",
  "04": "Cartão de Débito",
  "05": "Crédito Loja",
  "10": "Vale Alimentação",
  "11": "Vale Refeição",
  "12": "Vale Presente",
  "13": "Vale Combustível",
  "15": "Boleto Bancário",
  "16": "Depósito Bancário",
  "17": "Pagamento Instantâneo (PIX)",
  "18": "Transferência bancária, Carteira Digital",
  "19": "Programa de fidelidade, Cashback, Crédito Virtual",
  "20": "Pagamento Instantâneo (PIX) - Estático",
  "21": "Crédito em Loja",
  "22": "Pagamento Eletrônico não Informado",
  "90": "Sem pagamento",
  "99": "Outros",
};

/** Writes top to bottom: each call advances the cursor `y` (the next line's top). */
class Receipt {
  y = MARGIN;
  constructor(readonly w: Writer) {}

  line(
    text: string,
    { size = SIZE, font = "regular" as Font, align = "left" as "left" | "center" | "right" } = {},
  ) {
    this.w.text(text, MARGIN, this.y + size, WIDTH, { size, font, align });
    this.y += LINE * (size / SIZE);
  }

  /** A paragraph wrapped to the width. */
  paragraph(text: string, options: { size?: number; font?: Font; align?: "left" | "center" | "right" } = {}) {
    for (const line of this.w.wrap(text, options.font ?? "regular", options.size ?? SIZE, WIDTH))
      this.line(line, options);
  }

  /** A label on the left and a value on the right, on one line. */
  pair(label: string, value: string, font: Font = "regular") {
    const valueWidth = this.w.width(this.w.clean(value), font, SIZE) + 1;
    this.w.text(label, MARGIN, this.y + SIZE, WIDTH - valueWidth - 2, { size: SIZE, font });
    this.w.text(value, MARGIN, this.y + SIZE, WIDTH, { size: SIZE, font, align: "right" });
    this.y += LINE;
  }

  rule() {
    this.y += 0.8 * MM;
    this.w.line(MARGIN, this.y, MARGIN + WIDTH, this.y, true);
    this.y += 1.2 * MM;
  }
}

const addressOf = (a: DanfeAddress | null) => {
  if (!a) return "";
  return [
    [a.street, a.number, a.complement].filter((part) => part && part !== "").join(", "),
    a.district,
    `${a.city} - ${a.uf}`,
    a.zipCode ? `CEP ${formatZip(a.zipCode)}` : null,
  ]
    .filter((part) => part && part !== "")
    .join(", ");
};

/** Lays out the DANFE NFC-e of `view` on one page of 80 mm whose height follows its content. */
export function layoutDanfeNfce(
  view: DanfeNfceView,
  fonts: Fonts,
): { drawing: DanfeDrawing; height: number } {
  if (view.qrCode === null) throw new DanfeError("invalid", danfeFieldMissing("NFe/infNFeSupl/qrCode"));
  const w = new Writer(fonts);
  const r = new Receipt(w);
  const issuer = view.issuer;

  // I: the issuer and the title
  r.paragraph(issuer.name, { font: "bold", align: "center", size: 8 });
  if (issuer.tradeName) r.paragraph(issuer.tradeName, { align: "center" });
  r.paragraph(
    `CNPJ: ${formatDocument(issuer.document)}${issuer.stateRegistration ? `  IE: ${issuer.stateRegistration}` : ""}`,
    { align: "center" },
  );
  r.paragraph(addressOf(issuer.address), { align: "center", size: SMALL });
  r.rule();
  r.paragraph(NFCE_TITLE, { font: "bold", align: "center" });
  r.rule();

  // II: the items
  const colQty = WIDTH * 0.2;
  const colUnit = WIDTH * 0.1;
  const colPrice = WIDTH * 0.3;
  const colTotal = WIDTH * 0.4;
  const columns = (cells: [string, string, string, string], font: Font) => {
    let x = MARGIN;
    const widths = [colQty, colUnit, colPrice, colTotal];
    cells.forEach((cell, i) => {
      w.text(cell, x, r.y + SMALL, widths[i]!, { size: SMALL, font, align: i === 1 ? "center" : "right" });
      x += widths[i]!;
    });
    r.y += LINE * (SMALL / SIZE);
  };
  r.line("CÓDIGO  DESCRIÇÃO", { size: SMALL, font: "bold" });
  columns(["QTDE", "UN", "VL UNIT R$", "VL TOTAL R$"], "bold");
  for (const item of view.items) {
    r.paragraph(`${item.code}  ${item.description}`, { size: SMALL });
    columns(
      [
        formatDecimal(item.quantity, 0, 4),
        item.unit,
        formatDecimal(item.unitValue, 2, 10),
        formatMoney(item.total),
      ],
      "regular",
    );
  }
  r.rule();

  // III: totals and payments
  const t = view.totals;
  r.pair("Qtde. total de itens", String(view.items.length));
  r.pair("Valor total R$", formatMoney(t.products));
  if (t.discount > 0) r.pair("Desconto R$", formatMoney(t.discount));
  const surcharges = t.freight + t.insurance + t.other;
  if (surcharges > 0) r.pair("Acréscimos R$", formatMoney(surcharges));
  r.pair("Valor a Pagar R$", formatMoney(t.total), "bold");
  r.pair("FORMA PAGAMENTO", "VALOR PAGO R$", "bold");
  for (const payment of view.payments)
    r.pair(
      payment.description ?? PAYMENT_LABELS[payment.type] ?? `Outros (${payment.type})`,
      formatMoney(payment.value),
    );
  r.pair("Troco R$", formatMoney(view.change));
  r.rule();

  // IV: the fiscal message area
  if (view.environment === 2) r.paragraph(NFCE_HOMOLOGATION, { font: "bold", align: "center" });
  if (view.emissionType === "9") {
    r.paragraph(NFCE_CONTINGENCY, { font: "bold", align: "center" });
    if (view.protocol === null) r.paragraph(NFCE_PENDING, { font: "bold", align: "center" });
  }
  r.paragraph(
    `NFC-e nº ${formatNoteNumber(view.number)}  Série ${formatSeries(view.series)}  ${formatDate(view.issuedAt)} ${formatTime(view.issuedAt)}`,
    { font: "bold", align: "center" },
  );
  r.paragraph("Consulte pela Chave de Acesso em", { align: "center" });
  if (view.consultUrl) r.paragraph(view.consultUrl, { align: "center", size: SMALL });
  r.line(formatAccessKey(view.accessKey), { align: "center", size: SMALL + 0.5, font: "bold" });
  r.rule();

  // V: the consumer
  const consumer = view.recipient;
  if (consumer?.document) {
    const kind =
      consumer.document.length === 11 ? "CPF" : consumer.document.length === 14 ? "CNPJ" : "Id. Estrangeiro";
    r.paragraph(`CONSUMIDOR - ${kind} ${formatDocument(consumer.document)}`, {
      font: "bold",
      align: "center",
    });
    if (consumer.name) r.paragraph(consumer.name, { align: "center" });
    if (consumer.address) r.paragraph(addressOf(consumer.address), { align: "center", size: SMALL });
  } else r.paragraph(NFCE_NO_CONSUMER, { font: "bold", align: "center" });
  r.rule();

  // VI: the QR code and the protocol
  r.paragraph("Consulta via leitor de QR Code", { align: "center" });
  const qrX = MARGIN + (WIDTH - QR_SIZE) / 2;
  for (const rect of qrRects(qrModules(view.qrCode, "M"), qrX, r.y, QR_SIZE))
    w.page.rects.push({ ...rect, fill: true });
  r.y += QR_SIZE;
  if (view.protocol) {
    r.paragraph(`Protocolo de autorização: ${view.protocol.number}`, { align: "center" });
    r.paragraph(
      `Data de autorização: ${formatDate(view.protocol.receivedAt)} ${formatTime(view.protocol.receivedAt)}`,
      { align: "center" },
    );
  } else if (view.emissionType === "9") r.paragraph(NFCE_PENDING, { align: "center" });

  // VII: the issuer's message and the approximate taxes
  if (view.additionalInfo || t.approximateTaxes !== null) {
    r.rule();
    if (view.additionalInfo) r.paragraph(view.additionalInfo, { size: SMALL, align: "center" });
    if (t.approximateTaxes !== null)
      r.paragraph(
        `Tributos Totais Incidentes (Lei Federal 12.741/2012): R$ ${formatMoney(t.approximateTaxes)}`,
        { size: SMALL, align: "center" },
      );
  }
  if (view.contingency) {
    r.rule();
    r.paragraph(
      `Contingência desde ${formatDate(view.contingency.at)} ${formatTime(view.contingency.at)}: ${view.contingency.reason}`,
      { size: SMALL, align: "center" },
    );
  }
  const height = r.y + MARGIN;
  return {
    drawing: {
      pages: [w.page],
      title: `DANFE NFC-e ${formatNoteNumber(view.number)} série ${formatSeries(view.series)}`,
    },
    height,
  };
}

/**
 * The DANFE NFC-e of `nfeProcXml`: an authorized `nfeProc` of model 65, or the signed `NFe` of an
 * offline note (tpEmis 9) not yet transmitted. Throws `DanfeError` (read.ts) when it cannot print it.
 */
export async function renderDanfeNfce(nfeProcXml: string): Promise<Uint8Array> {
  const view = readDanfeNfce(nfeProcXml);
  const { pdf, fonts } = await newDocument();
  const { drawing, height } = layoutDanfeNfce(view, fonts);
  paint(pdf, fonts, drawing, { shapes: true }, [NFCE_PAGE_WIDTH, height]);
  return save(pdf, drawing, view.issuedAt);
}
