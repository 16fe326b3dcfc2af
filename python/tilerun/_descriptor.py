"""The host-side tensor descriptor a `!tt.tensordesc` parameter takes."""

import dataclasses
from typing import Any, Optional, Sequence


@dataclasses.dataclass
class TensorDescriptor:
    """A tensor seen through Triton's host TensorDescriptor.

    ``base`` is the tensor's memory (anything a pointer parameter accepts:
    a numpy array, a DLPack CPU tensor, ...); ``shape`` and ``strides`` are
    in elements, as in Triton (``strides[-1]`` is normally 1);
    ``block_shape`` is informational (the kernel's IR fixes the block);
    ``padding`` is what out-of-bounds reads return: "zero" or "nan".

    Passed for a descriptor parameter NAME, it also fills the parameters
    NAME.shape0.. and NAME.stride0.. that follow it in the IR, so a launch
    passes just the descriptor. Any object with ``base``, ``shape`` and
    ``strides`` attributes (and optionally ``padding``) is accepted the same
    way, triton.tools.tensor_descriptor.TensorDescriptor included.
    """

    base: Any
    shape: Sequence[int]
    strides: Sequence[int]
    block_shape: Optional[Sequence[int]] = None
    padding: str = "zero"

    @classmethod
    def from_array(cls, array, block_shape=None, padding="zero"):
        """Describes a whole numpy array (its strides converted from bytes
        to elements)."""
        itemsize = array.itemsize
        strides = []
        for s in array.strides:
            if s % itemsize:
                raise ValueError("strides %r are not multiples of the item size %d"
                                 % (array.strides, itemsize))
            strides.append(s // itemsize)
        return cls(array, list(array.shape), strides,
                   None if block_shape is None else list(block_shape), padding)
