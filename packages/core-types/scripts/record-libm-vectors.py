"""Records NumPy trigonometry test vectors for @plume/core-types' libm (glibc-exact sin/cos/hypot/deg2rad).

Run on x86-64 Linux with the NumPy whose results Plume must match (recorded with NumPy 2.4.6 on
glibc 2.36 with FMA):  python3 scripts/record-libm-vectors.py
Writes test/data/libm-vectors.bin (about 500 KB, committed). LIBM_VECTORS_FULL=1 writes
test/data/libm-vectors-full.bin instead, with about 3.5 million inputs (about 80 MB, not committed;
the test reads it when present, or the file named by LIBM_VECTORS).

Format (little-endian): magic b"PLIBM001", then sections. Each section: a uint8 kind
(1 = x -> sin, cos; 3 = x -> deg2rad; 4 = x, y -> hypot; 5 = degrees -> sin, cos of deg2rad, the
antenna path), a uint32 count, then for each case its float64 input(s) followed by its float64 outputs.
"""
import os
import struct
import numpy as np

FULL = os.environ.get("LIBM_VECTORS_FULL") == "1"
SCALE = 150 if FULL else 1
rng = np.random.default_rng(20261126)


def bits_random(n):
    """Doubles with uniformly random bit patterns (all exponents), finite only."""
    raw = rng.integers(0, 2**64, size=n, dtype=np.uint64).view(np.float64)
    return raw[np.isfinite(raw)]


def trig_inputs():
    parts = [
        rng.uniform(-np.pi, np.pi, 4000 * SCALE),
        rng.uniform(-10, 10, 2000 * SCALE),
        rng.uniform(-1e4, 1e4, 1000 * SCALE),
        rng.uniform(-1e8, 1e8, 500 * SCALE),
        rng.uniform(-2**30, 2**30, 500 * SCALE),  # crosses 105414350, where glibc switches reduction
        bits_random(600 * SCALE),  # huge, tiny, subnormal
        # every integer and half-integer degree (within +-720; +-7200 in the full run)
        np.deg2rad(np.arange(-7200, 7200.5, 0.5) if FULL else np.arange(-720, 720.5, 0.5)),
        np.deg2rad(rng.uniform(-720, 720, 1000 * SCALE)),
        (np.arange(-100 * SCALE, 100 * SCALE + 1) * (np.pi / 2))[:, None] + np.array([0, 2e-16, -2e-16, 1e-12, -1e-12]),
        np.array([0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300, 2**-27, 2**-26, 0.126, 0.855469,
                  2.426265, 105414350.0, 105414351.0, 1e300, -1e300, 1.7976931348623157e308]),
    ]
    xs = np.concatenate([np.ravel(p) for p in parts])
    # The boundaries of glibc's ranges, and their neighbours.
    edges = np.array([0x3e400000, 0x3e500000, 0x3feb6000, 0x400368fd, 0x419921FB], dtype=np.uint64) << np.uint64(32)
    near = (edges[:, None] + np.arange(-3, 4, dtype=np.int64).astype(np.uint64)).ravel().view(np.float64)
    return np.concatenate([xs, near, -near])


def antenna_inputs():
    """Headings plus sensor angles as the antenna sensor sums them, in degrees."""
    headings = np.concatenate([np.arange(0, 360, 1.0), rng.uniform(0, 360, 100 * SCALE)])
    angles = np.array([0.0, 120.0, 240.0, 180.0, -45.0])
    return (headings[:, None] + angles[None, :]).ravel()


def hypot_inputs():
    ints = rng.integers(-300, 301, size=(1000 * SCALE, 2)).astype(np.float64)
    grid = np.array([(dx, dy) for dx in range(-20, 21) for dy in range(-20, 21)], dtype=np.float64)
    reals = rng.uniform(-1e3, 1e3, size=(1000 * SCALE, 2))
    wide = np.stack([bits_random(400 * SCALE)[: 300 * SCALE], bits_random(400 * SCALE)[: 300 * SCALE]], axis=1)
    mixed = np.stack([rng.uniform(-1, 1, 300 * SCALE) * 10.0 ** rng.integers(-300, 300, 300 * SCALE),
                      rng.uniform(-1, 1, 300 * SCALE) * 10.0 ** rng.integers(-300, 300, 300 * SCALE)], axis=1)
    return np.concatenate([ints, grid, reals, wide, mixed])


def section(kind, inputs, outputs):
    count = len(inputs)
    body = np.concatenate([np.asarray(inputs, dtype="<f8").reshape(count, -1), np.asarray(outputs, dtype="<f8").reshape(count, -1)], axis=1)
    return struct.pack("<BI", kind, count) + body.astype("<f8").tobytes()


xs = trig_inputs()
deg = np.concatenate([np.arange(-720, 720.5, 0.5), rng.uniform(-1e6, 1e6, 500 * SCALE), bits_random(100 * SCALE)])
ant = antenna_inputs()
hyp = hypot_inputs()
blob = b"PLIBM001"
blob += section(1, xs, np.stack([np.sin(xs), np.cos(xs)], axis=1))
blob += section(3, deg, np.deg2rad(deg))
blob += section(4, hyp, np.hypot(hyp[:, 0], hyp[:, 1]))
rad = np.deg2rad(ant)
blob += section(5, ant, np.stack([np.sin(rad), np.cos(rad)], axis=1))
name = "libm-vectors-full.bin" if FULL else "libm-vectors.bin"
path = os.path.join(os.path.dirname(__file__), "..", "test", "data", name)
with open(path, "wb") as f:
    f.write(blob)
print(f"numpy {np.__version__}: {len(xs)} sin/cos, {len(deg)} deg2rad, {len(hyp)} hypot, {len(ant)} antenna angles -> {path} ({len(blob) // 1024} KB)")
