// Values of wrangler.toml that the scripts running the Worker outside wrangler must share with it.
import { readFileSync } from "node:fs";

const toml = () => readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");

/** The Worker's compatibility date, so Miniflare runs it exactly as wrangler does. */
export function compatibilityDate() {
  const match = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml());
  if (!match) throw new Error("compatibility_date not found in wrangler.toml");
  return match[1];
}
