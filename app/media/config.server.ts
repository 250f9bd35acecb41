import path from "node:path";
import { DEFAULT_ALLOWED_TYPES, essence, SCRIPTABLE_TYPES } from "~/domain/media/media";
import { s3SettingsFromEnv } from "./s3-settings.server";
import { folderStorage, type MediaStorage } from "./storage.server";

export interface MediaLimits {
  /** Largest accepted upload, in bytes. */
  maxBytes: number;
  /** Accepted MIME types (lower case, without parameters). */
  allowedTypes: string[];
}

/**
 * Upload limits from MEDIA_MAX_SIZE_MB (default 20) and MEDIA_ALLOWED_TYPES
 * (comma list; default: office documents, PDF, images, text, CSV, zip).
 * Scriptable types (SVG, HTML…) are dropped even if listed: served from the
 * portal's origin they could run script in a visitor's session.
 */
export function mediaLimitsFromEnv(env: Record<string, string | undefined> = process.env): MediaLimits {
  const rawSize = env.MEDIA_MAX_SIZE_MB?.trim();
  const mb = rawSize ? Number(rawSize) : 20;
  if (!Number.isFinite(mb) || mb <= 0) throw new Error(`Invalid configuration (MEDIA_MAX_SIZE_MB): ${rawSize} is not a positive number`);
  const listed = env.MEDIA_ALLOWED_TYPES?.split(",").map(essence).filter(Boolean);
  const allowedTypes = (listed?.length ? listed : DEFAULT_ALLOWED_TYPES).filter((t) => !SCRIPTABLE_TYPES.includes(t));
  return { maxBytes: Math.floor(mb * 1024 * 1024), allowedTypes: [...new Set(allowedTypes)] };
}

/** The upload limit in MB, as the messages show it (two decimals at most). */
export const mediaMaxMb = (env: Record<string, string | undefined> = process.env): number =>
  Math.round((mediaLimitsFromEnv(env).maxBytes / (1024 * 1024)) * 100) / 100;

/** The folder of the default storage: $DATA_DIR/media. */
export const mediaFolder = (dataDir: string) => path.resolve(dataDir, "media");

/** A storage whose module is loaded on first use: a folder deployment never loads the AWS SDK. */
function lazyStorage(load: () => Promise<MediaStorage>): MediaStorage {
  let loaded: Promise<MediaStorage> | undefined;
  const storage = () => (loaded ??= load());
  return {
    put: async (key, stream, limitBytes) => (await storage()).put(key, stream, limitBytes),
    get: async (key) => (await storage()).get(key),
    delete: async (key) => (await storage()).delete(key),
    async *list() {
      yield* (await storage()).list();
    },
    check: async () => (await storage()).check(),
  };
}

/** The media storage the environment asks for: the bucket when S3_BUCKET is set, else $DATA_DIR/media. */
export function mediaStorageFromEnv(dataDir: string, env: Record<string, string | undefined> = process.env): MediaStorage {
  const s3 = s3SettingsFromEnv(env);
  if (!s3) return folderStorage(mediaFolder(dataDir));
  return lazyStorage(async () => (await import("./s3-storage.server")).s3Storage(s3));
}
