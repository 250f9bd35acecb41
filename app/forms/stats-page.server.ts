import { PAGE_MAX } from "~/domain/id-rules";

/** The page of a statistics screen's long table its URL asks for: 1 unless a whole number within the API's bounds (a stale URL shows the first page, not an error). */
export function statsPage(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1;
}
