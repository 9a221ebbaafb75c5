import type { ExtractSchema } from "hono/types";
import type { AppType } from "../../src/app";

// The answer a test receives, typed from the app's own routes: `api.get("/orders/7")` has the body
// that `GET /orders/{id}` declares for 200. A path the types cannot follow (built at run time)
// answers `unknown`; a test that reads it says what it expects (`api.get<Order[]>(path)`).
//
// Kept cheap for the type checker: the tables below (routes by method, then by first segment) are
// computed once; a call site looks its path up literally, else matches it against the few routes
// of its area only.

type AppSchema = ExtractSchema<AppType>;
type Route = keyof AppSchema & string;

/** The 200 body of one endpoint; `unknown` when it declares none. */
type Ok<Endpoint> = [Extract<Endpoint, { status: 200 }>] extends [never]
  ? unknown
  : Extract<Endpoint, { status: 200 }> extends { output: infer Output }
    ? Output
    : unknown;

/** Route → its 200 body, for the routes that answer `Method` (`$get`, `$post`...). */
type Declared<Method extends string> = {
  [R in Route as Method extends keyof AppSchema[R] ? R : never]: Ok<
    AppSchema[R][Method & keyof AppSchema[R]]
  >;
};
type DeclaredByMethod = {
  $get: Declared<"$get">;
  $post: Declared<"$post">;
  $put: Declared<"$put">;
  $delete: Declared<"$delete">;
};

/** `/orders/7?Status=1` → `/orders/7`: the version segment (`/1.0`) and the query are not part of a route. */
type RoutePath<Path extends string> = Path extends `/1.0${infer Rest}`
  ? RoutePath<Rest>
  : Path extends `${infer Head}?${string}`
    ? Head
    : Path;

/** `/orders/7` → ["", "orders", "7"]. */
type Segments<Path extends string> = Path extends `${infer Head}/${infer Tail}`
  ? [Head, ...Segments<Tail>]
  : [Path];

/** The area of a path: its first segment (`/orders/7` → "orders"). */
type Area<Path extends string> = Path extends `/${infer Head}/${string}`
  ? Head
  : Path extends `/${infer Head}`
    ? Head
    : never;

/** Area → its routes that answer `Method` and have parameters (`:id`), computed once per method. */
type ParametrisedByArea<Method extends keyof DeclaredByMethod> = {
  [A in Area<keyof DeclaredByMethod[Method] & string>]: Extract<
    keyof DeclaredByMethod[Method] & string,
    `/${A}/${string}:${string}`
  >;
};
type ParametrisedByMethod = { [M in keyof DeclaredByMethod]: ParametrisedByArea<M> };

/** Every given segment equals the route's, or fills one of its parameters (`:id`). */
type Fits<Given extends string[], Declared extends string[]> = Given extends [
  infer G extends string,
  ...infer GivenRest extends string[],
]
  ? Declared extends [infer D extends string, ...infer DeclaredRest extends string[]]
    ? D extends `:${string}`
      ? G extends ""
        ? false
        : Fits<GivenRest, DeclaredRest>
      : [G] extends [D]
        ? Fits<GivenRest, DeclaredRest>
        : false
    : false
  : Declared extends []
    ? true
    : false;

/** The routes of the path's area whose parameters the path fills. */
type Matching<Method extends keyof DeclaredByMethod, Path extends string> =
  Area<Path> extends keyof ParametrisedByMethod[Method]
    ? ParametrisedByMethod[Method][Area<Path>] extends infer R extends string
      ? R extends R
        ? Fits<Segments<Path>, Segments<R>> extends true
          ? R
          : never
        : never
      : never
    : never;

/** The 200 body of a route path: its literal route, else the parametrised routes it fills. */
type AnswerOf<
  Method extends keyof DeclaredByMethod,
  Path extends string,
> = Path extends keyof DeclaredByMethod[Method]
  ? DeclaredByMethod[Method][Path]
  : [Matching<Method, Path>] extends [never]
    ? unknown
    : DeclaredByMethod[Method][Matching<Method, Path> & keyof DeclaredByMethod[Method]];

/** The 200 body of `method path` (`$get`, `/orders/7`); `unknown` when no route is known for it. */
export type Answer<Method extends string, Path extends string> = Method extends keyof DeclaredByMethod
  ? Path extends string
    ? AnswerOf<Method, RoutePath<Path>>
    : never
  : unknown;
