;; The range check of AsyncVectorEnv's Discrete actions (see range-check.ts, which embeds its binary;
;; test/range-check.test.ts assembles this file with wabt and compares).
;; allInRange(ptr, len, start, span) is 1 when every int32 at ptr..ptr+4*len satisfies
;; (v - start) mod 2^32 < span (unsigned), else 0: eight values per iteration in two i32x4 lanes, the rest
;; one by one.
;; checkNarrow(src, dst, len, start, span) checks the same of the int32s at src and writes them as bytes at
;; dst (saturated: exact for values in 0..255): sixteen per iteration. On 0 some bytes may be unwritten.
(module
  (import "env" "memory" (memory 1 65536 shared))
  (func (export "allInRange") (param $ptr i32) (param $len i32) (param $start i32) (param $span i32) (result i32)
    (local $end i32) (local $vstart v128) (local $vspan v128) (local $bad v128)
    (local.set $vstart (i32x4.splat (local.get $start)))
    (local.set $vspan (i32x4.splat (local.get $span)))
    (local.set $end (i32.add (local.get $ptr) (i32.shl (i32.and (local.get $len) (i32.const -8)) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $ptr) (local.get $end)))
        (local.set $bad (v128.or (local.get $bad)
          (v128.or
            (i32x4.ge_u (i32x4.sub (v128.load (local.get $ptr)) (local.get $vstart)) (local.get $vspan))
            (i32x4.ge_u (i32x4.sub (v128.load offset=16 (local.get $ptr)) (local.get $vstart)) (local.get $vspan)))))
        (local.set $ptr (i32.add (local.get $ptr) (i32.const 32)))
        (br $next)))
    (if (v128.any_true (local.get $bad)) (then (return (i32.const 0))))
    (local.set $end (i32.add (local.get $end) (i32.shl (i32.and (local.get $len) (i32.const 7)) (i32.const 2))))
    (block $tail
      (loop $each
        (br_if $tail (i32.ge_u (local.get $ptr) (local.get $end)))
        (if (i32.ge_u (i32.sub (i32.load (local.get $ptr)) (local.get $start)) (local.get $span)) (then (return (i32.const 0))))
        (local.set $ptr (i32.add (local.get $ptr) (i32.const 4)))
        (br $each)))
    (i32.const 1))
  (func (export "checkNarrow") (param $src i32) (param $dst i32) (param $len i32) (param $start i32) (param $span i32) (result i32)
    (local $end i32) (local $vstart v128) (local $vspan v128) (local $bad v128)
    (local $a v128) (local $b v128) (local $c v128) (local $d v128) (local $v i32)
    (local.set $vstart (i32x4.splat (local.get $start)))
    (local.set $vspan (i32x4.splat (local.get $span)))
    (local.set $end (i32.add (local.get $src) (i32.shl (i32.and (local.get $len) (i32.const -16)) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $src) (local.get $end)))
        (local.set $a (v128.load (local.get $src)))
        (local.set $b (v128.load offset=16 (local.get $src)))
        (local.set $c (v128.load offset=32 (local.get $src)))
        (local.set $d (v128.load offset=48 (local.get $src)))
        (local.set $bad (v128.or (local.get $bad)
          (v128.or
            (v128.or
              (i32x4.ge_u (i32x4.sub (local.get $a) (local.get $vstart)) (local.get $vspan))
              (i32x4.ge_u (i32x4.sub (local.get $b) (local.get $vstart)) (local.get $vspan)))
            (v128.or
              (i32x4.ge_u (i32x4.sub (local.get $c) (local.get $vstart)) (local.get $vspan))
              (i32x4.ge_u (i32x4.sub (local.get $d) (local.get $vstart)) (local.get $vspan))))))
        (v128.store (local.get $dst)
          (i8x16.narrow_i16x8_u
            (i16x8.narrow_i32x4_u (local.get $a) (local.get $b))
            (i16x8.narrow_i32x4_u (local.get $c) (local.get $d))))
        (local.set $src (i32.add (local.get $src) (i32.const 64)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (br $next)))
    (if (v128.any_true (local.get $bad)) (then (return (i32.const 0))))
    (local.set $end (i32.add (local.get $end) (i32.shl (i32.and (local.get $len) (i32.const 15)) (i32.const 2))))
    (block $tail
      (loop $each
        (br_if $tail (i32.ge_u (local.get $src) (local.get $end)))
        (local.set $v (i32.load (local.get $src)))
        (if (i32.ge_u (i32.sub (local.get $v) (local.get $start)) (local.get $span)) (then (return (i32.const 0))))
        (i32.store8 (local.get $dst) (local.get $v))
        (local.set $src (i32.add (local.get $src) (i32.const 4)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 1)))
        (br $each)))
    (i32.const 1)))
