"""Registration names that do not meet: an OpDef whose OP_ADD name has no tiling while another name does.

CANN's OP_ADD(T) registers the operator under the spelling of its argument (`#opType`), so `OP_ADD(EluDef)` defines
an operator "EluDef"; IMPL_OP_OPTILING(Elu) registers the tiling of "Elu". The build then has an OpDef without a
tiling and a tiling without an OpDef, which no input can fix: the survey reports it as a defect of the source.
"""
from __future__ import annotations


def registration_mismatch(doc: dict, op_type: str) -> str | None:
    """The defect's one-line text, or None when op_type's tiling is registered (or nothing else is)."""
    if not doc:
        return None
    impls = doc.get("impls") or {}
    ops = doc.get("ops") or []
    if (impls.get(op_type) or {}).get("tiling"):
        return None
    if any(o.get("op_type") == op_type and o.get("opdef_tiling") for o in ops):
        return None
    defined = {o.get("op_type") for o in ops}
    orphans = sorted(name for name, impl in impls.items() if (impl or {}).get("tiling") and name not in defined)
    if not orphans:
        return None
    named = ", ".join(f"IMPL_OP_OPTILING({n})" for n in orphans)
    return (f"OP_ADD({op_type}) registers the operator as '{op_type}' (OP_ADD registers its argument's spelling), "
            f"but its tiling is registered for another name ({named}) that no OP_ADD defines: "
            f"'{op_type}' has no tiling and '{orphans[0]}' no OpDef")
