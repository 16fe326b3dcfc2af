#!/usr/bin/python3
"""Expected shared-memory placement tables for SharedLayoutsTest.

Usage: /usr/bin/python3 gen_shared_tables.py > SharedLayoutTables.inc
       /usr/bin/python3 gen_shared_tables.py --check SharedLayoutTables.inc

The tables are derived here from the layouts' definitions, without any of the
C++ under test:

* swizzled_shared: Triton's linear layout, evaluated in the offset -> index
  direction (offset bit k of a row selects the basis
  (2^k, (vec * ((2^k / perPhase) % maxPhase)) % numCols)), then inverted by a
  dictionary. Where vec * maxPhase <= numCols the result is also checked
  against the closed XOR formula of docs/memdesc-rules.md.
* nvmma_shared: the PTX ISA shared-memory swizzle modes applied to byte
  addresses (32B: bit 4 ^= bit 7; 64B: bits 4-5 ^= bits 7-8; 128B: bits 4-6
  ^= bits 7-9, relative to a 1024-byte aligned atom), inside TMA boxes of
  Triton's block shape (each dim at most 256 elements, the contiguous dim one
  swizzle width; .b4x16_p64 fp4 padding puts 8 padding bytes after every 8
  data bytes). Boxes are stacked with dim0 varying fastest, as Triton extends
  the layout (ensureLayoutNotSmallerThan over dim0, dim1, ...). Without a
  swizzle the box is plain row-major (Triton ignores `transposed` there).
  A transposed box is Triton's 2D [rows = last dim, cols = the other dims]
  swizzle pattern reshaped row-major onto the rotated box.
* padded_shared: unpadded index u (row-major by order, or from the offset
  bases) stored at u + sum_k floor(u / interval_k) * padding_k; the tile size
  is the largest offset + 1.
* shared_linear: every offset is mapped to the XOR of its bases; each
  element takes the smallest offset that maps to it.
"""

import itertools
import sys

MASK64 = (1 << 64) - 1


def fnv(values):
    h = 1469598103934665603
    for v in values:
        h = ((h ^ (v & MASK64)) * 1099511628211) & MASK64
    return h


def row_major(shape):
    return list(itertools.product(*[range(s) for s in shape]))


def log2(v):
    assert v > 0 and v & (v - 1) == 0, v
    return v.bit_length() - 1


# ----------------------------------------------------------------------------
# swizzled_shared
# ----------------------------------------------------------------------------
def swizzled(vec, per_phase, max_phase, order, shape):
    rank = len(shape)
    n = 1
    for s in shape:
        n *= s
    place = {}
    if rank == 1:
        for off in range(n):
            place[(off,)] = off
    else:
        c, r = order[0], order[1]
        ncols, nrows = shape[c], shape[r]
        outer_dims = order[2:]
        for off in range(n):
            col = off % ncols
            rest = off // ncols
            row = rest % nrows
            rest //= nrows
            # Triton: offset bits of the row select XOR bases on the column.
            k = 0
            while (1 << k) <= row:
                if row >> k & 1:
                    col ^= (vec * (((1 << k) // per_phase) % max_phase)) % ncols
                k += 1
            idx = [0] * rank
            idx[c], idx[r] = col, row
            for d in outer_dims:  # order[2] varies fastest
                idx[d] = rest % shape[d]
                rest //= shape[d]
            assert tuple(idx) not in place
            place[tuple(idx)] = off
        if vec * max_phase <= ncols:
            # docs/memdesc-rules.md closed form.
            for idx, off in place.items():
                row, col = idx[r], idx[c]
                phase = (row // per_phase) % max_phase
                colp = ((col // vec) ^ phase) * vec + col % vec
                outer = 0
                for d in reversed(outer_dims):
                    outer = outer * shape[d] + idx[d]
                assert off == (outer * nrows + row) * ncols + colp
    table = [place[i] for i in row_major(shape)]
    return table, n


# ----------------------------------------------------------------------------
# nvmma_shared
# ----------------------------------------------------------------------------
def ptx_swizzle(addr, swz):
    """PTX shared-memory swizzle of a byte address (atom-aligned base)."""
    if swz == 0:
        return addr
    mask = swz // 16 - 1  # 32B: 1 bit, 64B: 2 bits, 128B: 3 bits
    return addr ^ (((addr >> 7) & mask) << 4)


def tma_box(shape, swz, ebw, fp4, transposed):
    box = list(shape)
    contig = 0 if transposed else len(shape) - 1
    if fp4:
        box[contig] *= 2
    box = [min(s, 256) for s in box]
    if swz:
        need = 8 * swz // ebw
        assert box[contig] >= need
        box[contig] = need
    if fp4:
        box[contig] //= 2
    return box


def nvmma(swz, transposed, ebw, fp4, shape):
    rank = len(shape)
    box = tma_box(shape, swz, ebw, fp4, transposed)
    nbox = [s // b for s, b in zip(shape, box)]
    box_elems = 1
    for b in box:
        box_elems *= b
    storage = 2 if fp4 else 1  # fp4: one padding byte per data byte
    box_bytes = box_elems * ebw // 8 * storage
    table = []
    for idx in row_major(shape):
        inner = [i % b for i, b in zip(idx, box)]
        bid = 0
        for d in reversed(range(rank)):  # dim0 fastest
            bid = bid * nbox[d] + idx[d] // box[d]
        if swz == 0:
            lin = 0
            for d in range(rank):
                lin = lin * box[d] + inner[d]
            byte = lin * ebw // 8
        else:
            if transposed:
                pre = inner[1:] + inner[:1]
                pre_box = box[1:] + box[:1]
                rows = box[rank - 1]
            else:
                pre, pre_box = inner, box
                rows = 1
                for d in range(rank - 1):
                    rows *= box[d]
            flat = 0
            for p, b in zip(pre, pre_box):
                flat = flat * b + p
            cols = box_elems // rows
            row, col = flat // cols, flat % cols
            atom_cols = box[0] if transposed else box[rank - 1]  # packed
            chunk, c = col // atom_cols, col % atom_cols
            if fp4:
                in_row = (c // 8) * 16 + c % 8  # .b4x16_p64
            else:
                in_row = c * ebw // 8
            byte = chunk * rows * swz + ptx_swizzle(row * swz + in_row, swz)
        total = bid * box_bytes + byte
        assert (total * 8) % ebw == 0
        table.append(total * 8 // ebw)
    n_boxes = 1
    for v in nbox:
        n_boxes *= v
    tile = n_boxes * box_bytes * 8 // ebw
    assert len(set(table)) == len(table) and max(table) < tile
    return table, tile


# ----------------------------------------------------------------------------
# padded_shared
# ----------------------------------------------------------------------------
def unpadded_from_bases(bases, shape):
    place = {}
    for off in range(1 << len(bases)):
        idx = [0] * len(shape)
        for k, b in enumerate(bases):
            if off >> k & 1:
                idx = [x ^ y for x, y in zip(idx, b)]
        assert tuple(idx) not in place
        place[tuple(idx)] = off
    return place


def padded(interval_paddings, order, bases, shape):
    if bases:
        place = unpadded_from_bases(bases, shape)
        unpadded = [place[i] for i in row_major(shape)]
    else:
        unpadded = []
        for idx in row_major(shape):
            u = 0
            for d in reversed(order):
                u = u * shape[d] + idx[d]
            unpadded.append(u)
    table = [u + sum((u // i) * p for i, p in interval_paddings)
             for u in unpadded]
    return table, max(table) + 1


# ----------------------------------------------------------------------------
# shared_linear
# ----------------------------------------------------------------------------
def linear(bases, shape):
    place = {}
    for off in range(1 << len(bases)):
        idx = [0] * len(shape)
        for k, b in enumerate(bases):
            if off >> k & 1:
                idx = [x ^ y for x, y in zip(idx, b)]
        place.setdefault(tuple(idx), off)
    table = [place[i] for i in row_major(shape)]
    return table, 1 << len(bases)


# ----------------------------------------------------------------------------
CASES = []


def add_swizzled(name, vec, pp, mp, order, shape):
    t, n = swizzled(vec, pp, mp, order, shape)
    CASES.append(dict(name=name, kind="Swizzled", u=[vec, pp, mp],
                      order=order, shape=shape, tile=n, table=t))


def add_nvmma(name, swz, transposed, ebw, fp4, shape):
    t, n = nvmma(swz, transposed, ebw, fp4, shape)
    CASES.append(dict(name=name, kind="NVMMA",
                      u=[swz, int(transposed), ebw, int(fp4)],
                      shape=shape, tile=n, table=t))


def add_padded(name, ips, order, bases, shape):
    t, n = padded(ips, order, bases, shape)
    CASES.append(dict(name=name, kind="Padded", order=order, ips=ips,
                      bases=bases, shape=shape, tile=n, table=t))


def add_linear(name, bases, shape):
    t, n = linear(bases, shape)
    CASES.append(dict(name=name, kind="Linear", bases=bases, shape=shape,
                      tile=n, table=t))


add_swizzled("sw_identity_4x8", 1, 1, 1, [1, 0], [4, 8])
add_swizzled("sw_v2_p1_m4_8x8", 2, 1, 4, [1, 0], [8, 8])
add_swizzled("sw_v4_p2_m4_16x16", 4, 2, 4, [1, 0], [16, 16])
add_swizzled("sw_v8_p1_m8_16x64", 8, 1, 8, [1, 0], [16, 64])
add_swizzled("sw_v8_p1_m8_16x16_wrap", 8, 1, 8, [1, 0], [16, 16])
add_swizzled("sw_v4_p1_m8_8x8_wrap", 4, 1, 8, [1, 0], [8, 8])
add_swizzled("sw_v1_p4_m2_16x4", 1, 4, 2, [1, 0], [16, 4])
add_swizzled("sw_colmajor_v4_p1_m8_32x8", 4, 1, 8, [0, 1], [32, 8])
add_swizzled("sw_colmajor_v2_p2_m4_16x8", 2, 2, 4, [0, 1], [16, 8])
add_swizzled("sw_rank1_32", 4, 1, 8, [0], [32])
add_swizzled("sw_rank3_2x8x8", 2, 1, 4, [2, 1, 0], [2, 8, 8])
add_swizzled("sw_rank3_order021_4x4x8", 1, 1, 4, [0, 2, 1], [4, 4, 8])
add_swizzled("sw_rank3_outer3_3x8x16", 2, 2, 4, [2, 1, 0], [3, 8, 16])
add_swizzled("sw_rank3_order120_4x8x4", 2, 1, 2, [1, 2, 0], [4, 8, 4])

# Every swizzle width x element width, plain and transposed, one atom each.
for swz in (0, 32, 64, 128):
    for ebw in (8, 16, 32):
        cols = 8 * swz // ebw if swz else 16
        add_nvmma("nv_s%d_e%d_8x%d" % (swz, ebw, cols), swz, False, ebw,
                  False, [8, cols])
        add_nvmma("nv_s%d_e%d_T_%dx8" % (swz, ebw, cols), swz, True, ebw,
                  False, [cols, 8])
add_nvmma("nv_s128_e64_8x16", 128, False, 64, False, [8, 16])
# Tiles larger than one atom / one TMA box.
add_nvmma("nv_s128_e16_64x64", 128, False, 16, False, [64, 64])
add_nvmma("nv_s128_e16_64x128", 128, False, 16, False, [64, 128])
add_nvmma("nv_s128_e16_512x64", 128, False, 16, False, [512, 64])
add_nvmma("nv_s64_e16_512x64", 64, False, 16, False, [512, 64])
add_nvmma("nv_s32_e32_16x32", 32, False, 32, False, [16, 32])
add_nvmma("nv_s128_e8_32x256", 128, False, 8, False, [32, 256])
add_nvmma("nv_s128_e16_T_128x64", 128, True, 16, False, [128, 64])
add_nvmma("nv_s64_e32_T_32x512", 64, True, 32, False, [32, 512])
add_nvmma("nv_s0_e16_16x512", 0, False, 16, False, [16, 512])
add_nvmma("nv_s0_e32_512x8", 0, False, 32, False, [512, 8])
add_nvmma("nv_s0_e16_T_16x32", 0, True, 16, False, [16, 32])
add_nvmma("nv_s0_rank1_64", 0, False, 16, False, [64])
add_nvmma("nv_s128_e16_rank3_2x8x64", 128, False, 16, False, [2, 8, 64])
add_nvmma("nv_s64_e32_rank3_4x4x32", 64, False, 32, False, [4, 4, 32])
add_nvmma("nv_s128_e16_T_rank3_64x2x8", 128, True, 16, False, [64, 2, 8])
add_nvmma("nv_s0_e16_rank3_2x4x8", 0, False, 16, False, [2, 4, 8])
# fp4Padded (i8 holding two fp4; 8 data bytes then 8 padding bytes).
add_nvmma("nv_fp4_8x64", 128, False, 8, True, [8, 64])
add_nvmma("nv_fp4_32x128", 128, False, 8, True, [32, 128])
add_nvmma("nv_fp4_T_64x16", 128, True, 8, True, [64, 16])
add_nvmma("nv_fp4_s64_8x32", 64, False, 8, True, [8, 32])

add_padded("pad_8p1_4x8", [(8, 1)], [1, 0], [], [4, 8])
add_padded("pad_16p4_64p8_8x16", [(16, 4), (64, 8)], [1, 0], [], [8, 16])
add_padded("pad_colmajor_32p2_16x8", [(32, 2)], [0, 1], [], [16, 8])
add_padded("pad_rank3_32p4_2x4x8", [(32, 4)], [2, 1, 0], [], [2, 4, 8])
add_padded("pad_nonpow2_16p2_3x8", [(16, 2)], [1, 0], [], [3, 8])
add_padded("pad_bases_16p1_4x8", [(16, 1)], [],
           [[0, 1], [0, 2], [1, 0], [0, 4], [2, 0]], [4, 8])
add_padded("pad_bases_rows_8p2_8x4", [(8, 2)], [],
           [[0, 1], [0, 2], [4, 0], [1, 0], [2, 0]], [8, 4])

add_linear("lin_rowmajor_4x4", [[0, 1], [0, 2], [1, 0], [2, 0]], [4, 4])
add_linear("lin_swizzle_8x8",
           [[0, 1], [0, 2], [0, 4], [1, 1], [2, 2], [4, 4]], [8, 8])
add_linear("lin_colmajor_4x8",
           [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]], [4, 8])
add_linear("lin_broadcast_4x4",
           [[0, 1], [0, 0], [0, 2], [1, 0], [2, 0]], [4, 4])
add_linear("lin_rank3_2x4x4",
           [[0, 0, 1], [0, 1, 0], [1, 0, 0], [0, 0, 2], [0, 2, 1]], [2, 4, 4])
add_linear("lin_rank1_8", [[4], [1], [2]], [8])

FULL_LIMIT = 1024
SAMPLES = 48


def cxx_list(vals):
    return "{" + ", ".join(str(v) for v in vals) + "}"


def emit(out):
    w = out.write
    w("// Generated by gen_shared_tables.py; do not edit.\n")
    w("// Expected offsets, row-major over each case's shape.\n\n")
    w("static const SharedLayoutCase kSharedLayoutCases[] = {\n")
    for c in CASES:
        t = c["table"]
        full = t if len(t) <= FULL_LIMIT else []
        step = max(1, len(t) // SAMPLES)
        samples = [] if full else [(i, t[i]) for i in range(0, len(t), step)]
        if not full:
            samples.append((len(t) - 1, t[-1]))
        bases = c.get("bases", [])
        ips = c.get("ips", [])
        w("  {\"%s\", SharedLayout::Kind::%s,\n" % (c["name"], c["kind"]))
        w("   %s, %s,\n" % (cxx_list(c.get("u", [])),
                             cxx_list(c.get("order", []))))
        w("   {%s},\n" % ", ".join("{%d, %d}" % p for p in ips))
        w("   {%s},\n" % ", ".join(cxx_list(b) for b in bases))
        w("   %s, %d, 0x%016xULL,\n" % (cxx_list(c["shape"]), c["tile"],
                                        fnv(t)))
        w("   %s,\n" % cxx_list(full))
        w("   {%s}},\n" % ", ".join("{%d, %d}" % s for s in samples))
    w("};\n")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        import io
        buf = io.StringIO()
        emit(buf)
        with open(sys.argv[2]) as f:
            if f.read() != buf.getvalue():
                sys.exit("%s is stale; regenerate it" % sys.argv[2])
    else:
        emit(sys.stdout)
