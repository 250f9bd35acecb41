// The access calendar's own filter, free of zod (the screen ships it): the
// accesses status its URL names, when it is one; none means the API's
// default, proposed (app/domain/stats/timeline.server.ts).
import { ACCESS_STATUSES, type AccessStatus } from "../applications/access-status";

export const accessesStatusOf = (params: URLSearchParams): AccessStatus | undefined => {
  const v = params.get("accesses_status");
  return (ACCESS_STATUSES as readonly string[]).includes(v ?? "") ? (v as AccessStatus) : undefined;
};
