/**
 * Which layer may import which (docs/ARCHITECTURE.md, "Dependencies point one way"); run by
 * `npm run check`, so by `npm test`. A rule names what is forbidden; `type-only` imports
 * (`import type`) carry no code and are allowed where the rule says so.
 */

/** Foundations the generic job code may use: the job rows, SQL pieces, companies, events, uploads. */
const JOB_FOUNDATIONS = "^src/(db/(jobs|sql|identity|client)\\.ts|domain/(jobs|events|uploads)/)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "routes-no-db-values",
      comment: "Routes call the domain; from src/db they may import only types (`import type`).",
      severity: "error",
      from: { path: "^src/routes/" },
      to: { path: "^src/db/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "domain-no-http",
      comment: "The domain is plain functions: no routes, http, middleware, Hono or Drizzle.",
      severity: "error",
      from: { path: "^src/domain/" },
      to: { path: "^src/(routes|http|middleware)/|(^|/)node_modules/(hono|@hono|drizzle-orm)/" },
    },
    {
      name: "adapters-no-db",
      comment: "An adapter speaks to an external party; what it stores goes through the domain.",
      severity: "error",
      from: { path: "^src/adapters/" },
      to: { path: "^src/db/" },
    },
    {
      name: "http-no-middleware",
      comment: "src/http is the router kit the middleware and routes build on, not the other way round.",
      severity: "error",
      from: { path: "^src/http/" },
      to: { path: "^src/middleware/" },
    },
    {
      name: "generic-no-areas",
      comment: "lib, http and platform know no area (nor the layers above them): areas import them.",
      severity: "error",
      from: { path: "^src/(lib|http|platform)/" },
      to: { path: "^src/(routes|domain|db|adapters|queue|middleware|dev)/" },
    },
    {
      name: "jobs-no-areas",
      comment: "The generic job code (src/domain/jobs) uses only its foundations; areas register with it.",
      severity: "error",
      from: { path: "^src/domain/jobs/" },
      to: { path: "^src/(routes|domain|db|adapters|queue|middleware|dev)/", pathNot: JOB_FOUNDATIONS },
    },
    {
      name: "no-circular",
      comment: "No import cycles of values (a cycle through `import type` only loads nothing).",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/.*\\.d\\.ts$" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
