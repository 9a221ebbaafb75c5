// The Mercado Livre double's bulk controls, for the benchmark (scripts/bench-hub.mjs) and the demo
// (scripts/lib/demo-ml.mjs): a seller's orders made up in the double itself rather than sent as JSON.
//   POST /_control/<name>/bench-seed   {orders, skuCodes, firstId?, buyers?}: `orders` paid orders of
//        the seller as `/orders/search` writes them (1 to 3 items of `skuCodes` each, created one
//        minute apart, in creation order), each with its shipment (`/shipments/{id}`, x-format-new
//        shape), its buyer's billing info (a valid CPF; `buyers` distinct buyers, default 37) and,
//        every tenth pair, a pack of two; answers {first, last} (the order ids)
//   POST /_control/<name>/bench-status {ids, status}: those orders' status changes (e.g. "cancelled"),
//        each with a later date_last_updated, as the channel does
// The dispatch line in ml-double-server.mjs hands every `/_control/<name>/bench-*` request here.

/** A CPF of 9 base digits with its two check digits (Receita Federal's rule). */
function cpf(base) {
  let digits = String(base).padStart(9, "0").slice(-9);
  for (let round = 0; round < 2; round++) {
    const length = digits.length;
    const sum = [...digits].reduce((total, d, i) => total + Number(d) * (length + 1 - i), 0);
    const rest = sum % 11;
    digits += rest < 2 ? "0" : String(11 - rest);
  }
  return digits;
}

const FIRST = ["Ana", "Bruno", "Carla", "Diego", "Elisa", "Fábio", "Gabriela", "Heitor"];
const LAST = ["Silva", "Souza", "Oliveira", "Pereira", "Lima", "Carvalho", "Ribeiro"];
const LOGISTICS = ["fulfillment", "cross_docking", "drop_off", "xd_drop_off"];

/** The shipment of the `n`-th seeded order (x-format-new shape); bench:hub sizes its bare fetch by it. */
export function benchShipment(n, shipmentId) {
  return {
    id: shipmentId,
    status: n % 5 === 0 ? "shipped" : "ready_to_ship",
    substatus: null,
    tracking_number: n % 5 === 0 ? `BR${String(shipmentId).slice(-9)}ML` : null,
    tracking_method: "Correios",
    logistic: { direction: "forward", mode: "me2", type: LOGISTICS[n % LOGISTICS.length] },
  };
}

function seed(seller, data) {
  const count = Number(data.orders);
  const skuCodes = data.skuCodes;
  const buyers = Number(data.buyers ?? 37);
  if (!Number.isInteger(count) || count < 1 || !Array.isArray(skuCodes) || skuCodes.length === 0)
    throw new Error("bench-seed needs {orders, skuCodes}");
  const firstId = Number(data.firstId ?? 2_000_010_000_000_000);
  const created0 = Date.parse("2026-03-01T12:00:00.000Z");
  for (let n = 0; n < count; n++) {
    const id = firstId + n;
    const buyer = n % buyers;
    const lines = 1 + (n % 3);
    const items = Array.from({ length: lines }, (_, line) => {
      const price = (1990 + ((n * 7 + line * 13) % 18000)) / 100;
      return {
        item: {
          id: `MLB${3_000_000_000 + ((n + line) % skuCodes.length)}`,
          title: `Produto ${skuCodes[(n + line) % skuCodes.length]}`,
          seller_sku: skuCodes[(n + line) % skuCodes.length],
          seller_custom_field: null,
          variation_id: null,
          variation_attributes: [],
        },
        quantity: 1 + ((n + line) % 3),
        unit_price: price,
        full_unit_price: price,
        currency_id: "BRL",
      };
    });
    const total = items.reduce((sum, item) => sum + Math.round(item.unit_price * 100) * item.quantity, 0);
    const packed = n % 10 === 4 || n % 10 === 5;
    const packId = packed ? 2_100_000_000_000_000 + Math.floor(n / 10) : null;
    const shipmentId = 40_000_000_000 + (packed ? Math.floor(n / 10) * 10 + 4 : n);
    const created = new Date(created0 + n * 60_000).toISOString();
    seller.clock += 1;
    seller.sortedOrders = null;
    seller.orders.set(String(id), {
      id,
      status: "paid",
      status_detail: null,
      date_created: created,
      date_closed: created,
      pack_id: packId,
      order_items: items,
      total_amount: total / 100,
      currency_id: "BRL",
      buyer: {
        id: 500_000 + buyer,
        nickname: `COMPRADOR${buyer}`,
        first_name: FIRST[buyer % FIRST.length],
        last_name: LAST[buyer % LAST.length],
      },
      seller: { id: seller.sellerId },
      shipping: { id: shipmentId },
      payments: [{ id: id + 1, status: "approved", shipping_cost: n % 4 === 0 ? 19.9 : 0 }],
      tags: packed ? ["pack_order", "paid"] : ["paid"],
      date_last_updated: new Date(seller.clock).toISOString(),
    });
    seller.shipments.set(String(shipmentId), benchShipment(n, shipmentId));
    if (packId !== null)
      seller.packs.set(String(packId), {
        id: packId,
        status: "released",
        orders: [{ id: firstId + n - (n % 10 === 5 ? 1 : 0) }, { id: firstId + n + (n % 10 === 4 ? 1 : 0) }],
        shipment: { id: shipmentId },
      });
    seller.billing.set(String(id), {
      buyer: {
        billing_info: {
          name: FIRST[buyer % FIRST.length],
          last_name: LAST[buyer % LAST.length],
          identification: { type: "CPF", number: cpf(100_000_000 + buyer * 7_919) },
        },
      },
    });
  }
  return { first: firstId, last: firstId + count - 1 };
}

function changeStatus(seller, data) {
  const changed = [];
  for (const id of data.ids ?? []) {
    const order = seller.orders.get(String(id));
    if (!order) continue;
    seller.clock += 1000;
    seller.sortedOrders = null;
    seller.orders.set(String(id), {
      ...order,
      status: data.status,
      date_last_updated: new Date(seller.clock).toISOString(),
    });
    changed.push(id);
  }
  return { changed };
}

/** Answers a `/_control/<name>/bench-*` request of `seller` (the double's own state). */
export function benchControl(seller, rest, data, response) {
  const answer = (status, body) =>
    response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  try {
    if (rest === "/bench-seed") return answer(200, seed(seller, data));
    if (rest === "/bench-status") return answer(200, changeStatus(seller, data));
    return answer(404, { message: "no such bench control", error: "not_found", status: 404, cause: [] });
  } catch (failure) {
    return answer(400, { message: String(failure), error: "bad_request", status: 400, cause: [] });
  }
}
