import type { D1Migration } from "@cloudflare/vitest-plugin";
import type { Env as WorkerEnv } from "../../src/env";

declare global {
  namespace Cloudflare {
    interface GlobalProps {
      mainModule: typeof import("../../src/index");
    }
    interface Env extends WorkerEnv {
      DB_DEMO: D1Database;
      DB_ACME: D1Database;
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
