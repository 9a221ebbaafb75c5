import { EVENT_MESSAGES as M } from "./messages";

/**
 * Where webhooks may go (SSRF). Production: https only, never a name of the local machine or network
 * (`localhost`, `*.localhost`, `*.local`, `*.internal`, `*.home.arpa`, a name without a dot) and never
 * an IP literal in a private, loopback, link-local, CGNAT, multicast, reserved or IPv6 ULA/link-local
 * range. Development: http too, and loopback (so a receiver on this machine can be tested); other
 * private ranges stay refused. Names are not resolved here: Workers cannot query DNS directly, and
 * Cloudflare's network does not route a Worker's fetch to private addresses.
 */
export function webhookUrlRefusal(raw: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return M.urlInvalid;
  }
  if (url.username || url.password) return M.urlInvalid;
  if (url.protocol !== "https:" && !(url.protocol === "http:" && !production)) return M.urlNotHttps;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const ipv4 = parseIpv4(host);
  if (ipv4) {
    if (isLoopbackV4(ipv4)) return production ? M.urlPrivate : null;
    return isPrivateV4(ipv4) ? M.urlPrivate : null;
  }
  if (host.startsWith("[")) {
    const v6 = host.slice(1, -1);
    if (v6 === "::1") return production ? M.urlPrivate : null;
    return isPrivateV6(v6) ? M.urlPrivate : null;
  }
  if (isLocalName(host)) return production ? M.urlPrivate : null;
  if (!host.includes(".") || /\.(local|internal|intranet|lan|home\.arpa|localdomain)$/.test(host))
    return M.urlPrivate;
  return null;
}

const isLocalName = (host: string) => host === "localhost" || host.endsWith(".localhost");

/** Dotted IPv4 as WHATWG URL normalises it (decimal, hex and short forms already become a.b.c.d). */
function parseIpv4(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

const isLoopbackV4 = ([a]: number[]) => a === 127;

function isPrivateV4([a, b, c]: number[]): boolean {
  if (a === undefined || b === undefined || c === undefined) return true;
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // CGNAT
    (a === 169 && b === 254) || // link-local (cloud metadata)
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF, TEST-NET-1
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224 // multicast, reserved, broadcast
  );
}

function isPrivateV6(host: string): boolean {
  const v6 = host.toLowerCase();
  if (v6 === "::" || v6 === "::1") return true;
  // IPv4-mapped / translated (::ffff:a.b.c.d, which URL writes as ::ffff:xxxx:xxxx)
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6);
  if (mapped) {
    const hi = Number.parseInt(mapped[1]!, 16);
    const lo = Number.parseInt(mapped[2]!, 16);
    return isPrivateV4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  }
  if (v6.startsWith("::ffff:") || v6.startsWith("64:ff9b:")) return true;
  const first = Number.parseInt(v6.split(":")[0] || "0", 16);
  return (
    (first & 0xfe00) === 0xfc00 || // ULA fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (first & 0xff00) === 0xff00 || // multicast
    (first === 0x2001 && /^2001:(db8|0{0,3}:)/.test(v6)) // documentation, Teredo-style specials
  );
}
