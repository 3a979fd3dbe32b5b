"""The SOC catalog: kernelgen/data/socs.json loaded into frozen records.

`--soc ascend910b` names a family and means its default SKU; `--soc Ascend910B4` picks one SKU.
Nothing SOC-specific lives in code or templates: everything is read from the catalog.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, fields, replace
from enum import Enum
from functools import lru_cache
from importlib import resources

from kernelgen.errors import SpecError, UsageError, choices_message


class Bf16Support(Enum):
    """How far a SOC's vector unit handles bfloat16 (socs.md §5)."""

    NONE = "none"      # no bf16 anywhere (910, 310P)
    CAST = "cast"      # DataCopy, Duplicate and Cast only (A2/A3, 310B)
    ARITH = "arith"    # native bf16 arithmetic for the simple ops (950)

    @property
    def level(self) -> int:
        return {"none": 0, "cast": 1, "arith": 2}[self.value]


@dataclass(frozen=True)
class Soc:
    """One SOC as the generator, emulator and cost model see it (a family at one SKU)."""

    family: str            # catalog key and OpDef AddConfig string, e.g. "ascend910b"
    sku: str               # e.g. "Ascend910B1"
    add_config: str
    soc_version: str       # platform_ascendc::SocVersion enumerator name
    soc_version_value: int
    short_soc_version: str
    npu_arch: int
    cce_aicore: int        # the kernel compiler's __CCE_AICORE__ (310 on the Ascend 950, not npu_arch // 10)
    product: str
    ub_bytes: int
    ub_core_mem: int       # GetCoreMemSize(UB)
    ub_pool: int           # emulator UB per block
    ub_doc_usable: int
    ub_block: int
    core_num: int
    core_num_aic: int
    core_num_aiv: int
    core_num_vector: int
    bf16: Bf16Support
    data_copy_pad: bool
    l2_cache_hint: bool   # GlobalTensor::SetL2CacheHint exists (Atlas A2/A3/350)
    cast_f32_f16_rint: bool  # float->half Cast accepts CAST_RINT (else only CAST_NONE, which rounds to nearest even)
    libapi_workspace: int
    que_max_event: int
    l1_bytes: int
    l0a_bytes: int         # the cube's local memories (socs.md 3.2)
    l0b_bytes: int
    l0c_bytes: int
    bias_table_bytes: int
    fixpipe_buffer_bytes: int
    l2_bytes: int
    hbm_bytes_per_cycle: int
    l2_bytes_per_cycle: int
    clock_mhz: int
    hbm_gbps: int

    @property
    def name(self) -> str:
        return self.family

    @property
    def is_default_sku(self) -> bool:
        return self.sku == family_default_sku(self.family)


_FIELD_NAMES = {f.name for f in fields(Soc)} - {"family", "sku"}


@lru_cache(maxsize=1)
def _catalog() -> dict:
    text = resources.files("kernelgen").joinpath("data/socs.json").read_text(encoding="utf-8")
    return json.loads(text)


def family_names() -> tuple[str, ...]:
    return tuple(_catalog()["families"])


def family_default_sku(family: str) -> str:
    return _catalog()["families"][family]["default_sku"]


def _build(family: str, sku: str) -> Soc:
    entry = _catalog()["families"][family]
    values = {k: v for k, v in entry.items() if k in _FIELD_NAMES}
    values.update(entry["skus"].get(sku, {}))
    missing = _FIELD_NAMES - set(values)
    if missing:
        raise SpecError(f"SOC catalog entry {family!r} lacks {', '.join(sorted(missing))}")
    values["bf16"] = Bf16Support(values["bf16"])
    return Soc(family=family, sku=sku, **values)


@lru_cache(maxsize=None)
def _index() -> dict[str, tuple[str, str]]:
    index: dict[str, tuple[str, str]] = {}
    for family, entry in _catalog()["families"].items():
        index[family.lower()] = (family, entry["default_sku"])
        for sku in entry["skus"]:
            index[sku.lower()] = (family, sku)
    return index


def get_soc(name: str) -> Soc:
    """A family name (its default SKU) or a SKU name, case-insensitive."""
    if not isinstance(name, str):
        raise UsageError(choices_message("SOC", name, family_names()) + " (or a SKU: see 'kernelgen socs')")
    key = name.strip().lower()
    if key not in _index():
        raise UsageError(choices_message("SOC", name, family_names()) + " (or a SKU: see 'kernelgen socs')")
    return _build(*_index()[key])


def resolve_soc(soc) -> Soc:
    """A Soc passes through; a name is looked up; anything else (None, a list) is refused in one line."""
    if isinstance(soc, Soc):
        return soc
    if isinstance(soc, str) and "," in soc:
        raise UsageError(f"SOC {soc!r}: give one SOC here, e.g. ascend910b")
    return get_soc(soc)


def split_soc_names(values) -> list[str]:
    """--soc a,b --soc c -> [a, b, c]: every --soc option takes repeats and comma lists alike."""
    if isinstance(values, str):
        values = [values]
    names: list[str] = []
    for value in values or ():
        for part in str(value).split(","):
            part = part.strip()
            if not part:
                raise UsageError(f"SOC list {value!r} has an empty entry; e.g. ascend910b,ascend310b")
            if part not in names:
                names.append(part)
    return names


def all_socs(with_skus: bool = False) -> list[Soc]:
    out = []
    for family, entry in _catalog()["families"].items():
        skus = list(entry["skus"]) if with_skus else [entry["default_sku"]]
        out.extend(_build(family, sku) for sku in skus)
    return out


def vector_throughput(soc: Soc) -> dict[str, int]:
    table = _catalog()["vector_elements_per_cycle"]
    return dict(table.get(str(soc.npu_arch), table["default"]))


def cost_model_constants(soc: Soc) -> dict:
    """The cost model's constants for soc's architecture (catalog 'cost_model'), with their 'sources'."""
    table = _catalog()["cost_model"]
    return dict(table.get(str(soc.npu_arch), table["default"]))


def source_notes(family: str) -> dict[str, str]:
    return dict(_catalog()["families"][family]["sources"])


def with_overrides(soc: Soc, **changes) -> Soc:
    """A modified copy (tests use it to probe e.g. a tiny UB)."""
    return replace(soc, **changes)
