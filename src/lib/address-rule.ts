/** Why an address is refused: not a URL (or with credentials), not https in production, or private/local. */
export type AddressRefusal = "invalid" | "notHttps" | "private";

/**
 * Where the service may call out (SSRF): webhooks and every external party. Production: https only, never a name of the local machine or network
 * (`localhost`, `*.localhost`, `*.local`, `*.internal`, `*.home.arpa`, a name without a dot) and never
 * an IP literal in a private, loopback, link-local, CGNAT, multicast, reserved or IPv6 ULA/link-local
 * range. Development: http too, and loopback (so a receiver on this machine can be tested); other
 * private ranges stay refused. An IPv6 literal that embeds an IPv4 address (`::a.b.c.d`, mapped
 * `::ffff:a.b.c.d`, translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:aabb:ccdd::`,
 * ISATAP `…:5efe:a.b.c.d`) is judged as that IPv4 address in both modes. Names are not resolved
 * here: Workers cannot query DNS directly, and Cloudflare's network does not route a Worker's fetch
 * to private addresses.
 */
export function addressRefusal(raw: string, production: boolean): AddressRefusal | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "invalid";
  }
  if (url.username || url.password) return "invalid";
  if (url.protocol !== "https:" && !(url.protocol === "http:" && !production)) return "notHttps";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const ipv4 = parseIpv4(host);
  if (ipv4) return ipv4Refusal(ipv4, production);
  if (host.startsWith("[")) {
    const groups = parseIpv6(host.slice(1, -1));
    if (!groups) return "invalid";
    if (groups.every((g, i) => g === (i === 7 ? 1 : 0))) return production ? "private" : null; // ::1
    const embedded = embeddedIpv4(groups);
    if (embedded) return ipv4Refusal(embedded, production);
    if (isPrivateV6(groups)) return "private";
    const isatap = isatapIpv4(groups);
    return isatap ? ipv4Refusal(isatap, production) : null;
  }
  if (isLocalName(host)) return production ? "private" : null;
  if (!host.includes(".") || /\.(local|internal|intranet|lan|home\.arpa|localdomain)$/.test(host))
    return "private";
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

function ipv4Refusal(ipv4: number[], production: boolean): AddressRefusal | null {
  if (isLoopbackV4(ipv4)) return production ? "private" : null;
  return isPrivateV4(ipv4) ? "private" : null;
}

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

/** The eight 16-bit groups of an IPv6 literal (`::` shorthand and a dotted IPv4 tail accepted). */
function parseIpv6(text: string): number[] | null {
  let v6 = text.toLowerCase();
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(v6);
  if (dotted) {
    const v4 = parseIpv4(dotted[2]!);
    if (!v4) return null;
    v6 = `${dotted[1]}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = v6.split("::");
  if (halves.length > 2) return null;
  const part = (half: string) => (half === "" ? [] : half.split(":"));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

const zero = (groups: number[]) => groups.every((g) => g === 0);
const bytesOf = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];

/** The IPv4 address an IPv6 literal carries by its prefix: where it is routed. */
function embeddedIpv4(g: number[]): number[] | null {
  const last = bytesOf(g[6]!, g[7]!);
  if (zero(g.slice(0, 6))) return last; // ::a.b.c.d (IPv4-compatible, deprecated; :: itself is 0.0.0.0)
  if (zero(g.slice(0, 5)) && g[5] === 0xffff) return last; // ::ffff:a.b.c.d (mapped)
  if (zero(g.slice(0, 4)) && g[4] === 0xffff && g[5] === 0) return last; // ::ffff:0:a.b.c.d (SIIT)
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(g.slice(2, 6))) return last; // 64:ff9b::/96 (NAT64)
  if (g[0] === 0x2002) return bytesOf(g[1]!, g[2]!); // 2002::/16 (6to4)
  return null;
}

/** The IPv4 address of an ISATAP interface id (`…:0:5efe:a.b.c.d`, `…:200:5efe:a.b.c.d`). */
const isatapIpv4 = (g: number[]) =>
  (g[4]! & 0xfdff) === 0 && g[5] === 0x5efe ? bytesOf(g[6]!, g[7]!) : null;

/**
 * Outside global unicast (2000::/3) nothing is routable on the internet: unspecified, loopback,
 * discard-only 100::/64, local-use NAT64 64:ff9b:1::/48, ULA, link-local, site-local, multicast.
 * Inside it: the IETF protocol block 2001::/23 (Teredo, benchmarking, ORCHID), documentation
 * 2001:db8::/32 and 3fff::/20.
 */
function isPrivateV6(g: number[]): boolean {
  const [first = 0, second = 0] = g;
  if ((first & 0xe000) !== 0x2000) return true;
  return (
    (first === 0x2001 && second < 0x200) ||
    (first === 0x2001 && second === 0xdb8) ||
    (first & 0xfff0) === 0x3ff0
  );
}
