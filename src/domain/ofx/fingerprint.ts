/**
 * FNV-1a, 64 bits, over the UTF-8 bytes of `text`, as 16 hex digits. Deterministic and synchronous,
 * which is all a content fingerprint needs (it is not a security hash). The 64-bit product is done
 * in four 16-bit limbs so it stays exact in floating point.
 */
export function fnv1a64(text: string): string {
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (const byte of encoder.encode(text)) {
    h0 ^= byte;
    // hash * 0x100000001b3 = hash * 0x1b3 + (hash << 40)
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3 + (t0 >>> 16);
    const t2 = h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
    const t3 = h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16);
    h0 = t0 & 0xffff;
    h1 = t1 & 0xffff;
    h2 = t2 & 0xffff;
    h3 = t3 & 0xffff;
  }
  return [h3, h2, h1, h0].map((limb) => limb.toString(16).padStart(4, "0")).join("");
}

const encoder = new TextEncoder();
