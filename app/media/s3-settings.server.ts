// The S3_* variables, read without loading the AWS SDK (docs/decisions/044-media-on-s3.md).

/** Where a bucket is and how to reach it (docs/decisions/044-media-on-s3.md). */
export interface S3Settings {
  bucket: string;
  /** An S3-compatible store's URL; absent for AWS itself. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the SDK finds its own (instance role, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** Prepended to every key: "media/" unless S3_PREFIX says otherwise. */
  prefix: string;
}

const S3_OPTIONAL = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE", "S3_PREFIX"] as const;

/**
 * The bucket media go to when S3_BUCKET is set, or null (the folder). Fails
 * with every problem named when the settings cannot work, so a deployment
 * learns at start-up rather than at its first upload; S3_* variables without
 * S3_BUCKET fail too (uploads would silently stay on the local disk).
 */
export function s3SettingsFromEnv(env: Record<string, string | undefined> = process.env): S3Settings | null {
  const value = (name: string) => env[name]?.trim() || undefined;
  const bucket = value("S3_BUCKET");
  if (!bucket) {
    const stray = S3_OPTIONAL.filter((name) => value(name));
    if (stray.length) throw new Error(`Invalid configuration (S3_BUCKET): ${stray.join(", ")} set without S3_BUCKET; set S3_BUCKET to keep media in a bucket, or unset them to keep media in $DATA_DIR/media`);
    return null;
  }
  const problems: string[] = [];
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) problems.push(`S3_BUCKET "${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`);
  const region = value("S3_REGION");
  if (!region) problems.push("S3_REGION is required with S3_BUCKET (e.g. eu-west-1; most S3-compatible stores accept us-east-1)");
  const endpoint = value("S3_ENDPOINT");
  if (endpoint && !/^https?:\/\/[^/\s]+/.test(endpoint)) problems.push(`S3_ENDPOINT "${endpoint}" is not an http(s) URL`);
  const accessKeyId = value("S3_ACCESS_KEY_ID");
  const secretAccessKey = value("S3_SECRET_ACCESS_KEY");
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK's own credentials");
  else if (endpoint && !accessKeyId) problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_ENDPOINT (the SDK's own credentials are AWS's)");
  const pathStyle = value("S3_FORCE_PATH_STYLE")?.toLowerCase();
  if (pathStyle !== undefined && pathStyle !== "true" && pathStyle !== "false") problems.push(`S3_FORCE_PATH_STYLE "${pathStyle}" is neither true nor false`);
  const prefix = env.S3_PREFIX?.trim() ?? "media/";
  if (prefix && !/^([A-Za-z0-9._-]+\/)+$/.test(prefix)) problems.push(`S3_PREFIX "${prefix}" must be folder names each followed by "/" (e.g. media/), or empty`);
  if (problems.length) throw new Error(`Invalid configuration (S3_*): ${problems.join("; ")}`);
  return { bucket, endpoint, region: region!, accessKeyId, secretAccessKey, forcePathStyle: pathStyle === "true", prefix };
}
