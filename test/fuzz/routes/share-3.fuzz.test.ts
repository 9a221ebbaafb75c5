import { fuzzRoutes } from "./fuzz-routes";

// the routes of the OpenAPI document with index ≡ 2 (mod SHARDS), see fuzz-routes.ts
fuzzRoutes(2);
