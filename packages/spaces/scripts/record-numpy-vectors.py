"""Records extra NumPy reference vectors for @plume/spaces tests (beyond ../shared/fixtures).

Run with NumPy 1.24 (Debian bookworm's python3-numpy):  python3 scripts/record-numpy-vectors.py
It writes test/data/numpy-extra-vectors.json. Floats are written with repr(), which round-trips exactly.
"""
import json
import numpy as np

SEEDS = [0, 1, 7, 42, 123, 2**31 - 1, 2**32 - 1]
out = {"numpy_version": np.__version__, "cases": []}

def case(seed, name, fn):
    rng = np.random.default_rng(seed)
    value = fn(rng)
    out["cases"].append({"seed": seed, "name": name, "values": value})

for s in SEEDS:
    case(s, "standard_exponential_x20", lambda r: [float(r.standard_exponential()) for _ in range(20)])
    case(s, "exponential_2.5_x5", lambda r: [float(r.exponential(2.5)) for _ in range(5)])
    case(s, "standard_normal_x200", lambda r: [float(r.standard_normal()) for _ in range(200)])
    case(s, "standard_exponential_x200", lambda r: [float(r.standard_exponential()) for _ in range(200)])
    case(s, "integers_int8_0_2_x13", lambda r: [int(v) for v in r.integers(0, 2, size=13, dtype=np.int8)])
    case(s, "integers_int8_m5_7_x9", lambda r: [int(v) for v in r.integers(-5, 7, size=9, dtype=np.int8)])
    case(s, "integers_uint8_0_256_x6", lambda r: [int(v) for v in r.integers(0, 256, size=6, dtype=np.uint8)])
    case(s, "integers_int16_m300_3000_x7", lambda r: [int(v) for v in r.integers(-300, 3000, size=7, dtype=np.int16)])
    case(s, "integers_int32_0_100000_x5", lambda r: [int(v) for v in r.integers(0, 100000, size=5, dtype=np.int32)])
    case(s, "integers_bool_x40", lambda r: [int(v) for v in r.integers(0, 2, size=40, dtype=np.bool_)])
    case(s, "integers_uint32_full_x3", lambda r: [int(v) for v in r.integers(0, 2**32, size=3, dtype=np.uint32)])
    case(s, "integers_endpoint_1_6_x10", lambda r: [int(r.integers(1, 6, endpoint=True)) for _ in range(10)])
    case(s, "integers_2pow50_x4", lambda r: [int(r.integers(0, 2**50)) for _ in range(4)])
    case(s, "integers_neg_m1000_m10_x4", lambda r: [int(r.integers(-1000, -10)) for _ in range(4)])
    case(s, "choice_p_x10", lambda r: [int(r.choice(4, p=[0.1, 0.2, 0.3, 0.4])) for _ in range(10)])
    case(s, "choice_n_x10", lambda r: [int(r.choice(7)) for _ in range(10)])
    case(s, "geometric_0.25_x10", lambda r: [int(r.geometric(0.25)) for _ in range(10)])
    case(s, "geometric_0.5_x10", lambda r: [int(r.geometric(0.5)) for _ in range(10)])
    case(s, "uniform_m2.5_7.25_x5", lambda r: [float(r.uniform(-2.5, 7.25)) for _ in range(5)])
    case(s, "normal_3_2_x5", lambda r: [float(r.normal(3, 2)) for _ in range(5)])
    case(s, "mixed_stream", lambda r: [float(r.random()), int(r.integers(0, 10)), float(r.standard_normal()),
                                       int(r.integers(0, 10)), float(r.standard_exponential()), int(r.integers(0, 10))])

for s in [0, 5]:
    seq = np.random.SeedSequence(s)
    kids = seq.spawn(3)
    out["cases"].append({"seed": s, "name": "spawn_3_random", "values": [float(np.random.default_rng(k).random()) for k in kids]})
    grand = kids[1].spawn(2)
    out["cases"].append({"seed": s, "name": "spawn_1_then_2_random", "values": [float(np.random.default_rng(k).random()) for k in grand]})
out["cases"].append({"seed": None, "name": "seedsequence_big_entropy_state", "entropy": str(2**100 + 12345),
                     "values": [int(v) for v in np.random.SeedSequence(2**100 + 12345).generate_state(8)]})
out["cases"].append({"seed": None, "name": "seedsequence_list_entropy_state", "entropy": [1, 2, 3, 4, 5, 6],
                     "values": [int(v) for v in np.random.SeedSequence([1, 2, 3, 4, 5, 6]).generate_state(8)]})

with open("test/data/numpy-extra-vectors.json", "w") as f:
    json.dump(out, f, indent=0)
print(len(out["cases"]), "cases")
