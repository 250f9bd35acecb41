import type { $ZodType } from "zod/v4/core";
import { api } from "~/api/client.server";
import { readForm } from "~/forms/read-form.server";
import * as mediaApi from "~/api/media/contract";
import { UPLOAD_SUFFIX } from "~/domain/media/media";

/** Present (hidden input) when a field keeps several media; otherwise an upload replaces. */
export const MULTIPLE_SUFFIX = "__multiple";

export interface FormWithUploads {
  formData: FormData;
  /** Upload failures by field, as translation keys (wrong type, too large). */
  uploadErrors: Record<string, string[]>;
}

const encoder = new TextEncoder();

/** One file part as a streamed multipart/form-data body for POST /api/media/uploads. */
function multipartStream(filename: string, contentType: string, data: AsyncIterable<Uint8Array>) {
  const boundary = `----ta-portal-${crypto.randomUUID()}`;
  const safeName = filename.replace(/["\r\n]/g, "_");
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\nContent-Type: ${contentType || "application/octet-stream"}\r\n\r\n`;
  const iterator = data[Symbol.asyncIterator]();
  let stage: "head" | "body" | "done" = "head";
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (stage === "head") {
        stage = "body";
        controller.enqueue(encoder.encode(head));
        return;
      }
      if (stage === "done") return;
      const next = await iterator.next();
      if (next.done) {
        stage = "done";
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      } else {
        controller.enqueue(next.value);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  // After a refused upload, the rest of the part must still be read so the
  // form's remaining fields can be parsed.
  const drainRest = async () => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      /* discard */
    }
  };
  return { body, type: `multipart/form-data; boundary=${boundary}`, drainRest };
}

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const _chunk of data) {
    /* an empty file input still sends a part */
  }
}

/**
 * Reads a form post with readForm (its limits and refusals apply). Each chosen
 * file is streamed to the API's media upload as the form is read, and replaced
 * in the form by the new medium's id, so the action then validates and saves
 * ids like any other field. An upload the API refuses (type, size) becomes a
 * field error; nothing of it is kept. When the form itself is refused (e.g. its
 * body breaks off after a file), the files it uploaded are deleted again.
 */
export async function readFormWithUploads(request: Request, opts: { schema?: $ZodType } = {}): Promise<FormWithUploads> {
  // No prototype: a field named valueOf or toString is just a key.
  const uploadErrors: Record<string, string[]> = Object.create(null);
  const uploaded = new Set<string>();
  const client = api(request);
  const form = await readForm(request, {
    schema: opts.schema,
    async file({ name, filename, mimeType, data }) {
      if (!name.endsWith(UPLOAD_SUFFIX) || !filename) {
        await drain(data);
        return undefined;
      }
      const field = name.slice(0, -UPLOAD_SUFFIX.length);
      const { body, type, drainRest } = multipartStream(filename, mimeType, data);
      const res = await client.stream(mediaApi.upload, body, type);
      if (!res.ok) {
        await drainRest();
        (uploadErrors[field] ??= []).push(...(res.errors.file ?? [res.message]));
        return undefined;
      }
      const id = String(res.data.id);
      uploaded.add(id);
      return id;
    },
    async undo(ids) {
      // Unlinked uploads of this user: nothing refers to them yet.
      await Promise.all(ids.map((id) => client.call(mediaApi.remove, { param: { id: Number(id) } }).catch(() => undefined)));
    },
  });

  // In the order posted; only file parts upload (a text field named `…__upload` is dropped).
  const formData = new FormData();
  const uploads: [string, string][] = [];
  for (const [key, value] of form.entries()) {
    if (!key.endsWith(UPLOAD_SUFFIX)) formData.append(key, value);
    else if (typeof value === "string" && uploaded.has(value)) uploads.push([key.slice(0, -UPLOAD_SUFFIX.length), value]);
  }
  for (const [field, id] of uploads) {
    if (form.has(`${field}${MULTIPLE_SUFFIX}`)) formData.append(field, id);
    else formData.set(field, id);
  }
  return { formData, uploadErrors };
}
