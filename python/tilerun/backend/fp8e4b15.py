"""Casts to and from float8e4b15, the backend's ``convert_custom_types`` hook.

float8e4b15 has no MLIR type: Triton's IR holds it as i8 and asks each
backend to convert it (CUDA's hook is inline PTX). The format is FP8 E4M3
with the exponent bias of float16 (15) and no infinities or NaNs, so a
float16 holds every value exactly: the conversion up moves the bits into
place, the conversion down clamps magnitudes to 1.75 (code 0x7E; 1.875,
the format's largest value, is never produced) and rounds half away from
zero, exactly as CUDA's hook does (NaN clamps too). Built
from integer ops, which tilerun vectorises like any other.
"""

import triton.language as tl
from triton.language import core

# float16 bits of the largest float8e4b15 magnitude CUDA's hook produces
# (1.75); every larger float16 magnitude, NaN included, becomes it.
_CLAMP_F16_BITS = 0x3F00


def _retyped(value, scalar_ty, _semantic):
    """`value`'s IR as another Triton type of the same IR (i8 here)."""
    ty = value.type.with_element_ty(scalar_ty) if value.type.is_block() else scalar_ty
    return _semantic.tensor(value.handle, ty)


def _fp8e4b15_to_float16(arg, _semantic):
    s = _semantic
    bits = s.cast(_retyped(arg, tl.uint8, s), tl.int32)  # zero-extended
    sign = s.shl(s.and_(bits, 0x80), 8)
    magnitude = s.shl(s.and_(bits, 0x7F), 7)
    half_bits = s.cast(s.or_(sign, magnitude), tl.int16)
    return s.bitcast(half_bits, tl.float16)


def _float16_to_fp8e4b15(arg, _semantic):
    s = _semantic
    bits = s.cast(s.bitcast(arg, tl.uint16), tl.int32)  # zero-extended
    magnitude = s.and_(bits, 0x7FFF)
    # An integer compare orders non-negative float16 bit patterns as the
    # values; NaNs (above 0x7C00) clamp as well.
    clamp = s.full([], _CLAMP_F16_BITS, tl.int32)
    magnitude = s.where(s.less_than(magnitude, _CLAMP_F16_BITS), magnitude, clamp)
    rounded = s.add(s.mul(magnitude, 2, True), 0x80, True)
    byte = s.lshr(s.or_(s.and_(bits, 0x8000), rounded), 8)
    return _retyped(s.cast(byte, tl.int8), tl.float8e4b15, s)


@core.builtin
def convert_custom_types(arg, dst_ty, fp_downcast_rounding=None, _semantic=None):
    if arg.type.scalar.is_fp8e4b15():
        value = _fp8e4b15_to_float16(arg, _semantic)
        if not dst_ty.scalar.is_fp16():
            value = _semantic.cast(value, dst_ty.scalar)
        return value
    value = arg
    if not arg.type.scalar.is_fp16():
        # CUDA's hook truncates wider floats to float16 first.
        wider = arg.type.scalar.primitive_bitwidth > 16
        value = _semantic.cast(value, tl.float16, fp_downcast_rounding="rtz" if wider else None)
    return _float16_to_fp8e4b15(value, _semantic)
