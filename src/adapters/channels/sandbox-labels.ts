import { PDFDocument, StandardFonts } from "@pdfme/pdf-lib";

/** A shipping label's content as the sandbox channel prints it. */
export type SandboxLabel = { shipmentId: string; orderId: string; recipient: string; channel: string };

/** 100 x 150 mm, the thermal label size channels use, in PDF points. */
const WIDTH = 283;
const HEIGHT = 425;

/** One page per label: channel, shipment, order and recipient in Helvetica. */
export async function labelsPdf(labels: SandboxLabel[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle("Etiquetas de envio");
  pdf.setProducer("Sandbox channel");
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const label of labels) {
    const page = pdf.addPage([WIDTH, HEIGHT]);
    page.drawRectangle({ x: 10, y: 10, width: WIDTH - 20, height: HEIGHT - 20, borderWidth: 1 });
    page.drawText(label.channel, { x: 24, y: HEIGHT - 44, size: 14, font: bold });
    page.drawText(`Envio ${label.shipmentId}`, { x: 24, y: HEIGHT - 80, size: 18, font: bold });
    page.drawText(`Pedido ${label.orderId}`, { x: 24, y: HEIGHT - 104, size: 11, font });
    page.drawText("Destinatário:", { x: 24, y: HEIGHT - 140, size: 10, font });
    page.drawText(label.recipient, { x: 24, y: HEIGHT - 156, size: 12, font: bold });
  }
  return pdf.save();
}

/** ZPL II text, one `^XA ... ^XZ` block per label with a Code 128 barcode of the shipment. */
export function labelsZpl(labels: SandboxLabel[]): string {
  const ascii = (text: string) => text.normalize("NFD").replace(/[^\x20-\x7e]/g, "");
  return labels
    .map((label) =>
      [
        "^XA",
        "^CI28",
        `^FO40,40^A0N,36,36^FD${ascii(label.channel)}^FS`,
        `^FO40,100^A0N,48,48^FDEnvio ${ascii(label.shipmentId)}^FS`,
        `^FO40,170^A0N,28,28^FDPedido ${ascii(label.orderId)}^FS`,
        `^FO40,220^A0N,28,28^FD${ascii(label.recipient)}^FS`,
        `^FO40,290^BY3^BCN,120,Y,N,N^FD${ascii(label.shipmentId)}^FS`,
        "^XZ",
      ].join("\n"),
    )
    .join("\n");
}
