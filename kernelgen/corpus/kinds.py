"""What kind of defect a survey row stopped on, read from the emulator's own diagnosis.

The survey's "defect found" class covers very different findings: a pipe race is a bug on every run, a whole
32-byte block written into an output's allocation padding only hurts when the output is a view of a larger
tensor. The kind lets a reader of a survey triage them (table, JSON `defect_kind`, counts by kind) without
reading every line. The patterns match the wording of the emulator's diagnoses (kgemu/detail/sanitize.h,
the harness and corpus/worker.py), first match wins, so the more specific ones come first.
"""
from __future__ import annotations

import re

# (kind, pattern over the first finding of the row), in the order they are tried.
DEFECT_KINDS: tuple[tuple[str, str], ...] = (
    ("race", r"\brace on\b"),
    ("use after free", r"after (?:FreeTensor|its buffer was)|use after free"),
    ("uninitialised read", r"nothing had written|uninitiali[sz]ed"),
    ("padding write", r"past the (?:logical )?end of (?:output )?'?[\w\[\]]+'? .*padding|into its allocation padding"),
    ("deadlock", r"^[^:]*SyncAll|deadlock|never reach(?:es)? SyncAll"),
    ("GM out of bounds", r"touches no registered GM buffer|\bof '[^']+' which has \d+ bytes|past the end of '"),
    ("UB overflow", r"UB overflow"),
    ("UB out of bounds", r"beyond the tensor's buffer|past the end of its buffer|past the view|past the end of its "
                         r"LocalTensor view|past the end of UB|outside (?:the|its) (?:UB|buffer)"),
    ("unaligned copy", r"not a multiple of 32"),
    ("misaligned operand", r"not 32-byte aligned"),
    ("operand overlap", r"\boverlap"),
    ("unsupported dtype", r"not a supported dtype|not in the documented conversion"),
    ("event ids exhausted", r"all \d+ event ids of HardEvent"),
    ("registration mismatch", r"^OP_ADD\(\w+\) registers the operator as"),
    ("host tiling misuse", r"^[^:]*: tiling: |GetTilingData<"),
    ("queue misuse", r"AllocTensor|FreeTensor|EnQue|DeQue|queue buffers"),
    ("unwritten output", r"never written"),
    ("non-finite output", r"for finite inputs"),
)
OTHER = "other"


def defect_kind(detail: str) -> str:
    """The kind of the row's first finding ("race", "padding write", ...; "other" when no pattern matches)."""
    first = re.split(r" \| |; (?=output |block )", detail or "", maxsplit=1)[0]
    first = re.sub(r"^case \d+ \([^)]*\): ", "", first)
    for kind, pattern in DEFECT_KINDS:
        if re.search(pattern, first):
            return kind
    return OTHER
