"""Seeded inputs for an operator the survey knows only from its OpDef, plus the recipe file that fills the gaps.

A recipe file is JSON (kernelgen ships kernelgen/corpus/recipes.json):

    {"defaults":   {"shape": [4, 37], "range": [-2, 2], "int_range": [0, 4], "list_len": 2, "soc": null},
     "name_rules": [{"match": "^(gamma|beta)$", "shape": [37]}, ...],
     "ops":        {"GeluGrad": {"ranges": {"x": [-12, 12]}}, "SoftmaxV2": {"attrs": {"axes": [-1]}}, ...}}

What an entry may say (the same keys in defaults, a name rule and an operator entry; later ones win:
defaults < name rules (by input name, a regular expression) < the operator's entry, keyed by OpType):
  shape [int]           every input's shape            shapes {input: [int]}   per input
  range [lo, hi]        uniform values (floats)        ranges {input: [lo, hi]} per input
  int_range [lo, hi)    integers (and bool: 0/1)       attrs {name: value}     attribute values
  dtype "float32"       the OpDef dtype combination    optional [input]        optional inputs to pass
  list_len int          tensors in a DYNAMIC input     values {input: [..]}    exact values (reshaped)
  alias {output: input} an in-place output             cases [{...}]           several runs, each overlaying
                        (beyond the naming rules)                             the entry (one row: the worst)
  formats {tensor: "NDHWC"} the ge::Format a tensor carries (an aclTensor's format; ND otherwise)
  out_shapes {output: [int]} the shape the caller allocates for an output whose infershape leaves unknown (-1)
                        dims (its length depends on input values: Arange, Bincount) or leaves unset
  no_data [output]      outputs the operator's docs say carry no data for these inputs (batch_norm's
                        reserve_space_3): bytes left unwritten there are not a defect
  like "OpType"         (an operator's entry only) start from that operator's entry: one recipe for a family
                        (ScatterSub like ScatterAdd), the entry's own keys over it
  by_soc {family: {...}} (an operator's entry only) keys for runs on that SOC family over the entry's own: one
                        OpType whose tilings differ by SOC (AdamApplyOne: shape-1 scalars on the 950, every input
                        of one shape on the 910B)
The OpDef gives the rest: dtypes (the first combination whose first input is float32, else the first one), the
attribute defaults, and which inputs are required.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np

from kernelgen.dtypes import GE_DTYPES, SHORT_TO_GE
from kernelgen.errors import UsageError

RECIPES = Path(__file__).resolve().parent / "recipes.json"
_KEYS = {"shape", "shapes", "range", "ranges", "int_range", "attrs", "dtype", "optional", "list_len", "values",
         "soc", "match", "note", "alias", "formats", "cases", "out_shapes", "no_data", "like", "by_soc"}
_ATTR_FALLBACK = {"float": 1.0, "int": 1, "bool": False, "str": "", "list_float": [], "list_int": [],
                  "list_bool": []}


def _check_entry(where: str, entry) -> dict:
    if not isinstance(entry, dict):
        raise UsageError(f"{where}: a recipe entry must be a JSON object, not {type(entry).__name__}")
    unknown = sorted(set(entry) - _KEYS)
    if unknown:
        raise UsageError(f"{where}: unknown recipe key {unknown[0]!r}; known: {', '.join(sorted(_KEYS))}")
    for key in ("shape",):
        if key in entry and not (isinstance(entry[key], list) and all(isinstance(d, int) and d >= 0
                                                                        for d in entry[key])):
            raise UsageError(f"{where}: {key} must be a list of non-negative integers, not {entry[key]!r}")
    for key in ("range", "int_range"):
        v = entry.get(key)
        if v is not None and not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, (int, float)) for x in v)):
            raise UsageError(f"{where}: {key} must be [low, high], not {v!r}")
    if "cases" in entry:
        if not isinstance(entry["cases"], list) or not entry["cases"]:
            raise UsageError(f"{where}: cases must be a non-empty list of recipe entries")
        for i, case in enumerate(entry["cases"]):
            if isinstance(case, dict) and "cases" in case:
                raise UsageError(f"{where}: cases[{i}] cannot hold cases")
            _check_entry(f"{where}: cases[{i}]", case)
    for key in ("shapes", "ranges", "attrs", "values", "alias", "formats", "out_shapes"):
        if key in entry and not isinstance(entry[key], dict):
            raise UsageError(f"{where}: {key} must be an object keyed by name, not {entry[key]!r}")
    if "no_data" in entry and not (isinstance(entry["no_data"], list) and all(isinstance(n, str)
                                                                              for n in entry["no_data"])):
        raise UsageError(f"{where}: no_data must be a list of output names, not {entry['no_data']!r}")
    if "by_soc" in entry:
        from kernelgen.socs import family_names

        by_soc, families = entry["by_soc"], family_names()
        if not isinstance(by_soc, dict) or not by_soc:
            raise UsageError(f"{where}: by_soc must be an object keyed by SOC family, not {by_soc!r}")
        for family, overlay in by_soc.items():
            if family not in families:
                raise UsageError(f"{where}: by_soc names unknown SOC family {family!r}; known: {', '.join(families)}")
            if isinstance(overlay, dict) and "by_soc" in overlay:
                raise UsageError(f"{where}: by_soc.{family} cannot hold by_soc")
            _check_entry(f"{where}: by_soc.{family}", overlay)
    return entry


def load_recipes(path: Path | None = None) -> dict:
    """The recipe file (default: the one kernelgen ships), validated."""
    path = Path(path) if path else RECIPES
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot read recipe file {path}: {exc.strerror}")
    except (ValueError, UnicodeDecodeError) as exc:
        raise UsageError(f"recipe file {path} is not valid JSON: {exc}")
    if not isinstance(doc, dict):
        raise UsageError(f"recipe file {path}: expected an object with defaults, name_rules, ops")
    unknown = sorted(set(doc) - {"defaults", "name_rules", "ops", "note"})
    if unknown:
        raise UsageError(f"recipe file {path}: unknown section {unknown[0]!r}; known: defaults, name_rules, ops")
    _check_entry(f"{path}: defaults", doc.setdefault("defaults", {}))
    rules = doc.setdefault("name_rules", [])
    if not isinstance(rules, list):
        raise UsageError(f"{path}: name_rules must be a list")
    for i, rule in enumerate(rules):
        _check_entry(f"{path}: name_rules[{i}]", rule)
        try:
            re.compile(rule.get("match", ""))
        except re.error as exc:
            raise UsageError(f"{path}: name_rules[{i}].match is not a regular expression: {exc}")
    ops = doc.setdefault("ops", {})
    if not isinstance(ops, dict):
        raise UsageError(f"{path}: ops must be an object keyed by OpType")
    for name, entry in ops.items():
        _check_entry(f"{path}: ops.{name}", entry)
        like = entry.get("like")
        if like is not None and (not isinstance(like, str) or like not in ops or like == name):
            raise UsageError(f"{path}: ops.{name}.like must name another operator's entry, not {like!r}")
    return doc


def merge_recipes(base: dict, extra: dict) -> dict:
    """extra's defaults, rules and operators layered over base's (a user's file over kernelgen's)."""
    out = {"defaults": {**base.get("defaults", {}), **extra.get("defaults", {})},
           "name_rules": list(base.get("name_rules", [])) + list(extra.get("name_rules", [])),
           "ops": {**base.get("ops", {}), **extra.get("ops", {})}}
    return out


def recipe_for(recipes: dict, op_type: str) -> dict:
    """The operator's entry (by OpType, case-insensitively) with the defaults under it; name rules stay separate."""
    ops = recipes.get("ops", {})

    def lookup(name: str) -> dict:
        found = ops.get(name)
        return found if found is not None else next((v for k, v in ops.items() if k.lower() == name.lower()), {})

    entry, seen = lookup(op_type), {op_type.lower()}
    while "like" in entry:   # a family member: its own keys over the entry it names
        base_name = entry["like"]
        if base_name.lower() in seen or not lookup(base_name):
            raise UsageError(f"recipe for {op_type}: like {base_name!r} names no other recipe entry")
        seen.add(base_name.lower())
        entry = {**lookup(base_name), **{k: v for k, v in entry.items() if k != "like"}}
    merged = dict(recipes.get("defaults", {}))
    for key, value in entry.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value
    merged["name_rules"] = recipes.get("name_rules", [])
    merged["has_entry"] = bool(entry)
    return merged


def for_soc(recipe: dict, family: str) -> dict:
    """The recipe for a run on the SOC family: its by_soc entry for that family over the rest (dict keys merged)."""
    overlay = (recipe.get("by_soc") or {}).get(family, {})
    merged = {k: v for k, v in recipe.items() if k != "by_soc"}
    for key, value in overlay.items():
        merged[key] = {**merged[key], **value} if isinstance(value, dict) and isinstance(merged.get(key), dict) else value
    return merged


def pick_survey_combo(decl, soc: str, recipe: dict) -> dict[str, str]:
    """The dtype combination to run: the recipe's dtype, else the first all-emulated one whose first input is
    float32 (of those, the one with the most float32 inputs), else the first all-emulated one."""
    if not decl.inputs and not decl.outputs:
        return {}  # an operator without tensors (attributes only)
    combos = [c for c in decl.combos(soc) if all(v in GE_DTYPES for v in c.values())]
    if not combos:
        declared = sorted({v for c in decl.combos(soc) for v in c.values()})
        raise UsageError(f"{decl.op_type}: no dtype combination on {soc} uses only emulated dtypes "
                         f"(declared: {', '.join(declared) or 'none'})")
    want = recipe.get("dtype")
    if want:
        ge = SHORT_TO_GE.get(want, want)
        match = [c for c in combos if all(v == ge for v in c.values())] or \
                [c for c in combos if decl.inputs and c[decl.inputs[0].name] == ge]
        if not match:
            raise UsageError(f"{decl.op_type}: the recipe's dtype {want} is not declared on {soc}")
        return match[0]
    first = decl.inputs[0].name if decl.inputs else None
    floats = [c for c in combos if first and c[first] == "DT_FLOAT"]
    if not floats:
        return combos[0]
    # DataTypeList inputs combine freely (start x end in LinSpaceD): the first combination with the most float32
    # inputs, not float32 paired with whatever the product ordering puts first
    return max(floats, key=lambda c: sum(c[t.name] == "DT_FLOAT" for t in decl.inputs))


def _for_input(recipe: dict, name: str) -> dict:
    """The settings that apply to one input: defaults, then matching name rules, then per-input entries."""
    out = {k: recipe[k] for k in ("shape", "range", "int_range") if k in recipe}
    for rule in recipe.get("name_rules", []):
        if re.search(rule.get("match", "$^"), name):
            out.update({k: v for k, v in rule.items() if k in ("shape", "range", "int_range")})
    if name in recipe.get("shapes", {}):
        out["shape"] = recipe["shapes"][name]
    if name in recipe.get("ranges", {}):
        out["range"] = recipe["ranges"][name]
    return out


def _array(rng: np.random.Generator, ge: str, shape, cfg: dict) -> np.ndarray:
    dt = GE_DTYPES[ge].numpy
    if dt == np.bool_:
        return rng.integers(0, 2, shape).astype(np.bool_)
    if np.issubdtype(dt, np.integer):
        lo, hi = cfg.get("int_range", [0, 4])
        info = np.iinfo(dt)
        lo, hi = max(int(lo), info.min), min(int(hi), int(info.max) + 1)
        return rng.integers(lo, max(hi, lo + 1), shape).astype(dt)
    if GE_DTYPES[ge].short == "float8_e8m0":  # an unsigned power-of-two scale: 2^-4 .. 2^3
        return np.exp2(rng.integers(-4, 4, shape).astype(np.float32)).astype(dt)
    lo, hi = cfg.get("range", [-2.0, 2.0])
    return rng.uniform(float(lo), float(hi), shape).astype(dt)


def make_inputs(decl, combo: dict[str, str], recipe: dict, seed: int = 0) -> tuple[dict, dict]:
    """({input: array or [arrays]}, {attr: value}) for one run, seeded."""
    rng = np.random.default_rng(seed)
    optional = set(recipe.get("optional") or [])
    values = recipe.get("values") or {}
    inputs = {}
    for t in decl.inputs:
        if not t.required and not t.dynamic and t.name not in optional and t.name not in values:
            continue
        cfg = _for_input(recipe, t.name)
        shape = tuple(cfg.get("shape", [4, 37]))
        if t.name in values:
            arr = np.asarray(values[t.name], dtype=GE_DTYPES[combo[t.name]].numpy)
            arr = arr.reshape(shape) if arr.size == int(np.prod(shape)) else arr
            inputs[t.name] = [arr] * int(recipe.get("list_len", 2)) if t.dynamic else arr
        elif t.dynamic:
            inputs[t.name] = [_array(rng, combo[t.name], shape, cfg) for _ in range(int(recipe.get("list_len", 2)))]
        else:
            inputs[t.name] = _array(rng, combo[t.name], shape, cfg)
    attrs = {}
    given = recipe.get("attrs") or {}
    for a in decl.attrs:
        if a.name in given:
            attrs[a.name] = given[a.name]
        elif a.default is not None:
            attrs[a.name] = a.default
        elif a.required:
            attrs[a.name] = _ATTR_FALLBACK.get(a.kind, 0)
    return inputs, attrs
