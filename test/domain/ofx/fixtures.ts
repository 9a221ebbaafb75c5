import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Fixture path (`fnando-ofx/bb.ofx`) to its bytes in base64, from `fixtures.setup.mjs`. */
    ofxFixtures: Record<string, string>;
  }
}

/** Sources under GPL: never copied here, present only when `../shared/fixtures/ofx/` is. */
export const GPL_SOURCES = ["ofxtools/", "libofx/", "ofxgo/"];

export function isGpl(path: string): boolean {
  return GPL_SOURCES.some((source) => path.startsWith(source));
}

/** Byte-exact content of a fixture, or undefined when it is not available in this checkout. */
export function fixture(path: string): Uint8Array | undefined {
  const base64 = inject("ofxFixtures")[path];
  if (base64 === undefined) return undefined;
  const binary = atob(base64);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function fixturePaths(): string[] {
  return Object.keys(inject("ofxFixtures")).sort();
}

/** First 12 hex digits of the SHA-256 of `text` (UTF-8). */
export async function sha256Prefix(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, 12);
}
