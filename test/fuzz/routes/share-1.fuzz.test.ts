import { fuzzRoutes } from "./fuzz-routes";

// the routes of the OpenAPI document with index ≡ 0 (mod SHARDS), see fuzz-routes.ts
fuzzRoutes(0);
