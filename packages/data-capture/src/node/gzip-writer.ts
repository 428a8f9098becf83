/**
 * A gzip file written in bounded memory, as Python's `gzip.open(path, "at")` lays it out (header with the
 * file name, level 9, OS 255), that can be flushed at any point so that everything written so far is
 * readable even if the process is killed before the file is closed.
 *
 * Text is collected up to `chunkBytes` and compressed with `deflateRawSync` ending in a sync flush, never a
 * final block: consecutive chunks form one valid deflate stream (a chunk just does not refer back into the
 * previous one). `close()` adds the final empty block and the CRC-32/size trailer. The SHA-256 of the
 * compressed bytes is kept as they are written, so the size and hash of any flushed prefix are known.
 */
import { createHash, type Hash } from "node:crypto";
import { closeSync, fdatasyncSync, openSync, writeSync } from "node:fs";
import { basename } from "node:path";
import { constants, crc32, deflateRawSync } from "node:zlib";

const DEFLATE = { level: 9, finishFlush: constants.Z_SYNC_FLUSH } as const;
/** The final empty fixed-Huffman block. */
const FINAL_BLOCK = Uint8Array.of(0x03, 0x00);

/** Where a gzip file stands: compressed bytes written, their SHA-256, uncompressed bytes and lines. */
export interface GzipProgress {
  readonly path: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly uncompressedBytes: number;
  readonly lines: number;
}

export class GzipLineWriter {
  readonly path: string;
  readonly #fd: number;
  readonly #hash: Hash = createHash("sha256");
  readonly #chunkBytes: number;
  #pending: string[] = [];
  #pendingBytes = 0;
  #crc = 0;
  #size = 0;
  #bytes = 0;
  #lines = 0;
  #closed = false;
  /** Lines and uncompressed bytes already compressed and written (the flushed prefix). */
  #flushedLines = 0;
  #flushedSize = 0;

  /** Creates (truncates) `path` and writes the header. `mtimeSeconds` goes into the header as Python's does. */
  constructor(path: string, options: { readonly chunkBytes?: number; readonly mtimeSeconds?: number } = {}) {
    this.path = path;
    this.#chunkBytes = options.chunkBytes ?? 256 * 1024;
    this.#fd = openSync(path, "w");
    const name = Buffer.from(basename(path).replace(/\.gz$/, ""), "latin1");
    const header = Buffer.alloc(10 + name.length + 1);
    header.set([0x1f, 0x8b, 0x08, 0x08]);
    header.writeUInt32LE(Math.max(0, Math.floor(options.mtimeSeconds ?? Date.now() / 1000)) >>> 0, 4);
    header[8] = 0x02; // XFL: maximum compression
    header[9] = 0xff; // OS: unknown, as Python writes
    header.set(name, 10);
    this.#write(header);
  }

  /** Compressed bytes on disk so far (what the reference's rotation rule looks at). */
  get bytesOnDisk(): number {
    return this.#bytes;
  }

  get lines(): number {
    return this.#lines;
  }

  /** Adds `text` (whole lines ending in `\n`). */
  write(text: string, lines = 1): void {
    if (this.#closed) throw new Error(`${this.path} is closed`);
    this.#pending.push(text);
    this.#pendingBytes += text.length;
    this.#lines += lines;
    if (this.#pendingBytes >= this.#chunkBytes) this.flush();
  }

  /** Compresses and writes everything added so far; afterwards the file decodes to every line written. */
  flush(): void {
    if (this.#pending.length === 0) return;
    const data = Buffer.from(this.#pending.join(""), "utf8");
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#crc = crc32(data, this.#crc);
    this.#size += data.length;
    this.#write(deflateRawSync(data, DEFLATE));
    this.#flushedLines = this.#lines;
    this.#flushedSize = this.#size;
  }

  /** `flush()`, then the data reaches the disk (fdatasync). */
  sync(): void {
    this.flush();
    fdatasyncSync(this.#fd);
  }

  /** The flushed prefix: what a reader of the file finds even if it is never closed. */
  progress(): GzipProgress {
    return {
      path: basename(this.path),
      bytes: this.#bytes,
      sha256: this.#hash.copy().digest("hex"),
      uncompressedBytes: this.#flushedSize,
      lines: this.#flushedLines,
    };
  }

  /** Flushes, writes the final block and the trailer, and closes the file. Returns the complete file's progress. */
  close(): GzipProgress {
    if (this.#closed) return this.progress();
    this.flush();
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(this.#crc >>> 0, 0);
    trailer.writeUInt32LE(this.#size % 2 ** 32, 4);
    this.#write(FINAL_BLOCK);
    this.#write(trailer);
    fdatasyncSync(this.#fd);
    closeSync(this.#fd);
    this.#closed = true;
    return this.progress();
  }

  /** Closes the file without finishing it (after an error). */
  abandon(): void {
    if (this.#closed) return;
    this.#closed = true;
    try {
      closeSync(this.#fd);
    } catch {
      // already gone
    }
  }

  #write(bytes: Uint8Array): void {
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(this.#fd, bytes, offset, bytes.length - offset);
    this.#hash.update(bytes);
    this.#bytes += bytes.length;
  }
}
