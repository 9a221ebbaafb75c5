/// <reference types="node" />
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";

// `npm start`'s server (scripts/lib/local-server.mjs), here the node tests' own: what it prints.
describe("the local server's output", () => {
  it("has no resolver errors: wrangler dev does not fetch Request.cf from workers.cloudflare.com", () => {
    const output = readFileSync(inject("apiLog"), "utf8");
    expect(output).toMatch(/Ready on http:\/\/127\.0\.0\.1:\d+/);
    expect(output).not.toMatch(/getaddrinfo|ENOTFOUND|EAI_AGAIN/);
    expect(output).not.toContain("Unable to fetch the `Request.cf` object");
  });
});
