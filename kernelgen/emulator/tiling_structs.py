"""The kernel's view of an operator's legacy tiling classes, written from the host library's own layout.

CANN's build runs the host's BEGIN_TILING_DATA_DEF registrations and generates a header of plain structs for the
kernel: the kernel never sees the host headers themselves. Including those headers in the kernel's translation
unit (the launcher's older way, still the fallback) also brings what else they declare and include: an include
guard shared with a kernel header (loss/ctc_loss_v3: op_host/ctc_loss_v3_tiling.h and op_kernel/ctc_loss_v3.h both
guard with CTC_LOSS_V3_H_), host-only declarations (`ge::graphStatus Tiling...(gert::TilingContext*)`), constants
that meet the kernel's own (activation/silu_grad: opbase's broadcast tiling and kernel headers both declare
BROADCAST_MAX_DIMS, with different types). The host library reports each class's members in order (kg_opdef_json's
"tiling_structs"), and this module writes the structs from them: the same layout (explicit padding to the host's
offsets, a size check), the host spelling's accessors (get_x / set_x), the registrations' kgemu_tiling aliases.
"""
from __future__ import annotations

import functools
import re

# the element types TILING_DATA_FIELD_DEF is given across ops-nn (3 415 int64_t ... 15 bool)
_SIZES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
          "uint64_t": 8, "float": 4, "double": 8, "bool": 1, "char": 1, "int": 4, "unsigned int": 4, "long": 8,
          "unsigned long": 8, "short": 2, "unsigned short": 2}


@functools.lru_cache(maxsize=1)
def _library_structs() -> frozenset[str]:
    """Tiling structs kernel_tiling/kernel_tiling.h already gives at global scope (::TCubeTiling,
    ::LayerNormSeparateTiling: aliases of AscendC::tiling's, from the kgemu headers it includes): a class nesting
    one names the library's (ada_layer_norm's LayerNormSeparateTiling member was written again: "using typedef-name
    after 'struct'")."""
    from kernelgen.emulator import INCLUDE_DIR

    top = (INCLUDE_DIR / "kernel_tiling" / "kernel_tiling.h").read_text()
    names: set[str] = set()
    for header in re.findall(r'^#include\s+"(kgemu/[\w/]+\.h)"', top, re.M):
        text = (INCLUDE_DIR / header).read_text()
        names.update(re.findall(r"^using\s+(\w+)\s*=\s*AscendC::tiling::", text, re.M))
    return frozenset(names)


def _registered(doc: dict, op_type: str) -> dict[str, str]:
    """{registration name: class} of op_type: its own and its tiling keys' (`<op_type>_<key>`)."""
    classes = doc.get("tiling_data_classes") or {}
    return {name: info["class"] for name, info in sorted(classes.items())
            if name == op_type or re.fullmatch(re.escape(op_type) + r"_\w+", name)}


def _order(structs: dict, roots: list[str]) -> list[str] | None:
    """The classes reachable from roots, each after the classes it nests; None if one is unknown."""
    done: list[str] = []

    library = _library_structs()

    def visit(name: str, path: tuple[str, ...]) -> bool:
        if name in done or name in library:
            return True
        if name not in structs or name in path:
            return False
        for m in structs[name]["members"]:
            if m["kind"] == "s" and not visit(m["type"], path + (name,)):
                return False
        done.append(name)
        return True

    return done if all(visit(r, ()) for r in roots) else None


def _struct(name: str, info: dict, structs: dict) -> list[str]:
    lines = [f"struct alignas(8) {name} {{"]
    at, pad = 0, 0
    for m in info["members"]:
        if m["offset"] > at:
            lines.append(f"    uint8_t kg_pad{pad}[{m['offset'] - at}];")
            pad += 1
        t, n = m["type"], m["name"]
        if m["kind"] == "f":
            lines.append(f"    {t} {n}; {t} get_{n}() const {{ return {n}; }} void set_{n}({t} v) {{ {n} = v; }}")
        elif m["kind"] == "a":
            lines.append(f"    {t} {n}[{m['count']}]; const {t}* get_{n}() const {{ return {n}; }} "
                         f"{t}* get_{n}() {{ return {n}; }}")
        else:
            lines.append(f"    {t} {n};")
        size = structs[t]["size"] if m["kind"] == "s" else _SIZES[t] * m["count"]
        at = m["offset"] + size
    if info["size"] > at:
        lines.append(f"    uint8_t kg_pad{pad}[{info['size'] - at}];")
    lines += ["};", f'static_assert(sizeof({name}) == {info["size"]}, "kgemu: {name} as the host laid it out");']
    # each member at the host's offset (offsetof on a standard-layout struct)
    lines += [f'static_assert(offsetof({name}, {m["name"]}) == {m["offset"]}, "kgemu: {name}::{m["name"]}");'
              for m in info["members"]]
    return lines


def generated_tiling_structs(doc: dict, op_type: str, own: set[str]) -> list[str] | None:
    """The launcher's lines declaring op_type's tiling classes as the kernel sees them on CANN, or None when the
    host library's report cannot give them (no registration, a class it does not describe, an element type that is
    not a builtin); the caller then includes the host headers as before. Classes the kernel defines itself are
    left to it."""
    structs = doc.get("tiling_structs") or {}
    registered = _registered(doc, op_type)
    if not registered:
        return None
    order = _order(structs, sorted(set(registered.values())))
    if order is None or any(cls in own for cls in registered.values()):
        return None   # (a registered class the kernel defines itself: the headers' way, which leaves it alone)
    if any(m["kind"] != "s" and m["type"] not in _SIZES for c in order for m in structs[c]["members"]):
        return None
    # the library's tiling structs (TCubeTiling) come with kernel_tiling.h, which CANN's generated header includes
    lines = ["#include <cstddef>", "#include <cstdint>", '#include "kernel_tiling/kernel_tiling.h"',
             "// the tiling classes as CANN's generated kernel header holds them"]
    for name in order:
        if name not in own:
            lines += _struct(name, structs[name], structs)
    aliases = [f"using {reg} = ::{cls};" for reg, cls in registered.items()]
    lines += ["namespace kgemu_tiling {", *aliases, "}", "namespace optiling {",
              *(f"using ::{name};" for name in order if name not in own), "}"]
    return lines
