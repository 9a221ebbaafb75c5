import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";

type Route = { method: string; pattern: RegExp };

/** `/user/:iduser` → a pattern matching `/user/7` (a parameter is one segment, as in Hono's router). */
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .split("/")
      .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/")}$`,
  );

/**
 * What the error answers need to know of the app's routes: the methods a path is served with (405 and
 * its `Allow`) and the media types a route declares for its body (the text of a 415). Read from the
 * app on first use, when every route has been added.
 */
export function routeTable(app: OpenAPIHono<AppEnv>) {
  let routes: Route[] | undefined;
  let bodies: Map<string, string[]> | undefined;
  const load = () => {
    routes ??= app.routes
      .filter((route) => route.method !== "ALL")
      .map((route) => ({ method: route.method, pattern: patternOf(route.path) }));
    if (!bodies) {
      bodies = new Map();
      for (const definition of app.openAPIRegistry.definitions) {
        if (definition.type !== "route") continue;
        const { method, path, request } = definition.route;
        const content = request?.body?.content;
        if (!content) continue;
        const honoPath = path.replace(/\{(\w+)\}/g, ":$1");
        bodies.set(`${method.toUpperCase()} ${honoPath}`, Object.keys(content));
      }
    }
    return { routes, bodies };
  };
  return {
    /** The methods `path` (without the version) is served with, sorted; empty when no route has that path. */
    methodsOf(path: string): string[] {
      const methods = new Set(
        load()
          .routes.filter((route) => route.pattern.test(path))
          .map((r) => r.method),
      );
      return [...methods].sort();
    },
    /** The media types the body of `method` on the route `honoPath` (`/user/:iduser`) is declared with. */
    mediaTypesOf(method: string, honoPath: string): string[] {
      return load().bodies.get(`${method.toUpperCase()} ${honoPath}`) ?? [];
    },
  };
}

export type RouteTable = ReturnType<typeof routeTable>;
