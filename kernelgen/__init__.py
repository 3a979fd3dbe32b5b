"""kernelgen: describe an Ascend C operator once; generate, emulate, verify and build it."""
from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__", "run"]


def run(target, soc, inputs, attrs=None, dtype=None, **kwargs):
    """Run an operator on the CPU emulator: {output name: ndarray}. See kernelgen.emulator.emulate.run."""
    from kernelgen.emulator.emulate import run as _run

    return _run(target, soc=soc, inputs=inputs, attrs=attrs, dtype=dtype, **kwargs)
