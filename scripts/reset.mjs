// npm run reset: back to a fresh local setup. Removes the local state `npm start` runs on, which
// wrangler keeps under .wrangler/state (v3/): every local account's D1 database (the accounts of
// `tenant:add` included), the R2 uploads, the queues' messages, the cache. The next `npm start`
// applies every migration and seeds the demo data again. Kept: .dev.vars (the local secrets) and
// wrangler.toml (the accounts stay configured, their databases are made again on start).
//
//   npm run reset                          # .wrangler/state of this checkout
//   npm run reset -- --persist-to <dir>    # another state folder (as wrangler's and tenant:add's)
//
// Stop `npm start` first: a running server keeps the files it has open until it ends.
import { existsSync, rmSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";

const root = join(import.meta.dirname, "..");

let values;
try {
  ({ values } = parseArgs({ options: { "persist-to": { type: "string" } } }));
} catch (error) {
  console.error(`reset: ${error.message}\nUsage: npm run reset [-- --persist-to <dir>]`);
  process.exit(2);
}
const state = values["persist-to"] ? resolve(values["persist-to"]) : join(root, ".wrangler", "state");
const shown = relative(process.cwd(), state) || state;

if (!existsSync(state)) {
  console.log(`No local state at ${shown}: nothing to reset.`);
} else {
  rmSync(state, { recursive: true, force: true });
  console.log(`Removed the local state (D1 databases, R2 uploads, queues) at ${shown}.`);
  console.log("The next `npm start` migrates and seeds every local account from scratch.");
}
