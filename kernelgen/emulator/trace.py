"""The emulator's streamed trace: per-block API events written by the harness to a file as each block ends
(kg_set_trace_file in kgemu/abi.h), read back as one NumPy record array instead of a JSON list per event.

`StreamedTrace` behaves like the JSON report's "trace" (len() blocks; trace[b] is block b's events as lists in
"trace_fields" order, made on demand) and also answers the cost model's whole-run questions without building
per-event Python objects: GM traffic by cache mode and per-block workload signatures.
"""
from __future__ import annotations

import hashlib

import numpy as np

# The 64-byte record of runtime/kg_harness.cpp TraceRecord (little endian, packed).
RECORD = np.dtype([("bytes", "<u8"), ("elements", "<u8"), ("gm_offset", "<i8"), ("repeats", "<u4"),
                   ("dtype_bytes", "<u4"), ("queue", "<i4"), ("buffer", "<i4"), ("ub_dst", "<i4"),
                   ("ub_src0", "<i4"), ("ub_src1", "<i4"), ("l2", "<i4"), ("api", "<u2"), ("pipe", "<u2"),
                   ("block", "<u4")])
assert RECORD.itemsize == 64


class StreamedTrace:
    """Every block's events from one trace file (see the module docstring)."""

    def __init__(self, records: np.ndarray, strings: list, fields: list, blocks: int):
        order = np.argsort(records["block"], kind="stable")   # events keep their order within a block
        self.records = records[order]
        counts = np.bincount(self.records["block"], minlength=blocks) if len(records) else np.zeros(blocks, int)
        self.starts = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
        self.strings = np.array(strings, dtype=object)
        self.fields = list(fields)

    @classmethod
    def load(cls, path, strings: list, fields: list, blocks: int) -> "StreamedTrace":
        return cls(np.fromfile(path, dtype=RECORD), strings, fields, blocks)

    def __len__(self) -> int:
        return len(self.starts) - 1

    def block(self, b: int) -> np.ndarray:
        return self.records[self.starts[b]:self.starts[b + 1]]

    def __getitem__(self, b: int) -> list:
        r = self.block(b)
        cols = [self.strings[r[f]].tolist() if f in ("api", "pipe") else r[f].tolist() for f in self.fields]
        return [list(e) for e in zip(*cols)]

    def __iter__(self):
        return (self[b] for b in range(len(self)))

    def event_count(self) -> int:
        return int(len(self.records))

    def traffic(self) -> tuple[int, int, int]:
        """(bytes read in the default cache mode, bytes read bypassing L2, bytes written): model.gm_traffic."""
        r = self.records
        names = self.strings
        dma = np.isin(r["api"], [i for i, s in enumerate(names) if s in ("DataCopy", "DataCopyPad")])
        mte2 = dma & np.isin(r["pipe"], _indices(names, "MTE2"))
        mte3 = dma & np.isin(r["pipe"], _indices(names, "MTE3"))
        bypass = mte2 & (r["l2"] == 0)
        return (int(r["bytes"][mte2 & ~bypass].sum()), int(r["bytes"][bypass].sum()), int(r["bytes"][mte3].sum()))

    def signatures(self, align: int) -> list:
        """Per block: a digest of its events with each GM offset reduced to 'aligned or not' (model._signature)."""
        out = []
        for b in range(len(self)):
            r = self.block(b).copy()
            off = r["gm_offset"]
            r["gm_offset"] = (off < 0) | (off % align == 0)
            r["block"] = 0
            out.append(hashlib.blake2b(r.tobytes(), digest_size=16).digest())
        return out


def _indices(strings, name: str) -> list:
    return [i for i, s in enumerate(strings) if s == name]
