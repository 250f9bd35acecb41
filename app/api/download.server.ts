import { contentDisposition } from "./media/routes";

/** The headers of a file the API answers as a download (docs/api.md#exports): never cached, never sniffed. */
export const downloadHeaders = (file: { type: string; filename: string }) => ({
  "Content-Type": file.type,
  "Content-Disposition": contentDisposition("attachment", file.filename),
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
});
