// One command to run the API locally: secrets, migrations, demo data, then `wrangler dev` on :8787.
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { DEMO_PASSWORD, SEED_PLAN } from "../src/dev/seed-plan.ts";
import { startLocalServer } from "./lib/local-server.mjs";

const PORT = Number(process.env.PORT ?? 8787);

const secret = () => randomBytes(32).toString("base64url");
if (!existsSync(".dev.vars")) {
  writeFileSync(
    ".dev.vars",
    `JWT_SECRET=${secret()}\nUPLOAD_SIGNING_SECRET=${secret()}\nHUB_CREDENTIALS_KEY=${secret()}\n`,
  );
  console.log("Created .dev.vars with fresh local secrets.");
} else if (!/^HUB_CREDENTIALS_KEY=/m.test(readFileSync(".dev.vars", "utf8"))) {
  // .dev.vars written before the hub existed: add the key the channel credentials are encrypted with.
  appendFileSync(".dev.vars", `HUB_CREDENTIALS_KEY=${secret()}\n`);
  console.log("Added HUB_CREDENTIALS_KEY to .dev.vars.");
}

const server = await startLocalServer({ port: PORT, extraArgs: process.argv.slice(2) });
const users = Object.entries(SEED_PLAN).flatMap(([account, plan]) =>
  plan.users.map((u) => `  ${account.padEnd(5)} ${u.email}`),
);
console.log(`
Demo accounts (password: ${DEMO_PASSWORD}):
${users.join("\n")}

Sign in:
  curl -s -X POST http://demo.localhost:${PORT}/1.0/user/signin/local \\
    -H 'Content-Type: application/json' \\
    -d '{"Email":"admin@demo.local","Password":"${DEMO_PASSWORD}"}'

API reference: http://demo.localhost:${PORT}/docs   OpenAPI: http://demo.localhost:${PORT}/openapi.json
`);
const stop = () => server.stop().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.child.on("exit", (code) => process.exit(code ?? 0));
