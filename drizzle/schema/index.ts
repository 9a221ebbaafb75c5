export * from "./company";
export * from "./finance";
export * from "./identity";
export * from "./jobs";
export * from "./nfe";
export * from "./purchases";
export * from "./registries";
export * from "./stock";
