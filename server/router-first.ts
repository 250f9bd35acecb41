// Imported first by server/http.ts, before any Remix package: @remix-run/router
// is loaded with its data router's matches going through the memo
// (route-matching.ts), which memoizeRouteMatching then installs.
import { routeDataMatchesThroughExports } from "./route-matching";

routeDataMatchesThroughExports();
