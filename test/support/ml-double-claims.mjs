// The claims and attachments part of the Mercado Livre double (ml-double-server.mjs dispatches to it
// after its fault modes and the bearer token check, so 401/429/500/garbage/slow apply here too).
// Written from the public documentation (developers.mercadolivre.com.br "Gerenciar reclamações",
// "Gerenciar evidências", "Gerenciar devoluções", "Gerenciar mensagens de uma reclamação", "Anexar
// Nota Fiscal"; Mercado Pago's claims reference), not from any SDK. API:
//   GET  /post-purchase/v1/claims/search?player_role=&player_user_id=&resource=&resource_id=
//        {paging {offset, limit, total}, data [claim]}: the claims where the user plays that role
//   GET  /post-purchase/v1/claims/{id}                      the claim, or 404
//   GET  /post-purchase/v1/claims/{id}/affects-reputation   {affects_reputation, has_incentive, due_date}, or 404
//   GET  /post-purchase/v1/claims/{id}/evidences            [evidence] ([] when none)
//   GET  /post-purchase/v2/claims/{id}/returns              the return, or 404
//   POST /post-purchase/v1/claims/{id}/attachments          multipart `file`: jpg, jpeg, png, pdf up to
//        5 MB, else 400 {message, error, status, cause}; {user_id, filename, render_url}
//   POST /post-purchase/v1/claims/{id}/actions/send-message {receiver_role, message, attachments}: the
//        attachments must be this claim's uploaded file names, else 400
//   POST /packs/{id}/fiscal_documents                       multipart `fiscal_document`: pdf, xml up to
//        1 MB, one per pack (400 when the pack has one), 403 for a pack set forbidden, 404 for an
//        unknown pack (a pack id is a known pack or, for an order without pack, the order's id)
// Control (/_control/<name>/...):
//   POST /claims            [claim JSON as the API writes it]: added or replaced
//   POST /claim-details     {<claim id>: {reputation?, evidences?, returns?}}: its sub-resources
//   POST /fiscal-forbidden  [pack id]: uploads to these packs answer 403
//   GET  /uploads           [{path, part, fileName, type, size}]: the files the API accepted
//   GET  /messages          [{claimId, body}]: the claim messages the API accepted

/** Answers JSON; true (the request was handled). */
const json = (response, status, body) => {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  return true;
};
/** Mercado Livre's error body: {message, error, status, cause}. */
const refuse = (response, status, code, message) =>
  json(response, status, { message, error: code, status, cause: [] });

function stateOf(seller) {
  seller.claims ??= new Map();
  seller.claimDetails ??= new Map();
  seller.fiscalForbidden ??= new Set();
  seller.fiscalDocuments ??= new Map();
  seller.uploads ??= [];
  seller.claimMessages ??= [];
  return seller;
}

const readRaw = (request) =>
  new Promise((resolve) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
  });

/** The multipart part `name` of the request, or null. */
async function filePart(request, name) {
  const raw = await readRaw(request);
  try {
    const form = await new Request("http://double/", {
      method: "POST",
      headers: { "content-type": request.headers["content-type"] ?? "" },
      body: raw,
    }).formData();
    const file = form.get(name);
    return file && typeof file === "object" ? file : null;
  } catch {
    return null;
  }
}

const extensionOf = (fileName) => /\.([A-Za-z0-9]{1,10})$/.exec(fileName ?? "")?.[1]?.toLowerCase() ?? "";

/** Answers a claims or attachments request of the API; true when it did. */
export async function handleClaims(seller, method, path, url, request, response) {
  const state = stateOf(seller);
  const q = url.searchParams;
  if (method === "GET" && path === "/post-purchase/v1/claims/search") {
    const limit = Number(q.get("limit") ?? "30");
    const offset = Number(q.get("offset") ?? "0");
    const role = q.get("player_role");
    const userId = q.get("player_user_id");
    const matching = [...state.claims.values()].filter(
      (claim) =>
        (!role || claim.players.some((p) => p.role === role && (!userId || String(p.user_id) === userId))) &&
        (!q.get("resource") || claim.resource === q.get("resource")) &&
        (!q.get("resource_id") || String(claim.resource_id) === q.get("resource_id")),
    );
    json(response, 200, {
      paging: { offset, limit, total: matching.length },
      data: matching.slice(offset, offset + limit),
    });
    return true;
  }
  let match = /^\/post-purchase\/v(1|2)\/claims\/(\d+)(\/[\w/-]+)?$/.exec(path);
  if (match) {
    const [, version, claimId, rest = ""] = match;
    const claim = state.claims.get(claimId);
    if (!claim) {
      refuse(response, 404, "not_found", `Claim ${claimId} not found`);
      return true;
    }
    const details = state.claimDetails.get(claimId) ?? {};
    const key = `${method} v${version}${rest}`;
    if (key === "GET v1") return json(response, 200, claim);
    if (key === "GET v1/affects-reputation") {
      if (!details.reputation) refuse(response, 404, "not_found", "Reputation information not found");
      else json(response, 200, details.reputation);
      return true;
    }
    if (key === "GET v1/evidences") return json(response, 200, details.evidences ?? []);
    if (key === "GET v2/returns") {
      if (!details.returns) refuse(response, 404, "not_found", "Return not found");
      else json(response, 200, details.returns);
      return true;
    }
    if (key === "POST v1/attachments") {
      const file = await filePart(request, "file");
      if (!file) return refuse(response, 400, "bad_request", "file is required");
      if (!["jpg", "jpeg", "png", "pdf"].includes(extensionOf(file.name)))
        return refuse(response, 400, "invalid_file_type", "File type not allowed");
      if (file.size > 5 * 1024 * 1024)
        return refuse(response, 400, "file_too_large", "File size exceeds the 5 MB limit");
      const filename = `${seller.sellerId}_${Math.random().toString(36).slice(2)}.${extensionOf(file.name)}`;
      state.uploads.push({
        path,
        part: "file",
        fileName: file.name,
        type: file.type,
        size: file.size,
        filename,
      });
      json(response, 200, {
        user_id: seller.sellerId,
        filename,
        render_url: `https://double.invalid/attachments/${filename}`,
      });
      return true;
    }
    if (key === "POST v1/actions/send-message") {
      const text = (await readRaw(request)).toString("utf8");
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        return refuse(response, 400, "bad_request", "invalid JSON");
      }
      const known = new Set(
        state.uploads.filter((u) => u.path.includes(`/${claimId}/`)).map((u) => u.filename),
      );
      if (
        typeof body?.message !== "string" ||
        !body.message ||
        !["complainant", "mediator"].includes(body.receiver_role) ||
        !(body.attachments ?? []).every((name) => known.has(name))
      )
        return refuse(response, 400, "bad_request", "invalid message");
      state.claimMessages.push({ claimId, body });
      json(response, 200, {});
      return true;
    }
    return false;
  }
  match = /^\/packs\/(\d+)\/fiscal_documents$/.exec(path);
  if (match && method === "POST") {
    const packId = match[1];
    if (!seller.packs.has(packId) && !seller.orders.has(packId))
      return refuse(response, 404, "not_found", `Pack ${packId} not found`);
    if (state.fiscalForbidden.has(packId))
      return refuse(response, 403, "forbidden", "The pack does not accept fiscal documents");
    const file = await filePart(request, "fiscal_document");
    if (!file) return refuse(response, 400, "bad_request", "fiscal_document is required");
    if (!["pdf", "xml"].includes(extensionOf(file.name)))
      return refuse(response, 400, "invalid_file_type", "Only PDF or XML files are allowed");
    if (file.size > 1024 * 1024)
      return refuse(response, 400, "file_too_large", "File size exceeds the 1 MB limit");
    if (state.fiscalDocuments.has(packId))
      return refuse(response, 400, "bad_request", "The pack already has a fiscal document");
    const id = `FD-${packId}-${state.uploads.length + 1}`;
    state.fiscalDocuments.set(packId, id);
    state.uploads.push({
      path,
      part: "fiscal_document",
      fileName: file.name,
      type: file.type,
      size: file.size,
      filename: id,
    });
    json(response, 200, { ids: [id] });
    return true;
  }
  return false;
}

/** Answers a control request of this part; true when it did. */
export function controlClaims(seller, rest, method, data, response) {
  const state = stateOf(seller);
  if (rest === "/claims" && method === "POST") {
    for (const claim of data) state.claims.set(String(claim.id), claim);
    return json(response, 200, {});
  }
  if (rest === "/claim-details" && method === "POST") {
    for (const [claimId, details] of Object.entries(data))
      state.claimDetails.set(claimId, { ...(state.claimDetails.get(claimId) ?? {}), ...details });
    return json(response, 200, {});
  }
  if (rest === "/fiscal-forbidden" && method === "POST") {
    for (const packId of data) state.fiscalForbidden.add(String(packId));
    return json(response, 200, {});
  }
  if (rest === "/uploads") return json(response, 200, state.uploads);
  if (rest === "/messages") return json(response, 200, state.claimMessages);
  return false;
}
