/// <reference types="node" />
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TAGS } from "../../src/http/openapi";
import { accountUrl } from "./support/local-server";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
const ARTIFACTS = join(import.meta.dirname, "../../docs/artifacts");

describe.skipIf(!hasChromium)(
  `/docs in headless Chromium${hasChromium ? "" : ` (skipped: ${CHROMIUM} is not installed; apt-get install -y chromium)`}`,
  () => {
    let context: BrowserContext;
    let page: Page;
    let userDataDir: string;
    const problems: string[] = [];
    const otherOrigins: string[] = [];

    beforeAll(async () => {
      userDataDir = mkdtempSync(join(tmpdir(), "docs-chromium-"));
      context = await chromium.launchPersistentContext(userDataDir, {
        executablePath: CHROMIUM,
        headless: true,
        viewport: { width: 1400, height: 900 },
        args: [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-quic",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
        ],
      });
      page = context.pages()[0] ?? (await context.newPage());
      const origin = accountUrl("demo");
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("console", (message) => {
        // the browser's own favicon request gets the API's 401 (no such route): not the page's doing
        if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico")) {
          problems.push(`console error: ${message.text()} (${message.location().url})`);
        }
      });
      page.on("request", (request) => {
        if (!request.url().startsWith(origin) && !request.url().startsWith("data:"))
          otherOrigins.push(request.url());
      });
      mkdirSync(ARTIFACTS, { recursive: true });
    });

    afterAll(async () => {
      await context?.close();
      if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    });

    it("renders the reference: every area in the sidebar, the operations of an area when opened", async () => {
      const response = await page.goto(`${accountUrl("demo")}/docs`, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe("Finance and commerce back-office API");
      await page.getByRole("heading", { name: "Finance and commerce back-office API" }).waitFor();
      for (const { name } of API_TAGS) {
        await expect(page.getByText(name, { exact: true }).first().isVisible(), name).resolves.toBe(true);
      }
      await page.getByText("Bank reconciliation", { exact: true }).first().click();
      for (const summary of [
        "Transfere um valor entre duas contas bancárias da empresa",
        "Concilia títulos ou transferências a um lançamento bancário ou de adquirente",
        "Cria uma regra de conciliação automática",
      ]) {
        await page.getByText(summary).first().waitFor();
      }
      await page.screenshot({ path: join(ARTIFACTS, "docs-page.png") });
    });

    it("signs in with the page's example, sets the token in the auth panel and gets GET /company 200", async () => {
      await page.getByText("User", { exact: true }).first().click();
      await page.getByText("Entrar com e-mail e senha").first().click();
      const signIn = page.locator('section[id$="/tag/user/POST/user/signin/local"]');
      await signIn.getByRole("button", { name: /Test Request/ }).click();
      const client = page.getByRole("dialog");
      await client.getByText('"admin@demo.local"').waitFor();
      await client.getByRole("button", { name: /Send/ }).first().click();
      await client.getByText("200 OK").waitFor();
      const token = /"Token":\s*"([\w.-]+)"/.exec((await client.textContent()) ?? "")?.[1];
      expect(token).toMatch(/^eyJ/);

      await client.locator("input.scalar-password-input").first().fill(`JWT ${token}`);
      await page.keyboard.press("Escape");
      await page.getByText("Company", { exact: true }).first().click();
      await page.getByText("A empresa do usuário autenticado").first().click();
      const company = page.locator('section[id$="/tag/company/GET/company"]');
      await company.getByRole("button", { name: /Test Request/ }).click();
      await client.getByRole("button", { name: /Send/ }).first().click();
      await client.getByText("200 OK").waitFor();
      await client.getByText('"Demo Comércio"').waitFor();
      await page.screenshot({ path: join(ARTIFACTS, "docs-get-company.png") });
    });

    it("works within the Content-Security-Policy and reaches no other origin", () => {
      expect(problems).toEqual([]);
      expect(otherOrigins).toEqual([]);
    });
  },
);
