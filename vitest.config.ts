import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          JWT_SECRET: "test-jwt-secret-not-for-production-0123456789",
          UPLOAD_SIGNING_SECRET: "test-upload-secret-not-for-production-0123456789",
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
        },
      },
    })),
  ],
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["./test/setup/apply-migrations.ts"],
    // hands the OFX fixture bytes (in-repo MIT copies, GPL ones from ../shared when present) to workerd
    globalSetup: ["./test/domain/ofx/fixtures.setup.mjs"],
    silent: "passed-only",
    // prints the cases tried per route by the fuzz tests and writes docs/artifacts/fuzz-summary.json
    reporters: ["default", "./test/fuzz/summary-reporter.mjs"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
