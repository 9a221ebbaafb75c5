// Copies the API reference renderer (Scalar's standalone bundle) into the Worker's static assets,
// so /docs works without reaching any CDN. Runs after every install.
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const source = join(root, "node_modules/@scalar/api-reference/dist/browser/standalone.js");
const target = join(root, "public/docs/scalar.js");
if (!existsSync(source)) {
  console.error(`API reference bundle not found at ${source}`);
  process.exit(1);
}
mkdirSync(dirname(target), { recursive: true });
copyFileSync(source, target);
