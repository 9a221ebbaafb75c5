import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  layoutDanfeNfce,
  NFCE_CONTINGENCY,
  NFCE_HOMOLOGATION,
  NFCE_NO_CONSUMER,
  NFCE_PAGE_WIDTH,
  NFCE_PENDING,
  NFCE_TITLE,
  renderDanfeNfce,
} from "../../src/domain/emission/danfe/nfce";
import { DanfeError, readDanfeNfce } from "../../src/domain/emission/danfe/read";
import { newDocument } from "../../src/domain/emission/danfe/render";
import { qrModules, qrRects } from "../../src/lib/qr-pdf";
import { type NfceSample, nfceSampleItems, nfceSampleKey, nfceSampleXml } from "../fixtures/nfe/nfce-samples";

/** The page's content operators, WinAnsi read as Latin-1. */
function contentOf(pdf: PDFDocument): string {
  const contents = pdf.getPage(0).node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  let operators = "";
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) throw new Error("unexpected content stream");
    operators += new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
  }
  return operators;
}

const textsOf = (operators: string) =>
  [...operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map(([, hex]) =>
    String.fromCharCode(...(hex!.match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16))),
  );

async function render(sample: NfceSample) {
  const bytes = await renderDanfeNfce(nfceSampleXml(sample));
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
  const pdf = await PDFDocument.load(bytes);
  const operators = contentOf(pdf);
  return { pdf, operators, texts: textsOf(operators) };
}

const grouped = (key: string) => key.match(/.{4}/g)!.join(" ");

describe("renderDanfeNfce inside workerd", () => {
  it("draws an authorized NFC-e on one 80 mm page: title, items, totals, payments with change, key, protocol, QR code", async () => {
    const sample: NfceSample = {
      number: 10,
      items: nfceSampleItems(3),
      payments: [{ tPag: "01", cents: 5000 }],
    };
    const { pdf, operators, texts } = await render(sample);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getWidth()).toBeCloseTo(226.77, 1);
    expect(pdf.getTitle()).toBe("DANFE NFC-e 000.000.010 série 001");
    const joined = texts.join("\n");
    // the title wraps over the receipt's width: all its words are there, in order
    expect(joined.replace(/\n/g, " ")).toContain(NFCE_TITLE);
    expect(texts).toEqual(
      expect.arrayContaining([
        "Padaria e Mercearia Exemplo Ltda",
        "Qtde. total de itens",
        "3",
        "Valor a Pagar R$",
        "24,60",
        "Dinheiro",
        "50,00",
        "Troco R$",
        "25,40",
        grouped(nfceSampleKey(sample)),
        "https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica",
        NFCE_NO_CONSUMER,
        "Protocolo de autorização: 135260000000010",
        "NFC-e nº 000.000.010  Série 001  20/11/2026 10:15:00",
      ]),
    );
    expect(texts.some((text) => text.startsWith("P0001"))).toBe(true);
    expect(joined.replace(/\n/g, " ")).toContain(NFCE_HOMOLOGATION);
    expect(texts).not.toContain(NFCE_CONTINGENCY);

    // the QR code: the modules of infNFeSupl/qrCode, each run of dark modules one filled rectangle
    const { fonts } = await newDocument();
    const view = readDanfeNfce(nfceSampleXml(sample));
    const { drawing } = layoutDanfeNfce(view, fonts);
    const qrFills = drawing.pages[0]!.rects.filter((rect) => rect.fill);
    const modules = qrModules(view.qrCode!, "M");
    expect(modules.length).toBeGreaterThan(21);
    const left = Math.min(...qrFills.map((rect) => rect.x));
    const top = Math.min(...qrFills.map((rect) => rect.y));
    const unit = qrFills[0]!.height;
    // the same rectangles as the modules give, placed at the symbol's corner (quiet zone of 4 modules)
    const size = unit * (modules.length + 8);
    const expected = qrRects(modules, left - 4 * unit, top - 4 * unit, size);
    expect(qrFills.length).toBe(expected.length);
    qrFills.forEach((rect, i) => {
      expect(rect.x).toBeCloseTo(expected[i]!.x, 6);
      expect(rect.y).toBeCloseTo(expected[i]!.y, 6);
      expect(rect.width).toBeCloseTo(expected[i]!.width, 6);
    });
    // centred on the 80 mm page, at least 25 mm wide (the manual's minimum)
    expect(left - 4 * unit + size / 2).toBeCloseTo(NFCE_PAGE_WIDTH / 2, 3);
    expect(modules.length * unit).toBeGreaterThanOrEqual((25 * 72) / 25.4);
    // every one is painted: one filled path per rectangle
    expect((operators.match(/\nf\n/g) ?? []).length).toBe(qrFills.length);
  });

  it("grows the page with the items, the width staying 80 mm", async () => {
    const short = await render({ number: 20, items: nfceSampleItems(2) });
    const long = await render({ number: 21, items: nfceSampleItems(60) });
    const shortHeight = short.pdf.getPage(0).getHeight();
    const longHeight = long.pdf.getPage(0).getHeight();
    expect(long.pdf.getPageCount()).toBe(1);
    expect(long.pdf.getPage(0).getWidth()).toBeCloseTo(NFCE_PAGE_WIDTH, 5);
    expect(longHeight).toBeGreaterThan(shortHeight + 58 * 2 * 6);
    expect(long.texts.filter((text) => /^P\d{4}/.test(text))).toHaveLength(60);
  });

  it("an offline note not yet transmitted: EMITIDA EM CONTINGÊNCIA, pending authorization, no protocol; with the consumer's CPF", async () => {
    const sample: NfceSample = {
      number: 13,
      environment: 1,
      offline: true,
      pending: true,
      consumer: { cpf: "52998224725", name: "Maria da Silva" },
      items: nfceSampleItems(2),
    };
    const { texts } = await render(sample);
    expect(texts).toEqual(
      expect.arrayContaining([
        NFCE_CONTINGENCY,
        NFCE_PENDING,
        grouped(nfceSampleKey(sample)),
        "CONSUMIDOR - CPF 529.982.247-25",
        "Maria da Silva",
      ]),
    );
    expect(texts.join(" ")).not.toContain("HOMOLOGAÇÃO");
    expect(texts.some((text) => text.startsWith("Protocolo de autorização"))).toBe(false);
  });

  it("the same offline note once authorized: EMITIDA EM CONTINGÊNCIA with its protocol, no longer pending", async () => {
    const { texts } = await render({ number: 12, offline: true, items: nfceSampleItems(2) });
    expect(texts).toContain(NFCE_CONTINGENCY);
    expect(texts).not.toContain(NFCE_PENDING);
    expect(texts).toContain("Protocolo de autorização: 135260000000012");
  });

  it("refuses an NFC-e without its QR code", async () => {
    const xml = nfceSampleXml({ number: 30, items: nfceSampleItems(1) }).replace(
      /<infNFeSupl>.*<\/infNFeSupl>/,
      "",
    );
    await expect(renderDanfeNfce(xml)).rejects.toBeInstanceOf(DanfeError);
  });
});
