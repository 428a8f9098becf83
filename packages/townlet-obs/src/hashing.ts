/**
 * BLAKE2s-derived values: the last-action hash scalar and the per-agent social embeddings.
 * Both hash the UTF-8 bytes of a string with unkeyed BLAKE2s-256, as Python's `hashlib.blake2s`.
 */
import { blake2s } from "@noble/hashes/blake2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";

const CACHE_LIMIT = 4096;
const digestCache = new Map<string, Uint8Array>();

/** BLAKE2s-256 (no key, no salt) of the UTF-8 encoding of `text`; cached, so treat it as read-only. */
export function blake2sDigest(text: string): Uint8Array {
  const cached = digestCache.get(text);
  if (cached !== undefined) return cached;
  const digest = blake2s(utf8ToBytes(text));
  if (digestCache.size >= CACHE_LIMIT) digestCache.clear();
  digestCache.set(text, digest);
  return digest;
}

/**
 * `last_action_id_hash`: 0 for an empty kind, else the first four digest bytes read as a
 * little-endian uint32, divided by 2^32 (a float64 in [0, 1)).
 */
export function actionIdHash(kind: string): number {
  if (kind === "") return 0;
  const d = blake2sDigest(kind);
  const word = (d[0] | (d[1] << 8) | (d[2] << 16) | (d[3] << 24)) >>> 0;
  return word / 4294967296;
}

/**
 * The social-slot embedding of an agent id: digest bytes `byte / 255` (float32 division in the
 * reference, which equals rounding the float64 quotient once), tiled to `embedDim` values.
 */
export function agentEmbedding(agentId: string, embedDim: number): Float32Array {
  const d = blake2sDigest(agentId);
  const out = new Float32Array(embedDim);
  for (let i = 0; i < embedDim; i++) out[i] = d[i % d.length] / 255;
  return out;
}
