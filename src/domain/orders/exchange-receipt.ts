import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from "@pdfme/pdf-lib";
import { formatQuantity } from "../stock/quantities";
import type { OrderDetail } from "./read";

/**
 * The exchange receipt ("vale-troca") of an order: a one-page A4 PDF (more pages for long orders)
 * built with @pdfme/pdf-lib (the maintained fork of pdf-lib), which writes PDFs without compiling code at run time (Workers forbid eval).
 * It names the company, the order, its date and customer and each item with its quantity, and no
 * prices, as exchange receipts go to whoever receives a gift. Answered in base64.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const LINE = 16;

/**
 * Text the font can draw: the standard fonts encode WinAnsi only (Latin-1, Portuguese accents
 * included, and a few more such as `€` and `—`), and pdf-lib throws on anything else. Decomposed
 * accents are composed first (NFC); a character outside WinAnsi becomes its compatibility
 * decomposition without marks when that is drawable (`ő` -> `o`, `ﬁ` -> `fi`, `Ａ` -> `A`), any
 * whitespace or control becomes a space, invisible format marks (RTL marks, joiners, variation
 * selectors, lone combining marks) are dropped, and anything else (emoji, CJK, Hebrew...) is `?`.
 */
export function drawableText(text: string, drawable: ReadonlySet<number>): string {
  const canDraw = (part: string) => [...part].every((ch) => drawable.has(ch.codePointAt(0)!));
  let out = "";
  for (const ch of text.normalize("NFC")) {
    if (canDraw(ch)) out += ch;
    else if (/[\s\p{Cc}]/u.test(ch)) out += " ";
    else if (/[\p{Cf}\p{M}]/u.test(ch)) continue;
    else {
      const plain = ch.normalize("NFKD").replace(/\p{M}/gu, "");
      out += plain !== "" && canDraw(plain) ? plain : "?";
    }
  }
  return out;
}

/** The longest prefix of the text that fits the width (binary search: names may be long). */
function clip(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let fits = 0;
  let over = text.length;
  while (over - fits > 1) {
    const middle = Math.floor((fits + over) / 2);
    if (font.widthOfTextAtSize(text.slice(0, middle), size) <= width) fits = middle;
    else over = middle;
  }
  return text.slice(0, Math.max(fits, 1));
}

export async function exchangeReceiptPdf(detail: OrderDetail, companyName: string): Promise<Uint8Array> {
  const { order, items } = detail;
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const drawable = new Set(regular.getCharacterSet());
  const created = new Date(`${order.date}T12:00:00Z`);
  pdf.setTitle(`Vale-troca do pedido ${order.id}`);
  pdf.setCreator(companyName);
  pdf.setProducer("pdf-lib");
  pdf.setCreationDate(created);
  pdf.setModificationDate(created);

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const write = (
    text: string,
    { font = regular, size = 11, x = MARGIN, width = A4[0] - 2 * MARGIN } = {},
  ) => {
    page.drawText(clip(drawableText(text, drawable), font, size, width), { x, y, size, font });
  };
  const next = (lines = 1) => {
    y -= LINE * lines;
    if (y < MARGIN) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };

  write("VALE-TROCA", { font: bold, size: 20 });
  next(2);
  write(companyName, { font: bold, size: 13 });
  next(1.5);
  write(`Pedido: ${order.id}`);
  next();
  write(`Data da compra: ${order.date.split("-").reverse().join("/")}`);
  next();
  if (order.consumerId !== null) {
    write(`Cliente: ${order.consumerId}`);
    next();
  }
  next();
  write("Código", { font: bold, x: MARGIN, width: 110 });
  write("Produto", { font: bold, x: MARGIN + 115, width: 300 });
  write("Qtde", { font: bold, x: A4[0] - MARGIN - 60, width: 60 });
  next(1.2);
  for (const item of items) {
    write(item.skuCode ?? String(item.skuId), { x: MARGIN, width: 110 });
    write(item.skuName, { x: MARGIN + 115, width: 300 });
    write(formatQuantity(item.quantity), { x: A4[0] - MARGIN - 60, width: 60 });
    next();
  }
  next();
  write("Apresente este vale-troca junto com o produto, sem sinais de uso e com a etiqueta.", { size: 9 });
  next();
  write("A troca segue a política da loja e o Código de Defesa do Consumidor.", { size: 9 });
  return pdf.save();
}

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
