import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { DanfeError } from "../../src/domain/emission/danfe/read";
import { danfeDrawing, drawDanfeTextsAlone, renderDanfe } from "../../src/domain/emission/danfe/render";
import { code128KeyBars } from "../../src/lib/code128";
import {
  danfeBenchSample,
  danfeSampleItems,
  danfeSampleKey,
  danfeSampleXml,
} from "../fixtures/nfe/danfe-samples";

/** The texts drawn on a page (`<hex> Tj` of its content streams), WinAnsi read as Latin-1. */
function drawnTexts(pdf: PDFDocument, index: number): string[] {
  const contents = pdf.getPage(index).node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  const texts: string[] = [];
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) throw new Error("unexpected content stream");
    const operators = new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
    for (const [, hex] of operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      texts.push(String.fromCharCode(...(hex!.match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16))));
  }
  return texts;
}

const allTexts = (pdf: PDFDocument) => pdf.getPages().flatMap((_, i) => drawnTexts(pdf, i));

describe("renderDanfe inside workerd", () => {
  it("draws the 100-item note over three A4 pages with the key, number, protocol, IBS/CBS totals and the homologation mark", async () => {
    const sample = danfeBenchSample();
    const bytes = await renderDanfe(danfeSampleXml(sample));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(3);
    for (const page of pdf.getPages()) {
      expect(page.getWidth()).toBeCloseTo(595.28, 1);
      expect(page.getHeight()).toBeCloseTo(841.89, 1);
    }
    expect(pdf.getTitle()).toBe("DANFE NF-e 000.004.321 série 001");
    const key = danfeSampleKey(sample);
    const grouped = key.match(/.{4}/g)!.join(" ");
    const first = drawnTexts(pdf, 0);
    expect(first).toEqual(
      expect.arrayContaining([
        "DANFE",
        "1",
        "Nº 000.004.321",
        "SÉRIE 001",
        "FOLHA 1/3",
        grouped,
        "135260000004321 - 20/11/2026 10:16:07",
        "VENDA DE MERCADORIA",
        "11.222.333/0001-81",
        "44.555.666/0001-81",
        "SEM VALOR FISCAL",
        "V. TOTAL NF C/ IBS/CBS",
        "Transportes Rapidos Ltda",
        "SKU-0001",
      ]),
    );
    expect(first.some((text) => text.startsWith("RECEBEMOS DE Comercio de Roupas Exemplo Ltda"))).toBe(true);
    // every page repeats the header with the key and its page number, and carries the mark
    for (const [index, texts] of pdf
      .getPages()
      .map((_, i) => drawnTexts(pdf, i))
      .entries()) {
      expect(texts).toEqual(expect.arrayContaining([grouped, `FOLHA ${index + 1}/3`, "SEM VALOR FISCAL"]));
    }
    const all = allTexts(pdf);
    for (let n = 1; n <= 100; n++) expect(all).toContain(`SKU-${String(n).padStart(4, "0")}`);
    // the canhoto only on the first page
    expect(drawnTexts(pdf, 2)).not.toContain("DATA DE RECEBIMENTO");
  });

  it("draws the key as its CODE-128C bars in the header of every page", async () => {
    const sample = danfeBenchSample(3);
    const drawing = await danfeDrawing(danfeSampleXml(sample));
    const { bars } = code128KeyBars(danfeSampleKey(sample));
    const filled = drawing.pages[0]!.rects.filter((rect) => rect.fill);
    expect(filled).toHaveLength(bars.length);
    // widths proportional to the symbol's modules, left to right
    const module = filled[0]!.width / bars[0]![1];
    filled.forEach((rect, i) => {
      expect(rect.width).toBeCloseTo(bars[i]![1] * module, 6);
      expect(rect.x - filled[0]!.x).toBeCloseTo(bars[i]![0] * module, 6);
    });
  });

  it("prints no mark in production, and CANCELADA when asked", async () => {
    const xml = danfeSampleXml({ number: 77, items: danfeSampleItems(2), simples: true, environment: 1 });
    const production = await PDFDocument.load(await renderDanfe(xml));
    expect(production.getPageCount()).toBe(1);
    expect(allTexts(production)).not.toContain("SEM VALOR FISCAL");
    expect(allTexts(production)).not.toContain("CANCELADA");
    const cancelled = await PDFDocument.load(await renderDanfe(xml, { cancelled: true }));
    expect(allTexts(cancelled)).toContain("CANCELADA");
  });

  it("continues additional data that does not fit its box after the items", async () => {
    const long = Array.from({ length: 400 }, (_, i) => `Informação complementar ${i + 1}.`).join(" ");
    const pdf = await PDFDocument.load(
      await renderDanfe(danfeSampleXml({ number: 78, items: danfeSampleItems(2), infCpl: long })),
    );
    const all = allTexts(pdf);
    expect(all).toContain("DADOS ADICIONAIS (CONTINUAÇÃO)");
    expect(all.join(" ")).toContain("Informação complementar 400.");
  });

  it("lists the instalments past the 24th after the items, and says when the note was issued in contingency", async () => {
    const xml = danfeSampleXml({
      number: 80,
      items: danfeSampleItems(3),
      installments: 40,
      contingency: true,
    });
    const pdf = await PDFDocument.load(await renderDanfe(xml));
    const first = drawnTexts(pdf, 0);
    expect(first).toEqual(expect.arrayContaining(["Num.: 023", "+ 17 duplicatas:"]));
    expect(first).not.toContain("Num.: 024");
    const all = allTexts(pdf);
    expect(all).toContain("FATURA / DUPLICATAS (CONTINUAÇÃO)");
    for (const n of [24, 40]) expect(all.some((text) => text.startsWith(`Num.: 0${n}   Venc.:`))).toBe(true);
    expect(all).toContain(
      "Emitida em contingência SVC-AN desde 20/11/2026 09:00:00: SEFAZ autorizadora sem resposta desde as 9h",
    );
  });

  it("draws what the font can of any stored text and never throws on it", async () => {
    const xml = danfeSampleXml({
      number: 79,
      issuerName: "Loja Ação 🚀 中文 €—",
      items: [{ code: "CÓD-🚀", description: "Café\u200f 👍🏽 ok", quantity: 1, unitCents: 500 }],
      infCpl: "linha um\nlinha dois",
    });
    const pdf = await PDFDocument.load(await renderDanfe(xml));
    const all = allTexts(pdf);
    // WinAnsi bytes 0x80 and 0x97 are € and —
    expect(all).toContain("Loja Ação ? ?? \x80\x97");
    expect(all).toContain("CÓD-?");
    expect(all).toContain("Café ?? ok");
  });

  it("the benchmark's bound draws the same texts on the same pages, and nothing else", async () => {
    const xml = danfeSampleXml(danfeBenchSample());
    const danfe = await PDFDocument.load(await renderDanfe(xml));
    const bound = await PDFDocument.load(await drawDanfeTextsAlone(await danfeDrawing(xml)));
    expect(bound.getPageCount()).toBe(danfe.getPageCount());
    for (let i = 0; i < danfe.getPageCount(); i++) expect(drawnTexts(bound, i)).toEqual(drawnTexts(danfe, i));
  });

  it("refuses what is not an authorized nfeProc with a DanfeError", async () => {
    await expect(renderDanfe("not xml")).rejects.toBeInstanceOf(DanfeError);
    await expect(renderDanfe("<nfeProc/>")).rejects.toMatchObject({ code: "not_nfe_proc" });
  });
});
