// The typed client (src/client.ts, `hono/client`) against a running API (`npm start`): sign in, the
// company, the bank accounts with their balances. What the README's "Typed client" shows, as a script
// that runs where the server runs:
//
//   npm run client:example                       # http://demo.localhost:8787, admin@demo.local
//   PORT=8788 npm run client:example             # the server of `PORT=8788 npm start`
//   API_URL=http://acme.localhost:8787 DEMO_EMAIL=admin@acme.local npm run client:example
//
// In TypeScript the same calls are type-checked (test/node/typed-client.test.ts). From Node, the
// client gets `localFetch` (scripts/lib/local-fetch.mjs): it reaches `<account>.localhost` through
// 127.0.0.1 with the account's Host, where Node's resolver does not know `*.localhost`. A browser
// or a Worker uses its own fetch.
import { createClient } from "../src/client.ts";
import { apiBaseFromEnv, CannotReach, localFetch, startAdvice } from "./lib/local-fetch.mjs";

const base = apiBaseFromEnv();
const email = process.env.DEMO_EMAIL ?? "admin@demo.local";
const password = process.env.DEMO_PASSWORD ?? "demo123";

async function main() {
  const signIn = await createClient(`${base}/1.0`, { fetch: localFetch }).user.signin.local.$post({
    json: { Email: email, Password: password },
  });
  if (signIn.status !== 200) {
    const body = await signIn.json().catch(() => null);
    throw new Error(`sign-in as ${email} answered ${signIn.status}: ${body?.errorMessage ?? ""}`);
  }
  const session = await signIn.json();
  console.log(`Signed in at ${base} as ${session.Name} (company ${session.IDCompany})`);

  const api = createClient(`${base}/1.0`, { token: session.Token, fetch: localFetch });
  const company = await api.company.$get();
  if (company.status === 200) console.log(`Company: ${(await company.json()).Name}`);
  const accounts = await api.accounts["bank-account"].$get({ query: {} });
  if (accounts.status !== 200) throw new Error(`bank accounts answered ${accounts.status}`);
  const list = await accounts.json();
  console.log(`${list.length} bank account(s)`);
  for (const account of list) console.log(`  ${account.IDBankAccount} ${account.Bank}: ${account.Balance}`);
}

try {
  await main();
} catch (error) {
  if (error instanceof CannotReach) console.error(startAdvice(base));
  else console.error(`client example: ${error.message}`);
  process.exit(1);
}
