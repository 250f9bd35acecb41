// Checked by tsc (npm test): the typed client's input and output types are
// read off the contract, and a wrong call does not compile.
import type { Success, RequestInput } from "../../app/api/contract";
import type * as calls from "../../app/api/calls/contract";
type O = Success<typeof calls.opened>;
const a: O = null as never;
const n: number = a.data[0].id;
// @ts-expect-error title is a string
const m: number = a.data[0].title;
type U = RequestInput<typeof calls.update>;
const u: U = { param: { id: 1 }, json: { title: "x" } as never };
// @ts-expect-error param is required
const v: U = { json: {} as never };
type L = RequestInput<typeof calls.list>;
const l: L = { query: { page: 2, q: "x" } };
// @ts-expect-error unknown query
const l2: L = { query: { nope: 2 } };
type C = RequestInput<typeof calls.create>;
// @ts-expect-error title must be a string
const c: C = { json: { title: 5 } };
export { n, m, u, v, l, l2, c };
