export * from "./company";
export * from "./finance";
export * from "./identity";
export * from "./jobs";
export * from "./marketplace";
export * from "./registries";
export * from "./stock";
export * from "./store-front";
