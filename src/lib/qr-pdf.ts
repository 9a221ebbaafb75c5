import qrcode from "qrcode-generator";

/**
 * QR codes (ISO/IEC 18004) for the PDFs drawn in the Worker: the symbol's modules from
 * `qrcode-generator` (kazuhikoarase, MIT: pure JavaScript, no eval nor `Function`, no Node APIs;
 * test/emission/danfe-nfce-workerd.test.ts runs it inside workerd), then as filled rectangles, each
 * row's adjacent dark modules merged into one, so a PDF draws them with its own operators.
 */

export type QrErrorCorrection = "L" | "M" | "Q" | "H";

/** The modules of `text` (byte mode unless told, the smallest version that holds it), `true` for dark. */
export function qrModules(
  text: string,
  level: QrErrorCorrection = "M",
  mode: "Byte" | "Numeric" | "Alphanumeric" = "Byte",
): boolean[][] {
  const qr = qrcode(0, level);
  qr.addData(text, mode);
  qr.make();
  const count = qr.getModuleCount();
  return Array.from({ length: count }, (_, row) =>
    Array.from({ length: count }, (_, col) => qr.isDark(row, col)),
  );
}

/** A rectangle in points from the top-left corner of the page. */
export type QrRect = { x: number; y: number; width: number; height: number };

/**
 * The dark modules of `modules` as rectangles in a square of `size` points whose top-left corner is
 * (`x`, `y`), the quiet zone (`quietZone` modules, 4 by the standard) included in `size`.
 */
export function qrRects(modules: boolean[][], x: number, y: number, size: number, quietZone = 4): QrRect[] {
  const count = modules.length;
  const unit = size / (count + 2 * quietZone);
  const rects: QrRect[] = [];
  modules.forEach((row, r) => {
    let c = 0;
    while (c < count) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < count && row[c]) c++;
      rects.push({
        x: x + (quietZone + start) * unit,
        y: y + (quietZone + r) * unit,
        width: (c - start) * unit,
        height: unit,
      });
    }
  });
  return rects;
}
