/**
 * A minimal Graph space (Gymnasium's `Graph`), which @plume/spaces does not have: nodes from a node
 * Box, optional edges from an edge Box, and integer [m, 2] edge links into the nodes.
 */
import { isNDArray, ndarray, type DType, type NDArray, type SpaceLike } from "@plume/core-types";
import { Box, Generator, spaceFromJSON } from "@plume/spaces";

export interface GraphInstance {
  readonly nodes: NDArray;
  readonly edges: NDArray | null;
  readonly edgeLinks: NDArray | null;
}

export class GraphSpace implements SpaceLike<GraphInstance> {
  readonly shape = undefined;
  readonly dtype = undefined;
  readonly isNpFlattenable = false;
  #rng = Generator.fromSeed(0);
  constructor(
    readonly nodeSpace: Box<DType> = new Box({ low: 0, high: 1, shape: [2] }),
    readonly edgeSpace: Box<DType> | null = new Box({ low: -1, high: 1, shape: [1] }),
    readonly strictLinks = true,
  ) {}
  get npRandom(): Generator {
    return this.#rng;
  }
  seed(seed?: number): number {
    if (seed !== undefined && (typeof seed !== "number" || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)) throw new TypeError(`bad seed ${String(seed)}`);
    this.#rng = Generator.fromSeed(seed ?? 0);
    this.nodeSpace.seed(this.#rng.integers(2 ** 31 - 1));
    this.edgeSpace?.seed(this.#rng.integers(2 ** 31 - 1));
    return seed ?? 0;
  }
  sample(): GraphInstance {
    const n = 1 + this.#rng.integers(5);
    const m = this.edgeSpace === null ? 0 : this.#rng.integers(6);
    const nodeSize = this.nodeSpace.shape.reduce((a, b) => a * b, 1);
    const nodes = ndarray("float32", [n, ...this.nodeSpace.shape], Float32Array.from({ length: n * nodeSize }, (_, i) => Number(this.nodeSpace.sample().data[i % nodeSize])));
    if (this.edgeSpace === null) return { nodes, edges: null, edgeLinks: null };
    const edgeSize = this.edgeSpace.shape.reduce((a, b) => a * b, 1);
    const edges = ndarray("float32", [m, ...this.edgeSpace.shape], Float32Array.from({ length: m * edgeSize }, (_, i) => Number((this.edgeSpace as Box<DType>).sample().data[i % edgeSize])));
    const edgeLinks = ndarray("int64", [m, 2], BigInt64Array.from({ length: m * 2 }, () => BigInt(this.#rng.integers(n))));
    return { nodes, edges, edgeLinks };
  }
  contains(value: unknown): value is GraphInstance {
    if (typeof value !== "object" || value === null) return false;
    const g = value as Partial<GraphInstance>;
    if (!isNDArray(g.nodes) || g.nodes.shape.length < 1) return false;
    const n = g.nodes.shape[0] as number;
    const nodeSize = this.nodeSpace.shape.reduce((a, b) => a * b, 1);
    for (let i = 0; i < n; i++) {
      const node = ndarray(g.nodes.dtype, this.nodeSpace.shape, Array.from(g.nodes.data as ArrayLike<number>).slice(i * nodeSize, (i + 1) * nodeSize));
      if (!this.nodeSpace.contains(node)) return false;
    }
    if (this.edgeSpace === null) return g.edges === null && g.edgeLinks === null;
    if (!isNDArray(g.edges) || !isNDArray(g.edgeLinks)) return false;
    const m = g.edges.shape[0] as number;
    if (g.edgeLinks.shape.length !== 2 || g.edgeLinks.shape[0] !== m || g.edgeLinks.shape[1] !== 2) return false;
    for (const v of Array.from(g.edgeLinks.data as ArrayLike<number | bigint>)) {
      const k = Number(v);
      if (!Number.isInteger(k) || k < 0 || (this.strictLinks ? k >= n : k > n)) return false;
    }
    return true;
  }
  equals(other: unknown): boolean {
    return other instanceof GraphSpace && other.nodeSpace.equals(this.nodeSpace) && (other.edgeSpace === null ? this.edgeSpace === null : this.edgeSpace !== null && other.edgeSpace.equals(this.edgeSpace));
  }
  toJSON(): unknown {
    return { type: "Graph", nodeSpace: this.nodeSpace.toJSON(), edgeSpace: this.edgeSpace?.toJSON() ?? null };
  }
  static fromJSON(json: unknown): GraphSpace {
    const j = json as { nodeSpace: unknown; edgeSpace: unknown };
    return new GraphSpace(spaceFromJSON(j.nodeSpace) as Box<DType>, j.edgeSpace === null ? null : (spaceFromJSON(j.edgeSpace) as Box<DType>));
  }
  toString(): string {
    return `Graph(${String(this.nodeSpace)}, ${String(this.edgeSpace)})`;
  }
}
