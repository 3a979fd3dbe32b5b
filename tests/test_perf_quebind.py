"""The cost model orders a TQueBind<VECIN, VECOUT>'s hops (ops-nn's experimental Relu pattern): the copy-out of a
tile waits for the vector work that EnQue<VECOUT, GM> publishes. Before the trace named a bound queue's events by
its buffer position (VECIN), EnQue<VECOUT, GM> landed on MTE2 and DeQue<VECOUT, GM> on V, so MTE3 copied every
tile out before its Relu ran (the hand-written Relu's 1M-element time was 3.00 µs of kernel, not ~4.5)."""
from __future__ import annotations

import pathlib


from kernelgen.perf import model as perf

from conftest import requires_cxx

QUEBIND_RELU = pathlib.Path(__file__).resolve().parent / "opdirs" / "quebind_relu"


@requires_cxx
def test_quebind_copy_out_waits_for_the_vector_work():
    est = perf.estimate(QUEBIND_RELU, "ascend910b", "float32", (4, 37), attrs={"hazard": 0}, record=True)
    _, spans = est.spans[0]
    relus = [(s, e) for pipe, api, s, e in spans if api == "Relu"]
    outs = [(s, e) for pipe, api, s, e in spans if pipe == "MTE3" and api == "DataCopyPad"]
    ins = [(s, e) for pipe, api, s, e in spans if pipe == "MTE2" and api == "DataCopyPad"]
    assert len(relus) == len(outs) == len(ins) == 3          # 148 elements in tiles of 64: 64, 64, 20
    for (_, relu_end), (out_start, _), (_, in_end) in zip(relus, outs, ins):
        assert out_start >= relu_end > in_end, (relus, outs)
    # the third tile reuses the first tile's buffer: its copy-in waits for the first copy-out (FreeTensor on MTE3)
    assert ins[2][0] >= outs[0][1]
