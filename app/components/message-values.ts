import { useRouteLoaderData } from "@remix-run/react";

/**
 * Values every validation message may insert, from the root loader: the upload
 * limit of "This file is too large: at most {{mediaMaxMb}} MB" (MEDIA_MAX_SIZE_MB).
 * Error keys travel without values (docs/api.md#errors), so the screens add them.
 */
export function useMessageValues(): { mediaMaxMb?: number } {
  const root = useRouteLoaderData("root") as { mediaMaxMb?: number } | undefined;
  return { mediaMaxMb: root?.mediaMaxMb };
}
