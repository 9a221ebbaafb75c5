import { degrees, grayscale, PDFDocument, type PDFPage, StandardFonts } from "@pdfme/pdf-lib";
import {
  PAGE_HEIGHT as A4_HEIGHT,
  PAGE_WIDTH as A4_WIDTH,
  type DanfeDrawing,
  type DanfeOptions,
  type Fonts,
  layoutDanfe,
  type TextOp,
} from "./layout";
import { readDanfe } from "./read";
import type { DanfeView } from "./view";

/**
 * The DANFE (Documento Auxiliar da NF-e) of a stored `nfeProc`, as an A4 portrait PDF drawn inside
 * the Worker with @pdfme/pdf-lib and its standard fonts (Helvetica, WinAnsi): read (read.ts), laid
 * out (layout.ts), painted here. A document that cannot be printed throws `DanfeError` (read.ts).
 */
export async function renderDanfe(nfeProcXml: string, options: DanfeOptions = {}): Promise<Uint8Array> {
  return renderDanfeView(readDanfe(nfeProcXml), options);
}

/** The DANFE of an already read view. */
export async function renderDanfeView(view: DanfeView, options: DanfeOptions = {}): Promise<Uint8Array> {
  const { pdf, fonts } = await newDocument();
  const drawing = layoutDanfe(view, fonts, options);
  paint(pdf, fonts, drawing, { shapes: true });
  return save(pdf, drawing, view.issuedAt);
}

/**
 * The bound of painting a DANFE: the same texts of the same drawing (same strings, fonts, sizes,
 * places and page count) drawn with the PDF library alone, no reading, layout, boxes nor bars.
 * Used by the benchmark (scripts/lib/bench-danfe.mjs), inside workerd as the DANFE itself.
 */
export async function drawDanfeTextsAlone(drawing: DanfeDrawing): Promise<Uint8Array> {
  const { pdf, fonts } = await newDocument();
  paint(pdf, fonts, drawing, { shapes: false });
  return save(pdf, drawing, null);
}

/** The drawing of `nfeProcXml` (for the benchmark's bound and the tests). */
export async function danfeDrawing(nfeProcXml: string, options: DanfeOptions = {}): Promise<DanfeDrawing> {
  const { fonts } = await newDocument();
  return layoutDanfe(readDanfe(nfeProcXml), fonts, options);
}

/** A new PDF with the DANFE's fonts (Helvetica, Helvetica-Bold: WinAnsi). */
export async function newDocument() {
  const pdf = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  return { pdf, fonts };
}

const BLACK = grayscale(0);
const MARK = grayscale(0.55);

function paintText(page: PDFPage, fonts: Fonts, op: TextOp, pageHeight: number) {
  page.drawText(op.text, {
    x: op.x,
    y: pageHeight - op.y,
    size: op.size,
    font: fonts[op.font],
    color: op.mark ? MARK : BLACK,
    ...(op.mark ? { rotate: degrees(45), opacity: 0.25 } : {}),
  });
}

/** Paints `drawing`'s pages (top-left coordinates) on pages of `size` points (A4 portrait unless told). */
export function paint(
  pdf: PDFDocument,
  fonts: Fonts,
  drawing: DanfeDrawing,
  { shapes }: { shapes: boolean },
  [pageWidth, pageHeight]: [number, number] = [A4_WIDTH, A4_HEIGHT],
) {
  for (const planned of drawing.pages) {
    const page = pdf.addPage([pageWidth, pageHeight]);
    if (shapes) {
      for (const rect of planned.rects) {
        const at = {
          x: rect.x,
          y: pageHeight - rect.y - rect.height,
          width: rect.width,
          height: rect.height,
        };
        if (rect.fill) page.drawRectangle({ ...at, color: BLACK });
        else page.drawRectangle({ ...at, borderColor: BLACK, borderWidth: 0.5 });
      }
      for (const line of planned.lines)
        page.drawLine({
          start: { x: line.x1, y: pageHeight - line.y1 },
          end: { x: line.x2, y: pageHeight - line.y2 },
          thickness: line.dashed ? 0.25 : 0.5,
          color: BLACK,
          ...(line.dashed ? { dashArray: [1.5, 1.5] } : {}),
        });
    }
    for (const text of planned.texts) paintText(page, fonts, text, pageHeight);
  }
}

/** Sets the metadata (the note's date, so the same document gives the same bytes) and saves. */
export async function save(pdf: PDFDocument, drawing: DanfeDrawing, issuedAt: string | null) {
  pdf.setTitle(drawing.title);
  pdf.setCreator("DANFE");
  pdf.setProducer("pdf-lib");
  // the note's date, so the same nfeProc gives the same bytes
  const at = issuedAt ? new Date(issuedAt) : new Date(0);
  const date = Number.isNaN(at.getTime()) ? new Date(0) : at;
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  return pdf.save();
}
