"""UB bank conflicts of one vector instruction, from its operands' UB offsets (docs/cost-model.md §2).

Shared by the cost model (kernelgen.perf.model) and the UB layout the generator plans (kernelgen.authoring.ub_layout):
a stage-neutral module, like socs.py, so that authoring does not depend on perf.

The Atlas A2/A3 UB (hicann/asc-devkit examples/.../04_memory_access/bank_conflict_ub/README) is 16 bank groups x
3 banks x 128 rows of 32 bytes: address bits [4:0] are the byte in a row, [8:5] the bank group, [15:9] the row
and [17:16] the bank. A vector instruction moves one 256-byte beat of every operand per cycle: 8 consecutive
32-byte blocks, so 8 of the 16 bank groups. Conflicts serialise a beat:
- read-read: two source operands touch the same bank group in one beat;
- write-write: two destinations touch the same bank group in one beat;
- read-write: a source and the destination touch the same bank. The hardware writes a beat's result one beat
  later, so a destination placed like a source in the same bank does not conflict, while one shifted by
  32 bytes does (the README's scenarios 4 and 5).

`beat_cycles(...)` returns the mean cycles per beat of an instruction: 1 without conflicts; a beat with k reads
on one bank group costs 1 + (k - 1)(rr_cycles - 1) cycles; a read-write conflict makes the beat cost at least
`rw_cycles` (the two do not add: the README's scenario 3, read-read plus read-write, measures as scenario 2).
"""
from __future__ import annotations

from functools import lru_cache

BLOCK = 32          # bytes per bank row
BEAT = 256          # bytes per operand per vector cycle
GROUPS = 16
BANK_SHIFT = 16     # 64 KiB per bank index (bits 17:16)


def _blocks(addr: int) -> list[tuple[int, int]]:
    """(bank group, bank) of the 8 blocks of the beat starting at addr."""
    out = []
    for k in range(BEAT // BLOCK):
        a = addr + k * BLOCK
        out.append(((a >> 5) % GROUPS, a >> BANK_SHIFT))
    return out


def _beat_cost(reads: tuple, write: int | None, rr_cycles: float, rw_cycles: float) -> float:
    per_group: dict[int, int] = {}
    read_banks = set()
    for a in set(reads):                  # identical source addresses are one read
        groups = set()
        for g, bank in _blocks(a):
            groups.add(g)
            read_banks.add((g, bank))
        for g in groups:
            per_group[g] = per_group.get(g, 0) + 1
    worst = max(per_group.values(), default=1)
    cost = 1.0 + (worst - 1) * (rr_cycles - 1.0)
    if write is not None and any(blk in read_banks for blk in _blocks(write)):
        cost = max(cost, rw_cycles)   # the README's scenario 3 (read-read plus read-write) costs as scenario 2
    return cost


@lru_cache(maxsize=4096)
def beat_cycles(dst: int, srcs: tuple, repeats: int, rr_cycles: float, rw_cycles: float) -> float:
    """Mean cycles per beat of a vector instruction over `repeats` beats; dst/srcs are UB byte offsets, -1 unknown.

    The pattern repeats every 512 bytes in bank groups and every 64 KiB in banks, so the beats are evaluated
    one by one up to a period of 256 beats and the rest is extrapolated.
    """
    srcs = tuple(s for s in srcs if s >= 0)
    if repeats <= 0 or (not srcs and dst < 0):
        return 1.0
    n = min(repeats, 256)
    return sum(_beat_costs(dst, tuple(dict.fromkeys(srcs)), n, rr_cycles, rw_cycles).tolist()) / n


def _beat_costs(dst: int, srcs: tuple, n: int, rr_cycles: float, rw_cycles: float):
    """_beat_cost of beats 0..n-1 at once (NumPy): the same costs, for the UB layout search's many calls."""
    import numpy as np

    beats = np.arange(n, dtype=np.int64)[:, None] * BEAT + np.arange(BEAT // BLOCK, dtype=np.int64)[None, :] * BLOCK
    per_group = np.zeros((n, GROUPS), dtype=np.int64)
    rows = np.arange(n)[:, None]
    codes = []
    for s in srcs:                        # a beat's 8 blocks are 8 distinct bank groups
        a = s + beats
        per_group[rows, (a >> 5) % GROUPS] += 1
        codes.append(((a >> 5) % GROUPS) + GROUPS * (a >> BANK_SHIFT))
    worst = per_group.max(axis=1) if srcs else np.ones(n, dtype=np.int64)
    cost = 1.0 + (np.maximum(worst, 1) - 1) * (rr_cycles - 1.0)
    if dst >= 0 and n > 1 and codes:
        w = dst + beats[:-1]              # beat r writes the result of beat r - 1
        wc = ((w >> 5) % GROUPS) + GROUPS * (w >> BANK_SHIFT)
        reads = np.concatenate(codes, axis=1)[1:]
        hit = (wc[:, :, None] == reads[:, None, :]).any(axis=(1, 2))
        cost[1:] = np.where(hit, np.maximum(cost[1:], rw_cycles), cost[1:])
    return cost
