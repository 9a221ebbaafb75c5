// Mercado Livre double, part 2 "ops": labels, billing per order, released money and missed
// notifications, as the public developer documentation describes them (see docs/MERCADO-LIVRE.md,
// "Part 2: labels, fees, missed feeds, listing mapping"). Loaded by ml-double-server.mjs, whose
// faults (401/429/500/garbage/slow) and token check apply before these routes.
// API:
//   GET /shipment_labels?shipment_ids=<id,...>&response_type=pdf|zpl2  at most 50 ids; every shipment
//       must exist and be `ready_to_ship`, else 400 `{message, error, status, cause, failed_shipments:
//       [{shipment_id, message}]}`; pdf: one page per label; zpl2: a ZIP holding one .txt of ZPL II
//   GET /billing/integration/group/ML/order/details?order_ids=<id,...>  at most 50 ids:
//       `{offset, limit, total, last_id, results: [the order's detail as set by control]}`
//   GET /missed_feeds?app_id=<client id>[&topic=][&offset=][&limit=]  `{messages: [...], total,
//       offset, limit}`; another app's id: 403
// Control (under /_control/<name>):
//   POST /ops/order-details  {orderId: detail}: billing detail of orders (`order_id` set by the double)
//   POST /ops/billing-faults [{mode: "401"|"429"|"500"|"garbage", retryAfter?}]: the next billing
//                           calls fail in order (the other API calls are not touched)
//   POST /ops/missed        [{topic, resource, userId?, applicationId?}]: notifications Mercado Livre
//                           could not deliver
//   POST /ops/refuse-labels {message}: the next label call is refused (failed_shipments, every id)
//   GET  /ops/state         {labelCalls}: label calls answered with a file
import { crc32, deflateRawSync } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";

const send = (response, status, body, headers = {}) =>
  response.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));

const refuse = (response, status, code, message, extra = {}) =>
  send(response, status, { message, error: code, status, cause: [], ...extra });

const idsOf = (text) => (text ?? "").split(",").filter((id) => id !== "");

async function labelsPdf(ids) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const id of ids) {
    const page = pdf.addPage([283, 425]);
    page.drawText(`Mercado Envios ${id}`, { x: 20, y: 380, size: 14, font });
  }
  return Buffer.from(await pdf.save());
}

/** A ZIP of one deflated entry (PKWARE APPNOTE local header, central directory, end record). */
function zipOf(name, text) {
  const data = Buffer.from(text, "utf8");
  const packed = deflateRawSync(data);
  const nameBytes = Buffer.from(name, "utf8");
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const centralStart = local.length + nameBytes.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralStart, 16);
  return Buffer.concat([local, nameBytes, packed, central, nameBytes, end]);
}

/** Answers the ops part of the API; true when the request was one of its routes. */
export async function handleOps(seller, path, url, response) {
  const q = url.searchParams;
  if (path === "/shipment_labels") {
    const ids = idsOf(q.get("shipment_ids"));
    const type = q.get("response_type") ?? "pdf";
    if (ids.length === 0 || ids.length > 50 || !["pdf", "zpl2"].includes(type)) {
      refuse(response, 400, "bad_request", "shipment_ids (1 to 50) and response_type pdf|zpl2 are required");
      return true;
    }
    const failed = ids.flatMap((id) => {
      const shipment = seller.shipments.get(id);
      if (!shipment) return [{ shipment_id: Number(id), message: "Shipment not found" }];
      if (shipment.status !== "ready_to_ship")
        return [{ shipment_id: Number(id), message: `Shipment status is ${shipment.status}` }];
      return [];
    });
    if (seller.labelRefusal) {
      const message = seller.labelRefusal;
      seller.labelRefusal = null;
      failed.push(...ids.sort().map((id) => ({ shipment_id: Number(id), message })));
    }
    if (failed.length > 0) {
      refuse(response, 400, "bad_request", "Some shipments could not be printed", {
        failed_shipments: failed,
      });
      return true;
    }
    seller.labelCalls = (seller.labelCalls ?? 0) + 1;
    if (type === "pdf") {
      response.writeHead(200, { "Content-Type": "application/pdf" }).end(await labelsPdf(ids));
    } else {
      const zpl = ids.map((id) => `^XA^FO50,50^A0N,40,40^FDMercado Envios ${id}^FS^XZ`).join("\n");
      response.writeHead(200, { "Content-Type": "application/zip" }).end(zipOf("Etiqueta de envio.txt", zpl));
    }
    return true;
  }
  if (path === "/billing/integration/group/ML/order/details") {
    const ids = idsOf(q.get("order_ids"));
    if (ids.length === 0 || ids.length > 50) {
      refuse(response, 400, "bad_request", "order_ids: 1 to 50 ids");
      return true;
    }
    const fault = seller.billingFaults?.shift();
    if (fault?.mode === "401") {
      refuse(response, 401, "not_found", "invalid_token");
      return true;
    }
    if (fault?.mode === "429") {
      const body = { message: "Too Many Requests", error: "too_many_requests", status: 429, cause: [] };
      send(response, 429, body, { "Retry-After": fault.retryAfter ?? "1" });
      return true;
    }
    if (fault?.mode === "500") {
      refuse(response, 500, "internal_error", "Internal server error");
      return true;
    }
    if (fault?.mode === "garbage") {
      response.writeHead(200, { "Content-Type": "application/json" }).end('{"results": [{"order_id": "x"');
      return true;
    }
    const details = seller.orderDetails ?? new Map();
    const results = ids.flatMap((id) =>
      details.has(id) ? [{ ...details.get(id), order_id: Number(id) }] : [],
    );
    send(response, 200, { offset: 0, limit: 150, total: results.length, last_id: 0, results });
    return true;
  }
  if (path === "/missed_feeds") {
    if (q.get("app_id") !== seller.clientId) {
      refuse(response, 403, "forbidden", "The application does not belong to the caller");
      return true;
    }
    const topic = q.get("topic");
    const offset = Number(q.get("offset") ?? "0");
    const limit = Number(q.get("limit") ?? "50");
    const all = (seller.missed ?? []).filter((m) => !topic || m.topic === topic);
    send(response, 200, { messages: all.slice(offset, offset + limit), total: all.length, offset, limit });
    return true;
  }
  return false;
}

/** The ops part's controls; true when handled. */
export function controlOps(seller, rest, data, response) {
  if (rest === "/ops/order-details") {
    seller.orderDetails ??= new Map();
    for (const [orderId, detail] of Object.entries(data)) seller.orderDetails.set(orderId, detail);
    send(response, 200, {});
    return true;
  }
  if (rest === "/ops/billing-faults") {
    seller.billingFaults = data;
    send(response, 200, {});
    return true;
  }
  if (rest === "/ops/missed") {
    seller.missed ??= [];
    for (const m of data) {
      const at = new Date().toISOString();
      seller.missed.push({
        _id: `${Date.now()}-${seller.missed.length}`,
        resource: m.resource,
        user_id: m.userId ?? seller.sellerId,
        topic: m.topic,
        application_id: m.applicationId ?? Number(seller.clientId),
        attempts: 8,
        sent: at,
        received: at,
      });
    }
    send(response, 200, {});
    return true;
  }
  if (rest === "/ops/refuse-labels") {
    seller.labelRefusal = data.message;
    send(response, 200, {});
    return true;
  }
  if (rest === "/ops/state") {
    send(response, 200, { labelCalls: seller.labelCalls ?? 0 });
    return true;
  }
  return false;
}
