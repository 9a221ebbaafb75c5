// Mercado Livre double, part 2 (listings and published stock): the items API of a seller, built
// from the public items and variations guides (developers.mercadolivre.com.br "Variações",
// "Publicar produtos"/items): `GET /items/{id}` answers the item (`id, title, status, price,
// available_quantity, variations[] {id, price, available_quantity, seller_custom_field,
// attributes}`); `PUT /items/{id}` changes `title`, `price`, `available_quantity` or `variations[]`
// (every variation is sent by `id`; a variation left out of `variations[]` is REMOVED, as the guide
// warns; an unknown id is refused). A deleted item answers 404 `{message, error: "not_found",
// status, cause}`; a closed item (`status: closed`) refuses any PUT with 400. Faults of the seller
// (`on: "api"`: 429 + Retry-After, 500, garbage, slow) apply to these calls too.
//
// Controls (`/_control/<name>` + ...):
//   POST /items          [item JSON]: added or replaced
//   POST /items-gone     {id, status?: "deleted"|"closed"}: deleted (404 from then on) or closed
//   GET  /items          {items: [...], puts: [{id, body}]}: the items now and every PUT accepted,
//                        in order (coalescing is asserted on these)
//   POST /items-hold     the next GET /items/{id} waits until /items-release (a publisher in flight)
//   POST /items-release  releases the held GETs

const itemsOf = (seller) => {
  seller.items ??= new Map();
  seller.itemPuts ??= [];
  return seller.items;
};

const readBody = (request) =>
  new Promise((resolve) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

/** The items API; true when the request was one of it (answered). */
export async function handleStock(seller, request, path, response, h) {
  const match = /^\/items\/([A-Z]{3}\d+)$/.exec(path);
  if (!match || !["GET", "PUT"].includes(request.method)) return false;
  const items = itemsOf(seller);
  const text = request.method === "PUT" ? await readBody(request) : "";
  if (await h.applyFault(seller, "api", response, path)) return true;
  if (!h.authorised(seller, request)) {
    h.error(response, 401, "not_found", "invalid_token");
    return true;
  }
  const id = match[1];
  if (request.method === "GET" && seller.itemsHold) await seller.itemsHold.promise;
  const item = items.get(id);
  if (!item || item.deleted) {
    h.error(response, 404, "not_found", `Item with id ${id} not found`);
    return true;
  }
  if (request.method === "GET") {
    const { deleted: _deleted, ...shown } = item;
    h.json(response, 200, shown);
    return true;
  }
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    h.error(response, 400, "bad_request", "Invalid JSON body");
    return true;
  }
  if (item.status === "closed") {
    h.error(response, 400, "item.status.invalid", `Item ${id} is closed and cannot be modified`);
    return true;
  }
  const negative = (v) => v !== undefined && (!Number.isInteger(v) || v < 0);
  if (negative(body.available_quantity) || (body.price !== undefined && !(body.price > 0))) {
    h.error(response, 400, "validation_error", "Invalid price or available_quantity");
    return true;
  }
  if (body.variations !== undefined) {
    const known = new Map((item.variations ?? []).map((v) => [String(v.id), v]));
    for (const v of body.variations) {
      if (!known.has(String(v.id))) {
        h.error(response, 400, "validation_error", `Variation ${v.id} does not belong to item ${id}`);
        return true;
      }
      if (negative(v.available_quantity) || (v.price !== undefined && !(v.price > 0))) {
        h.error(response, 400, "validation_error", `Invalid values for variation ${v.id}`);
        return true;
      }
    }
    // variations left out are removed, as the guide warns
    item.variations = body.variations.map((v) => ({ ...known.get(String(v.id)), ...v }));
  }
  for (const field of ["title", "price", "available_quantity"]) {
    if (body[field] !== undefined) item[field] = body[field];
  }
  seller.itemPuts.push({ id, body });
  const { deleted: _deleted, ...shown } = item;
  h.json(response, 200, shown);
  return true;
}

/** The controls of the items; true when `rest` was one of them (answered). */
export function stockControl(seller, rest, method, data, response, h) {
  const items = itemsOf(seller);
  if (rest === "/items" && method === "POST") {
    for (const item of data) items.set(item.id, { status: "active", ...item });
    h.json(response, 200, {});
    return true;
  }
  if (rest === "/items" && method === "GET") {
    h.json(response, 200, { items: [...items.values()], puts: seller.itemPuts });
    return true;
  }
  if (rest === "/items-gone") {
    const item = items.get(data.id);
    if (item) {
      if (data.status === "closed") item.status = "closed";
      else item.deleted = true;
    }
    h.json(response, 200, {});
    return true;
  }
  if (rest === "/items-hold") {
    let release;
    const promise = new Promise((resolve) => {
      release = resolve;
    });
    seller.itemsHold = { promise, release };
    h.json(response, 200, {});
    return true;
  }
  if (rest === "/items-release") {
    seller.itemsHold?.release();
    seller.itemsHold = null;
    h.json(response, 200, {});
    return true;
  }
  return false;
}
