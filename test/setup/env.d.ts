import type { D1Migration } from "@cloudflare/vitest-plugin";
import type { Env } from "../../src/env";

declare global {
  namespace Cloudflare {
    interface GlobalProps {
      mainModule: typeof import("../../src/index");
    }
    interface Env {
      TENANTS: string;
      DB_DEMO: D1Database;
      DB_ACME: D1Database;
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

declare module "cloudflare:test" {
  interface ProvidedEnv extends Env {}
}
