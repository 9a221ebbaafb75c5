import { applyD1Migrations, env } from "cloudflare:test";

// Every test file starts from migrated, empty databases for both local accounts.
await applyD1Migrations(env.DB_DEMO, env.TEST_MIGRATIONS);
await applyD1Migrations(env.DB_ACME, env.TEST_MIGRATIONS);
