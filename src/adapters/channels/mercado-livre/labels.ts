/**
 * Shipping labels of Mercado Livre (developers.mercadolivre.com.br, "Gerenciamento de envios" /
 * "Mercado Envios 2: imprimir etiquetas"): `GET /shipment_labels?shipment_ids=<id,id,...>&response_type=pdf|zpl2`,
 * at most `ML_LABELS_PER_CALL` shipments a call. A label exists only for a shipment `ready_to_ship`,
 * so each shipment is read first (`GET /shipments/{id}`, `x-format-new: true`) and the ones not
 * ready are refused together, naming their status. The PDF answers of several calls are merged into
 * one document; `zpl2` answers a ZIP holding the ZPL text, whose entries are unpacked and joined.
 * A 400 of the label call (`failed_shipments` or the error body `{message, error, status, cause}`)
 * is a refusal naming the shipments and the channel's reason.
 */
import { PDFDocument } from "@pdfme/pdf-lib";
import { z } from "zod";
import { ChannelError, type ChannelLabels, type LabelFormat } from "../types";
import type { MlHttp } from "./http";

/** Shipment ids per `/shipment_labels` call. */
export const ML_LABELS_PER_CALL = 50;
/** Shipment statuses whose label can be printed. */
const PRINTABLE = new Set(["ready_to_ship"]);

const ShipmentStatus = z.object({ id: z.union([z.number(), z.string()]), status: z.string().max(40) });

const Refusal = z.object({
  message: z.string().max(2000).nullish(),
  error: z.string().max(200).nullish(),
  failed_shipments: z
    .array(
      z.object({
        shipment_id: z.union([z.number(), z.string()]).nullish(),
        message: z.string().max(500).nullish(),
      }),
    )
    .nullish(),
});

/** The refusal of a label call as the channel explains it (a 400): the shipments and the reason. */
export function labelRefusal(body: unknown, shipmentIds: string[]): ChannelError {
  const parsed = Refusal.safeParse(body);
  const failed = parsed.success ? (parsed.data.failed_shipments ?? []) : [];
  const reason =
    failed
      .map((f) => [f.shipment_id, f.message].filter((part) => part != null && part !== "").join(": "))
      .filter(Boolean)
      .join("; ") ||
    (parsed.success ? (parsed.data.message ?? parsed.data.error) : null) ||
    "recusado pelo canal";
  return new ChannelError("label_refused", {
    shipments: shipmentIds.join(", "),
    reason: reason.slice(0, 500),
  });
}

const startsWith = (bytes: Uint8Array, text: string) =>
  bytes.length >= text.length && [...text].every((char, i) => bytes[i] === char.charCodeAt(0));

/** The shipments' labels as one file: a PDF, or the ZPL II text of the ZIPs `zpl2` answers. */
export async function fetchMlLabels(
  http: MlHttp,
  shipmentIds: string[],
  format: LabelFormat,
): Promise<ChannelLabels> {
  const ids = [...new Set(shipmentIds)];
  const statuses: { id: string; status: string }[] = [];
  for (let i = 0; i < ids.length; i += 6) {
    statuses.push(
      ...(await Promise.all(
        ids.slice(i, i + 6).map(async (id) => {
          const answer = ShipmentStatus.safeParse(
            await http.get(`/shipments/${id}`, {}, { "x-format-new": "true" }),
          );
          if (!answer.success) throw new ChannelError("invalid_answer");
          return { id, status: answer.data.status };
        }),
      )),
    );
  }
  const notReady = statuses.filter((s) => !PRINTABLE.has(s.status));
  if (notReady.length > 0) {
    throw new ChannelError("label_not_ready", {
      shipments: notReady.map((s) => `${s.id} (${s.status})`).join(", "),
    });
  }
  const files: Uint8Array[] = [];
  for (let i = 0; i < ids.length; i += ML_LABELS_PER_CALL) {
    const batch = ids.slice(i, i + ML_LABELS_PER_CALL);
    const { bytes } = await http.getFile(
      "/shipment_labels",
      { shipment_ids: batch.join(","), response_type: format === "zpl" ? "zpl2" : "pdf" },
      (body) => labelRefusal(body, batch),
    );
    files.push(bytes);
  }
  if (format === "zpl") {
    const texts: string[] = [];
    for (const file of files) {
      if (!startsWith(file, "PK")) throw new ChannelError("invalid_answer");
      for (const entry of await unzip(file)) texts.push(new TextDecoder().decode(entry).trim());
    }
    return {
      contentType: "text/plain; charset=utf-8",
      fileName: "etiquetas.zpl",
      bytes: new TextEncoder().encode(`${texts.join("\n")}\n`),
    };
  }
  if (files.some((file) => !startsWith(file, "%PDF"))) throw new ChannelError("invalid_answer");
  if (files.length === 1) {
    return { contentType: "application/pdf", fileName: "etiquetas.pdf", bytes: files[0]! };
  }
  const merged = await PDFDocument.create();
  for (const file of files) {
    const source = await PDFDocument.load(file).catch(() => {
      throw new ChannelError("invalid_answer");
    });
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return { contentType: "application/pdf", fileName: "etiquetas.pdf", bytes: await merged.save() };
}

/** Largest ZPL entry accepted (a ZIP claiming more is refused before inflating it). */
const MAX_ENTRY_BYTES = 20 * 1024 * 1024;

/**
 * The files of a ZIP (PKWARE APPNOTE: end of central directory, central directory entries;
 * methods 0 stored and 8 deflate), read from the central directory. Anything else is `invalid_answer`.
 */
export async function unzip(zip: Uint8Array): Promise<Uint8Array[]> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const fail = (): never => {
    throw new ChannelError("invalid_answer");
  };
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) fail();
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files: Uint8Array[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== 0x02014b50) fail();
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extra + comment;
    if (name.endsWith("/")) continue;
    if (size > MAX_ENTRY_BYTES || local + 30 > zip.length || view.getUint32(local, true) !== 0x04034b50)
      fail();
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + compressed > zip.length) fail();
    const data = zip.subarray(start, start + compressed);
    if (method === 0) files.push(data);
    else if (method === 8) files.push(await inflate(data).catch(fail));
    else fail();
  }
  return files;
}

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
