import type { PDFFont } from "@pdfme/pdf-lib";
import { code128KeyBars } from "../../../lib/code128";
import { drawableText } from "../../orders/exchange-receipt";
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
  freightByLabel,
} from "./format";
import type { DanfeAddress, DanfeItem, DanfeView } from "./view";

/**
 * The A4 portrait DANFE laid out as drawing operations, page by page, before any is painted: the
 * blocks of the Manual de Orientação do Contribuinte (MOC 7.0, Anexo II "Leiaute do DANFE"), top to
 * bottom on the first page: the receipt stub (canhoto), the issuer's header (identification, the
 * DANFE box with entry/exit, number, series and page, the key's CODE-128C barcode and its digits,
 * natOp and the authorization protocol, IE/IE-ST/CNPJ), the recipient, the invoice and its
 * instalments, the tax totals (with the IBS/CBS totals of NT 2025.002 when the note has them), the
 * carrier and volumes, the items, and the additional data at the foot. Following pages repeat the
 * header and continue the items (then the additional data that did not fit its box).
 *
 * Every text is WinAnsi-safe (`drawableText`) and clipped to its box here, so painting never throws;
 * the bench draws the same texts alone as the bound of painting them (render.ts).
 */

export type Font = "regular" | "bold";
export type Fonts = Record<Font, PDFFont>;

/** A text at `x` and its baseline `y`, in points from the page's top-left corner. */
export type TextOp = {
  text: string;
  x: number;
  y: number;
  size: number;
  font: Font;
  /** The homologation / cancelled marks: rotated, light grey. */
  mark?: boolean;
};
/** A rectangle in points from the top-left corner: a bar (filled) or a box (stroked). */
export type RectOp = { x: number; y: number; width: number; height: number; fill: boolean };
export type LineOp = { x1: number; y1: number; x2: number; y2: number; dashed: boolean };

export type DanfePage = { texts: TextOp[]; rects: RectOp[]; lines: LineOp[] };
export type DanfeDrawing = { pages: DanfePage[]; title: string };

export type DanfeOptions = {
  /** Prints "CANCELADA" across every page (a note cancelled by event 110111). */
  cancelled?: boolean;
};

const MM = 72 / 25.4;
export const PAGE_WIDTH = 210 * MM;
export const PAGE_HEIGHT = 297 * MM;
const MARGIN = 6 * MM;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** A field's row: its label (6 pt) on top, its value (8 pt) below. */
const ROW = 7 * MM;
const TITLE = 3.6 * MM;
const LABEL_SIZE = 5.5;
const VALUE_SIZE = 8;
const ITEM_SIZE = 6;
const ITEM_LINE = 2.5 * MM;
const HEADER_HEIGHT = 32 * MM + 2 * ROW;
const STUB_HEIGHT = 18 * MM;
const ADDITIONAL_MIN = 28 * MM;
const ADDITIONAL_MAX = 60 * MM;
const ADDITIONAL_SIZE = 6.5;
const ADDITIONAL_LINE = 2.7 * MM;

/** The items table's columns (widths in mm, summing to the printable width: 198 mm). */
const COLUMNS: Array<{ label: string; width: number; align: "left" | "center" | "right" }> = [
  { label: "CÓDIGO PRODUTO", width: 16, align: "left" },
  { label: "DESCRIÇÃO DO PRODUTO / SERVIÇO", width: 50, align: "left" },
  { label: "NCM/SH", width: 13, align: "center" },
  { label: "O/CST", width: 8, align: "center" },
  { label: "CFOP", width: 8, align: "center" },
  { label: "UN", width: 7, align: "center" },
  { label: "QUANT.", width: 14, align: "right" },
  { label: "VALOR UNIT.", width: 15, align: "right" },
  { label: "VALOR TOTAL", width: 15, align: "right" },
  { label: "B.CÁLC ICMS", width: 14, align: "right" },
  { label: "VALOR ICMS", width: 12, align: "right" },
  { label: "VALOR IPI", width: 10, align: "right" },
  { label: "ALÍQ. ICMS", width: 8, align: "right" },
  { label: "ALÍQ. IPI", width: 8, align: "right" },
];

type Row =
  | { kind: "item"; cells: string[][]; height: number }
  | { kind: "note"; line: string; height: number; heading?: boolean };

/** Collects a page's drawing operations: WinAnsi-safe, clipped and wrapped texts, boxes, lines. */
export class Writer {
  readonly drawable: ReadonlySet<number>;
  page: DanfePage = { texts: [], rects: [], lines: [] };
  /** Each character's advance at 1,000 points, per font (measured once: layout measures a lot). */
  private readonly advances: Record<Font, Map<string, number>> = { regular: new Map(), bold: new Map() };
  constructor(readonly fonts: Fonts) {
    this.drawable = new Set(fonts.regular.getCharacterSet());
  }

  clean(text: string): string {
    return drawableText(text, this.drawable);
  }

  /**
   * The width of `text` at `size`: the sum of its characters' advances, without the font's kerning
   * pairs (which only narrow a text), so a text measured to fit does fit.
   */
  width(text: string, font: Font, size: number): number {
    const advances = this.advances[font];
    let total = 0;
    for (const ch of text) {
      let advance = advances.get(ch);
      if (advance === undefined) {
        advance = this.fonts[font].widthOfTextAtSize(ch, 1000);
        advances.set(ch, advance);
      }
      total += advance;
    }
    return (total * size) / 1000;
  }

  /** The longest prefix of `text` that fits `width` (binary search). */
  clip(text: string, font: Font, size: number, width: number): string {
    if (this.width(text, font, size) <= width) return text;
    let fits = 0;
    let over = text.length;
    while (over - fits > 1) {
      const middle = Math.floor((fits + over) / 2);
      if (this.width(text.slice(0, middle), font, size) <= width) fits = middle;
      else over = middle;
    }
    return text.slice(0, fits);
  }

  /** `text` broken into lines of at most `width` (at spaces; a word longer than a line is cut). */
  wrap(text: string, font: Font, size: number, width: number): string[] {
    const lines: string[] = [];
    const space = this.width(" ", font, size);
    for (const paragraph of text.split(/\r?\n/)) {
      let line = "";
      let used = 0;
      for (const word of this.clean(paragraph).split(" ")) {
        const wordWidth = this.width(word, font, size);
        if (line !== "" && used + space + wordWidth <= width) {
          line = `${line} ${word}`;
          used += space + wordWidth;
          continue;
        }
        if (line === "" && wordWidth <= width) {
          line = word;
          used = wordWidth;
          continue;
        }
        if (line !== "") lines.push(line);
        let rest = word;
        while (this.width(rest, font, size) > width) {
          const head = this.clip(rest, font, size, width) || rest.slice(0, 1);
          lines.push(head);
          rest = rest.slice(head.length);
        }
        line = rest;
        used = this.width(rest, font, size);
      }
      if (line !== "" || lines.length === 0) lines.push(line);
    }
    return lines;
  }

  text(
    raw: string,
    x: number,
    y: number,
    width: number,
    { size = VALUE_SIZE, font = "regular" as Font, align = "left" as "left" | "center" | "right" } = {},
  ) {
    const text = this.clip(this.clean(raw), font, size, width);
    if (text === "") return;
    const used = this.width(text, font, size);
    const at = align === "left" ? x : align === "right" ? x + width - used : x + (width - used) / 2;
    this.page.texts.push({ text, x: at, y, size, font });
  }

  box(x: number, y: number, width: number, height: number) {
    this.page.rects.push({ x, y, width, height, fill: false });
  }

  line(x1: number, y1: number, x2: number, y2: number, dashed = false) {
    this.page.lines.push({ x1, y1, x2, y2, dashed });
  }

  /** A field: its box, its label (upper case, small) and its value below. */
  field(
    x: number,
    y: number,
    width: number,
    label: string,
    value: string,
    { align = "left" as "left" | "center" | "right", height = ROW, size = VALUE_SIZE, bold = false } = {},
  ) {
    this.box(x, y, width, height);
    this.text(label, x + 0.8 * MM, y + LABEL_SIZE + 0.6, width - 1.6 * MM, { size: LABEL_SIZE });
    this.text(value, x + 0.8 * MM, y + height - 1.6 * MM, width - 1.6 * MM, {
      size,
      align,
      font: bold ? "bold" : "regular",
    });
  }

  /** A row of fields with widths in mm (the last takes what is left). */
  fields(
    y: number,
    cells: Array<[string, string, number] | [string, string, number, "left" | "center" | "right"]>,
  ) {
    let x = MARGIN;
    cells.forEach(([label, value, mm, align], i) => {
      const width = i === cells.length - 1 ? MARGIN + WIDTH - x : mm * MM;
      this.field(x, y, width, label, value, { align: align ?? "left" });
      x += width;
    });
  }

  /** A block's title above its fields (bold, upper case). */
  title(y: number, text: string) {
    this.text(text, MARGIN, y + TITLE - 1.1 * MM, WIDTH, { size: 6.5, font: "bold" });
  }
}

const money = (cents: number | null) => (cents === null ? "" : formatMoney(cents));

function addressLine(address: DanfeAddress | null): string {
  if (!address) return "";
  return [address.street, address.number, address.complement]
    .filter((part) => part && part !== "")
    .join(", ");
}

/** The receipt stub (canhoto), first page only: who received, when, and the note's number. */
function stub(w: Writer, view: DanfeView, top: number) {
  const right = 38 * MM;
  const left = WIDTH - right;
  const recipient = view.recipient;
  const receipt =
    `RECEBEMOS DE ${view.issuer.name} OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ELETRÔNICA INDICADA AO LADO. ` +
    `EMISSÃO: ${formatDate(view.issuedAt)} VALOR TOTAL: R$ ${formatMoney(view.totals.total)}` +
    (recipient ? ` DESTINATÁRIO: ${recipient.name} - ${addressLine(recipient.address)}` : "");
  w.box(MARGIN, top, left, STUB_HEIGHT / 2);
  w.wrap(receipt, "regular", 6, left - 1.6 * MM)
    .slice(0, 3)
    .forEach((line, i) => {
      w.text(line, MARGIN + 0.8 * MM, top + 2.6 * MM + i * 2.4 * MM, left - 1.6 * MM, { size: 6 });
    });
  w.field(MARGIN, top + STUB_HEIGHT / 2, 40 * MM, "DATA DE RECEBIMENTO", "", { height: STUB_HEIGHT / 2 });
  w.field(
    MARGIN + 40 * MM,
    top + STUB_HEIGHT / 2,
    left - 40 * MM,
    "IDENTIFICAÇÃO E ASSINATURA DO RECEBEDOR",
    "",
    {
      height: STUB_HEIGHT / 2,
    },
  );
  const x = MARGIN + left;
  w.box(x, top, right, STUB_HEIGHT);
  w.text("NF-e", x, top + 5 * MM, right, { size: 12, font: "bold", align: "center" });
  w.text(`Nº ${formatNoteNumber(view.number)}`, x, top + 10 * MM, right, {
    size: 9,
    font: "bold",
    align: "center",
  });
  w.text(`SÉRIE ${formatSeries(view.series)}`, x, top + 14 * MM, right, {
    size: 9,
    font: "bold",
    align: "center",
  });
  w.line(MARGIN, top + STUB_HEIGHT + 2 * MM, MARGIN + WIDTH, top + STUB_HEIGHT + 2 * MM, true);
  return top + STUB_HEIGHT + 4 * MM;
}

/** The issuer's header, repeated on every page. */
function header(w: Writer, view: DanfeView, top: number, page: number, pages: number) {
  const wIssuer = Math.round(WIDTH * 0.4);
  const wDanfe = Math.round(WIDTH * 0.17);
  const wKey = WIDTH - wIssuer - wDanfe;
  const h = 32 * MM;
  const issuer = view.issuer;
  // issuer identification
  w.box(MARGIN, top, wIssuer, h);
  w.text("IDENTIFICAÇÃO DO EMITENTE", MARGIN, top + 2.5 * MM, wIssuer, { size: LABEL_SIZE, align: "center" });
  const nameLines = w.wrap(issuer.name, "bold", 10, wIssuer - 3 * MM).slice(0, 2);
  let y = top + 9 * MM;
  for (const line of nameLines) {
    w.text(line, MARGIN + 1.5 * MM, y, wIssuer - 3 * MM, { size: 10, font: "bold", align: "center" });
    y += 4.2 * MM;
  }
  const address = issuer.address;
  const lines = address
    ? [
        addressLine(address),
        `${address.district} - ${formatZip(address.zipCode)}`,
        `${address.city} - ${address.uf}${address.phone ? ` Fone: ${address.phone}` : ""}`,
      ]
    : [];
  for (const line of lines) {
    w.text(line, MARGIN + 1.5 * MM, y, wIssuer - 3 * MM, { size: 7.5, align: "center" });
    y += 3.4 * MM;
  }
  // DANFE box
  const xd = MARGIN + wIssuer;
  w.box(xd, top, wDanfe, h);
  w.text("DANFE", xd, top + 5.5 * MM, wDanfe, { size: 13, font: "bold", align: "center" });
  w.text("Documento Auxiliar da", xd, top + 9 * MM, wDanfe, { size: 6.5, align: "center" });
  w.text("Nota Fiscal Eletrônica", xd, top + 11.5 * MM, wDanfe, { size: 6.5, align: "center" });
  w.text("0 - ENTRADA", xd + 2 * MM, top + 16 * MM, wDanfe / 2, { size: 6.5 });
  w.text("1 - SAÍDA", xd + 2 * MM, top + 19 * MM, wDanfe / 2, { size: 6.5 });
  const flag = xd + wDanfe - 9 * MM;
  w.box(flag, top + 13.8 * MM, 6 * MM, 6 * MM);
  w.text(String(view.entryExit), flag, top + 18.4 * MM, 6 * MM, { size: 12, font: "bold", align: "center" });
  w.text(`Nº ${formatNoteNumber(view.number)}`, xd, top + 24 * MM, wDanfe, {
    size: 9,
    font: "bold",
    align: "center",
  });
  w.text(`SÉRIE ${formatSeries(view.series)}`, xd, top + 27.5 * MM, wDanfe, {
    size: 9,
    font: "bold",
    align: "center",
  });
  w.text(`FOLHA ${page}/${pages}`, xd, top + 31 * MM, wDanfe, { size: 7, align: "center" });
  // key: the CODE-128C barcode (10-module quiet zones), then its digits in groups of 4
  const xk = xd + wDanfe;
  w.box(xk, top, wKey, h);
  const { bars, modules } = code128KeyBars(view.accessKey);
  const module = (wKey - 4 * MM) / (modules + 20);
  const barsLeft = xk + 2 * MM + 10 * module;
  for (const [start, width] of bars)
    w.page.rects.push({
      x: barsLeft + start * module,
      y: top + 2 * MM,
      width: width * module,
      height: 12 * MM,
      fill: true,
    });
  w.line(xk, top + 16 * MM, xk + wKey, top + 16 * MM);
  w.text("CHAVE DE ACESSO", xk + 0.8 * MM, top + 16 * MM + LABEL_SIZE + 0.6, wKey, { size: LABEL_SIZE });
  w.text(formatAccessKey(view.accessKey), xk + 1 * MM, top + 22.2 * MM, wKey - 2 * MM, {
    size: 8.5,
    font: "bold",
    align: "center",
  });
  w.line(xk, top + 24 * MM, xk + wKey, top + 24 * MM);
  w.text("Consulta de autenticidade no portal nacional da NF-e", xk, top + 27.3 * MM, wKey, {
    size: 7,
    align: "center",
  });
  w.text("www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora", xk, top + 30.3 * MM, wKey, {
    size: 7,
    align: "center",
  });
  // natOp and protocol
  const y1 = top + h;
  w.field(MARGIN, y1, wIssuer + wDanfe, "NATUREZA DA OPERAÇÃO", view.natOp, { bold: true });
  const protocol = `${view.protocol.number} - ${formatDate(view.protocol.receivedAt)} ${formatTime(view.protocol.receivedAt)}`;
  w.field(xk, y1, wKey, "PROTOCOLO DE AUTORIZAÇÃO DE USO", protocol, { align: "center", bold: true });
  // IE, IE-ST, CNPJ
  const quarter = WIDTH / 4;
  const y2 = y1 + ROW;
  w.field(MARGIN, y2, quarter, "INSCRIÇÃO ESTADUAL", issuer.stateRegistration ?? "", { align: "center" });
  w.field(MARGIN + quarter, y2, quarter, "INSCRIÇÃO MUNICIPAL", issuer.municipalRegistration ?? "", {
    align: "center",
  });
  w.field(
    MARGIN + 2 * quarter,
    y2,
    quarter,
    "INSC. ESTADUAL DO SUBST. TRIBUT.",
    issuer.stStateRegistration ?? "",
    {
      align: "center",
    },
  );
  w.field(MARGIN + 3 * quarter, y2, quarter, "CNPJ / CPF", formatDocument(issuer.document), {
    align: "center",
  });
  return top + HEADER_HEIGHT + 1.5 * MM;
}

function recipientBlock(w: Writer, view: DanfeView, top: number) {
  const dest = view.recipient;
  const address = dest?.address ?? null;
  w.title(top, "DESTINATÁRIO / REMETENTE");
  let y = top + TITLE;
  w.fields(y, [
    ["NOME / RAZÃO SOCIAL", dest?.name ?? "", 120],
    ["CNPJ / CPF", formatDocument(dest?.document ?? null), 46, "center"],
    ["DATA DA EMISSÃO", formatDate(view.issuedAt), 0, "center"],
  ]);
  y += ROW;
  w.fields(y, [
    ["ENDEREÇO", addressLine(address), 100],
    ["BAIRRO / DISTRITO", address?.district ?? "", 44],
    ["CEP", formatZip(address?.zipCode ?? null), 22, "center"],
    ["DATA DA SAÍDA/ENTRADA", formatDate(view.exitAt), 0, "center"],
  ]);
  y += ROW;
  w.fields(y, [
    ["MUNICÍPIO", address?.city ?? "", 82],
    ["FONE / FAX", address?.phone ?? "", 36],
    ["UF", address?.uf ?? "", 10, "center"],
    ["INSCRIÇÃO ESTADUAL", dest?.stateRegistration ?? "", 38, "center"],
    ["HORA DA SAÍDA/ENTRADA", formatTime(view.exitAt), 0, "center"],
  ]);
  return y + ROW + 1.5 * MM;
}

/** Instalments in their boxes (three rows); past them, the rest are listed after the items. */
const MAX_DUPS = 24;

/** The invoice and its instalments (cobr/fat, cobr/dup), eight to a row; none when the note has no cobr. */
function invoiceBlock(w: Writer, view: DanfeView, top: number) {
  if (!view.invoice && view.installments.length === 0) return top;
  w.title(top, "FATURA / DUPLICATAS");
  let y = top + TITLE;
  if (view.invoice) {
    const fat = view.invoice;
    w.box(MARGIN, y, WIDTH, 4.5 * MM);
    w.text(
      `Fatura: ${fat.number ?? ""}   Valor original: R$ ${money(fat.original)}   Desconto: R$ ${money(fat.discount)}   Valor líquido: R$ ${money(fat.net)}`,
      MARGIN + 1 * MM,
      y + 3.3 * MM,
      WIDTH - 2 * MM,
      { size: 7 },
    );
    y += 4.5 * MM;
  }
  const perRow = 8;
  const width = WIDTH / perRow;
  const shown =
    view.installments.length > MAX_DUPS ? view.installments.slice(0, MAX_DUPS - 1) : view.installments;
  shown.forEach((dup, i) => {
    const x = MARGIN + (i % perRow) * width;
    const rowTop = y + Math.floor(i / perRow) * 9 * MM;
    w.box(x, rowTop, width, 9 * MM);
    w.text(`Num.: ${dup.number}`, x + 1 * MM, rowTop + 2.7 * MM, width - 2 * MM, { size: 6.5 });
    w.text(`Venc.: ${formatDate(dup.dueDate)}`, x + 1 * MM, rowTop + 5.3 * MM, width - 2 * MM, { size: 6.5 });
    w.text(`Valor: R$ ${formatMoney(dup.value)}`, x + 1 * MM, rowTop + 7.9 * MM, width - 2 * MM, {
      size: 6.5,
    });
  });
  if (shown.length < view.installments.length) {
    const x = MARGIN + (shown.length % perRow) * width;
    const rowTop = y + Math.floor(shown.length / perRow) * 9 * MM;
    w.box(x, rowTop, width, 9 * MM);
    w.text(
      `+ ${view.installments.length - shown.length} duplicatas:`,
      x + 1 * MM,
      rowTop + 2.7 * MM,
      width - 2 * MM,
      {
        size: 6.5,
      },
    );
    w.text("após os produtos", x + 1 * MM, rowTop + 5.3 * MM, width - 2 * MM, { size: 6.5 });
  }
  y += Math.ceil(Math.min(view.installments.length, MAX_DUPS) / perRow) * 9 * MM;
  return y + 1.5 * MM;
}

function taxBlock(w: Writer, view: DanfeView, top: number) {
  const t = view.totals;
  w.title(top, "CÁLCULO DO IMPOSTO");
  let y = top + TITLE;
  const fifth = WIDTH / MM / 5;
  w.fields(y, [
    ["BASE DE CÁLC. DO ICMS", formatMoney(t.icmsBase), fifth, "right"],
    ["VALOR DO ICMS", formatMoney(t.icms), fifth, "right"],
    ["BASE DE CÁLC. ICMS S.T.", formatMoney(t.icmsStBase), fifth, "right"],
    ["VALOR DO ICMS SUBST.", formatMoney(t.icmsSt), fifth, "right"],
    ["V. TOTAL PRODUTOS", formatMoney(t.products), 0, "right"],
  ]);
  y += ROW;
  const sixth = WIDTH / MM / 6;
  w.fields(y, [
    ["VALOR DO FRETE", formatMoney(t.freight), sixth, "right"],
    ["VALOR DO SEGURO", formatMoney(t.insurance), sixth, "right"],
    ["DESCONTO", formatMoney(t.discount), sixth, "right"],
    ["OUTRAS DESPESAS", formatMoney(t.other), sixth, "right"],
    ["VALOR TOTAL IPI", formatMoney(t.ipi), sixth, "right"],
    ["V. TOTAL DA NOTA", formatMoney(t.total), 0, "right"],
  ]);
  y += ROW;
  if (t.ibsCbs) {
    const g = t.ibsCbs;
    w.fields(y, [
      ["BASE DE CÁLC. IBS/CBS", formatMoney(g.base), sixth, "right"],
      ["VALOR DO IBS UF", formatMoney(g.ibsUf), sixth, "right"],
      ["VALOR DO IBS MUNICIPAL", formatMoney(g.ibsMun), sixth, "right"],
      ["VALOR TOTAL DO IBS", formatMoney(g.ibs), sixth, "right"],
      ["VALOR DA CBS", formatMoney(g.cbs), sixth, "right"],
      ["V. TOTAL NF C/ IBS/CBS", money(t.totalWithIbsCbs ?? t.total), 0, "right"],
    ]);
    y += ROW;
  }
  return y + 1.5 * MM;
}

function transportBlock(w: Writer, view: DanfeView, top: number) {
  const tr = view.transport;
  const carrier = tr.carrier;
  w.title(top, "TRANSPORTADOR / VOLUMES TRANSPORTADOS");
  let y = top + TITLE;
  w.fields(y, [
    ["NOME / RAZÃO SOCIAL", carrier?.name ?? "", 62],
    ["FRETE POR CONTA", freightByLabel(tr.freightBy), 34],
    ["CÓDIGO ANTT", tr.vehicle?.rntc ?? "", 22, "center"],
    ["PLACA DO VEÍCULO", tr.vehicle?.plate ?? "", 22, "center"],
    ["UF", tr.vehicle?.uf ?? "", 10, "center"],
    ["CNPJ / CPF", formatDocument(carrier?.document ?? null), 0, "center"],
  ]);
  y += ROW;
  w.fields(y, [
    ["ENDEREÇO", carrier?.address ?? "", 84],
    ["MUNICÍPIO", carrier?.city ?? "", 56],
    ["UF", carrier?.uf ?? "", 10, "center"],
    ["INSCRIÇÃO ESTADUAL", carrier?.stateRegistration ?? "", 0, "center"],
  ]);
  y += ROW;
  const vol = tr.volumes[0];
  const sum = (pick: (v: (typeof tr.volumes)[number]) => string | null, places: number) => {
    const values = tr.volumes.map(pick).filter((v): v is string => v !== null);
    if (values.length === 0) return "";
    const scale = 10 ** places;
    const total = values.reduce((acc, v) => acc + Math.round(Number(v) * scale), 0);
    const whole = Math.trunc(total / scale);
    return formatDecimal(`${whole}.${String(total % scale).padStart(places, "0")}`, places, places);
  };
  w.fields(y, [
    ["QUANTIDADE", sum((v) => v.quantity, 0), 24, "right"],
    ["ESPÉCIE", vol?.species ?? "", 34],
    ["MARCA", vol?.brand ?? "", 34],
    ["NUMERAÇÃO", vol?.numbering ?? "", 34],
    ["PESO BRUTO", sum((v) => v.grossKg, 3), 36, "right"],
    ["PESO LÍQUIDO", sum((v) => v.netKg, 3), 0, "right"],
  ]);
  return y + ROW + 1.5 * MM;
}

function itemCells(w: Writer, item: DanfeItem): string[][] {
  const description = item.additionalInfo ? `${item.description} ${item.additionalInfo}` : item.description;
  const values = [
    item.code,
    description,
    item.ncm,
    item.cst,
    item.cfop,
    item.unit,
    formatDecimal(item.quantity, 2, 4),
    formatDecimal(item.unitValue, 2, 4),
    formatMoney(item.total),
    formatMoney(item.icmsBase),
    formatMoney(item.icmsValue),
    formatMoney(item.ipiValue),
    item.icmsRate === null ? "" : formatDecimal(item.icmsRate, 2, 2),
    item.ipiRate === null ? "" : formatDecimal(item.ipiRate, 2, 2),
  ];
  return values.map((value, i) => {
    const width = COLUMNS[i]!.width * MM - 1.2 * MM;
    // code and description wrap (at most 6 lines); the figures fit or are clipped
    return i <= 1 ? w.wrap(value, "regular", ITEM_SIZE, width).slice(0, 6) : [w.clean(value)];
  });
}

/** The items table's frame and column titles at `top`; answers where the first row goes. */
function itemsHead(w: Writer, top: number) {
  w.title(top, "DADOS DOS PRODUTOS / SERVIÇOS");
  const y = top + TITLE;
  let x = MARGIN;
  for (const column of COLUMNS) {
    const width = column.width * MM;
    w.box(x, y, width, 5 * MM);
    const words = w.wrap(column.label, "regular", LABEL_SIZE, width - 1 * MM).slice(0, 2);
    words.forEach((line, i) => {
      w.text(line, x + 0.5 * MM, y + (words.length === 1 ? 3.2 : 2.2 + i * 2.1) * MM, width - 1 * MM, {
        size: LABEL_SIZE,
        align: "center",
      });
    });
    x += width;
  }
  return y + 5 * MM;
}

/** The items table's frame from `top` to `bottom`, its column rules down to `rulesEnd` (notes below span it). */
function itemsFrame(w: Writer, top: number, rulesEnd: number, bottom: number) {
  w.box(MARGIN, top, WIDTH, bottom - top);
  let x = MARGIN;
  for (const column of COLUMNS.slice(0, -1)) {
    x += column.width * MM;
    w.line(x, top, x, rulesEnd);
  }
}

function drawRow(w: Writer, row: Row, top: number) {
  if (row.kind === "note") {
    w.text(row.line, MARGIN + 1 * MM, top + ADDITIONAL_LINE - 0.6 * MM, WIDTH - 2 * MM, {
      size: ADDITIONAL_SIZE,
    });
    return;
  }
  let x = MARGIN;
  row.cells.forEach((lines, i) => {
    const column = COLUMNS[i]!;
    const width = column.width * MM;
    lines.forEach((line, k) => {
      w.text(line, x + 0.6 * MM, top + ITEM_LINE * (k + 1) - 0.5 * MM, width - 1.2 * MM, {
        size: ITEM_SIZE,
        align: column.align,
      });
    });
    x += width;
  });
  w.line(MARGIN, top + row.height, MARGIN + WIDTH, top + row.height, true);
}

/** The additional data at the foot of the first page: infCpl (and infAdFisco) and the tax office's box. */
function additionalBlock(w: Writer, lines: string[], fisco: string[], top: number, height: number) {
  w.title(top, "DADOS ADICIONAIS");
  const y = top + TITLE;
  const left = WIDTH * 0.65;
  w.box(MARGIN, y, left, height);
  w.text("INFORMAÇÕES COMPLEMENTARES", MARGIN + 0.8 * MM, y + LABEL_SIZE + 0.6, left, { size: LABEL_SIZE });
  lines.forEach((line, i) => {
    w.text(line, MARGIN + 0.8 * MM, y + 2.4 * MM + ADDITIONAL_LINE * (i + 1), left - 1.6 * MM, {
      size: ADDITIONAL_SIZE,
    });
  });
  w.box(MARGIN + left, y, WIDTH - left, height);
  w.text("RESERVADO AO FISCO", MARGIN + left + 0.8 * MM, y + LABEL_SIZE + 0.6, WIDTH - left, {
    size: LABEL_SIZE,
  });
  fisco.forEach((line, i) => {
    w.text(
      line,
      MARGIN + left + 0.8 * MM,
      y + 2.4 * MM + ADDITIONAL_LINE * (i + 1),
      WIDTH - left - 1.6 * MM,
      {
        size: ADDITIONAL_SIZE,
      },
    );
  });
}

/** The homologation and cancellation marks, across the page. */
function marks(w: Writer, view: DanfeView, options: DanfeOptions) {
  const put = (text: string, y: number, size: number) => {
    const width = w.width(text, "bold", size);
    // rotated 45 degrees about its start: centred on the page's diagonal
    const x = PAGE_WIDTH / 2 - (width / 2) * Math.SQRT1_2;
    w.page.texts.push({ text, x, y: y + (width / 2) * Math.SQRT1_2, size, font: "bold", mark: true });
  };
  if (view.environment === 2) {
    put("SEM VALOR FISCAL", PAGE_HEIGHT / 2, 48);
    put("EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO", PAGE_HEIGHT / 2 + 22 * MM, 18);
  }
  if (options.cancelled) put("CANCELADA", PAGE_HEIGHT / 2 - 30 * MM, 60);
}

/** Lays out the DANFE of `view` (see the module's comment). */
export function layoutDanfe(view: DanfeView, fonts: Fonts, options: DanfeOptions = {}): DanfeDrawing {
  const w = new Writer(fonts);
  const bottom = PAGE_HEIGHT - MARGIN;

  // the additional data: its box grows to ADDITIONAL_MAX, the rest continues after the items
  const emissionTypes: Record<string, string> = { "6": "SVC-AN", "7": "SVC-RS", "9": "off-line" };
  const infCpl = [
    ...(view.contingency
      ? [
          `Emitida em contingência ${emissionTypes[view.emissionType] ?? `(tpEmis ${view.emissionType})`} desde ${formatDate(view.contingency.at)} ${formatTime(view.contingency.at)}: ${view.contingency.reason}`,
        ]
      : []),
    ...(view.additionalInfo ? [view.additionalInfo] : []),
    ...(view.totals.approximateTaxes !== null
      ? [`Valor aproximado dos tributos: R$ ${formatMoney(view.totals.approximateTaxes)}`]
      : []),
  ].join("\n");
  const infLines = infCpl === "" ? [] : w.wrap(infCpl, "regular", ADDITIONAL_SIZE, WIDTH * 0.65 - 1.6 * MM);
  const fiscoLines = view.fiscoInfo
    ? w.wrap(view.fiscoInfo, "regular", ADDITIONAL_SIZE, WIDTH * 0.35 - 1.6 * MM)
    : [];
  const capacity = (height: number) => Math.floor((height - 3 * MM) / ADDITIONAL_LINE);
  const needed = Math.max(infLines.length, fiscoLines.length);
  let additionalHeight = ADDITIONAL_MIN;
  while (capacity(additionalHeight) < needed && additionalHeight < ADDITIONAL_MAX)
    additionalHeight += ADDITIONAL_LINE;
  const shown = infLines.slice(0, capacity(additionalHeight));
  const continued = infLines.slice(shown.length);
  const fiscoShown = fiscoLines.slice(0, capacity(additionalHeight));

  // the rows of the item pages: every item (wrapped), then the additional data that did not fit
  const rows: Row[] = view.items.map((item) => {
    const cells = itemCells(w, item);
    const lines = Math.max(...cells.map((cell) => cell.length));
    return { kind: "item", cells, height: lines * ITEM_LINE + 0.8 * MM };
  });
  if (view.installments.length > MAX_DUPS) {
    rows.push({
      kind: "note",
      line: "FATURA / DUPLICATAS (CONTINUAÇÃO)",
      height: ADDITIONAL_LINE + 1 * MM,
      heading: true,
    });
    for (const dup of view.installments.slice(MAX_DUPS - 1))
      rows.push({
        kind: "note",
        line: `Num.: ${dup.number}   Venc.: ${formatDate(dup.dueDate)}   Valor: R$ ${formatMoney(dup.value)}`,
        height: ADDITIONAL_LINE,
      });
  }
  if (continued.length > 0) {
    rows.push({
      kind: "note",
      line: "DADOS ADICIONAIS (CONTINUAÇÃO)",
      height: ADDITIONAL_LINE + 1 * MM,
      heading: true,
    });
    for (const line of continued) rows.push({ kind: "note", line, height: ADDITIONAL_LINE });
  }

  // the first page's fixed blocks, measured on a scratch page (drawn again once pages are known)
  const firstTop = (writer: Writer, pages: number) => {
    let y = stub(writer, view, MARGIN);
    y = header(writer, view, y, 1, pages);
    y = recipientBlock(writer, view, y);
    y = invoiceBlock(writer, view, y);
    y = taxBlock(writer, view, y);
    y = transportBlock(writer, view, y);
    return itemsHead(writer, y);
  };
  const scratch = new Writer(fonts);
  const firstRowsTop = firstTop(scratch, 1);
  const firstRowsBottom = bottom - additionalHeight - TITLE - 1.5 * MM;
  const otherRowsTop = (() => {
    const other = new Writer(fonts);
    return itemsHead(other, header(other, view, MARGIN, 1, 1));
  })();

  // paginate: rows on the first page until its items area is full, then on following pages
  const pageRows: Row[][] = [[]];
  let y = firstRowsTop;
  let limit = firstRowsBottom;
  for (const row of rows) {
    if (y + row.height > limit && pageRows[pageRows.length - 1]!.length > 0) {
      pageRows.push([]);
      y = otherRowsTop;
      limit = bottom;
    }
    pageRows[pageRows.length - 1]!.push(row);
    y += row.height;
  }
  const pages = pageRows.length;

  const drawing: DanfeDrawing = {
    pages: [],
    title: `DANFE NF-e ${formatNoteNumber(view.number)} série ${formatSeries(view.series)}`,
  };
  pageRows.forEach((rowsOfPage, index) => {
    w.page = { texts: [], rects: [], lines: [] };
    let top: number;
    let end: number;
    if (index === 0) {
      top = firstTop(w, pages);
      end = firstRowsBottom;
      additionalBlock(w, shown, fiscoShown, firstRowsBottom + 1.5 * MM, additionalHeight);
    } else {
      top = itemsHead(w, header(w, view, MARGIN, index + 1, pages));
      end = bottom;
    }
    const notes = rowsOfPage.some((row) => row.kind === "note");
    const itemsHeight = rowsOfPage.reduce((sum, row) => sum + (row.kind === "item" ? row.height : 0), 0);
    itemsFrame(w, top, notes ? top + itemsHeight : end, end);
    let rowTop = top;
    for (const row of rowsOfPage) {
      drawRow(w, row, rowTop);
      rowTop += row.height;
    }
    marks(w, view, options);
    drawing.pages.push(w.page);
  });
  return drawing;
}
