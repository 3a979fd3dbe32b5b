"""What both run-example paths build an aclnn program from: the emulated ACL runtime's sources, the unit holding
the SOC record, the aclnn API units of an operator directory (its own op_api sources, or the API CANN's opbuild
would generate from its OpDef), and the link. kernelgen.emulator.example (kernelgen's own operators) and
kernelgen.emulator.opdir_example (ops-nn directories) both build on it; neither imports the other."""
from __future__ import annotations

import ctypes
import hashlib
import os
import re
from pathlib import Path

from kernelgen.emulator import abi
from kernelgen.emulator.aclnn_gen import api_of, header_text, source_text
from kernelgen.emulator.build import CompileUnit, cache_dir, cached_artifact, materialize_tree
from kernelgen.proc import run_tool
from kernelgen.socs import Soc


EXAMPLE_TIMEOUT_S = 600  # an example program that runs longer is hung (the emulated kernels take seconds)
ACL_RUNTIME_SOURCES = ("kg_acl_rt.cpp", "kg_acl_meta.cpp", "kg_acl_opdev.cpp", "kg_acl_executor.cpp",
                       "kg_acl_l0.cpp", "kg_acl_launch.cpp", "kg_acl_opdef.cpp")
# Standard headers included before a kernel source is wrapped in its per-combination namespace, so that a
# kernel including one of them does not declare the standard library inside that namespace.
STD_HEADERS = ("algorithm", "array", "cmath", "cstddef", "cstdint", "cstdio", "cstdlib", "cstring", "limits",
                "type_traits", "utility", "vector")


def ident(text: str) -> str:
    return re.sub(r"[^0-9A-Za-z_]", "_", text)


def soc_unit(soc: Soc) -> str:
    """A unit defining kgemu_acl_soc(): the catalog record the kernels and the tiling see."""
    from kernelgen.emulator.emulate import soc_struct

    record = soc_struct(soc)
    values = []
    for name, ctype in abi.KgSoc._fields_:
        value = getattr(record, name)
        if ctype is ctypes.c_char_p:
            values.append('"' + value.decode().replace("\\", "\\\\").replace('"', '\\"') + '"')
        else:
            values.append(f"{int(value)}ULL" if int(value) >= 0 else str(int(value)))
    body = ",\n        ".join(values)
    return ('// kernelgen run-example: the SOC this program emulates (from the SOC catalog).\n'
            '#include "kgemu/abi.h"\n\n'
            'extern "C" const KgSoc* kgemu_acl_soc(void)\n{\n'
            f"    static const KgSoc soc = {{\n        {body}}};\n    return &soc;\n}}\n")


def link_program(objects: list[Path], name: str, compiler) -> Path:
    key = hashlib.sha256("|".join(o.name for o in objects).encode() + compiler.version.encode()).hexdigest()[:20]
    exe = cache_dir() / "bin" / f"{name}-{key}"

    def make(tmp: Path) -> None:
        run_tool([compiler.path, "-pthread", *map(str, objects), "-o", str(tmp)], timeout=600)
        os.chmod(tmp, 0o755)

    return cached_artifact(exe, make)


def aclnn_type(op_dir: Path) -> str:
    """ACLNNTYPE of add_modules_sources in op_host/CMakeLists.txt (or the root one); aclnn if none says."""
    for cm in (op_dir / "op_host" / "CMakeLists.txt", op_dir / "CMakeLists.txt"):
        if cm.is_file():
            m = re.search(r"ACLNNTYPE\s+(\w+)", cm.read_text(errors="replace"))
            if m:
                return m.group(1)
    return "aclnn"


def checkout_includes(op_dir: Path) -> tuple[Path, ...]:
    """Where the directory sits in an ops-nn checkout: the include roots ops-nn's CMake gives op_api sources
    (`common/inc`, `common/inc/op_api`, the checkout root for `<category>/common/*.h`). Read from the user's
    checkout at build time, never copied."""
    for parent in op_dir.parents:
        inc = parent / "common" / "inc"
        if (inc / "op_api").is_dir():
            return (inc, inc / "op_api", parent)
    return ()


def own_api_dir(op_dir: Path) -> Path | None:
    """Where the directory keeps its own aclnn sources: `op_host/op_api/` or, in ops-nn's other layout, `op_api/`
    beside op_host (e.g. relu_v2, softplus_v2, nll_loss); None when it has neither (opbuild generates the API)."""
    for candidate in (op_dir / "op_host" / "op_api", op_dir / "op_api"):
        if candidate.is_dir() and any(candidate.glob("*.cpp")):
            return candidate
    return None


def api_units(source, soc: Soc) -> tuple[list[CompileUnit], tuple[Path, ...], str]:
    """(compile units of the aclnn API, include dirs the example needs, a description)."""
    op_dir = source.op_dir
    api_dir = own_api_dir(op_dir)
    own = sorted(api_dir.glob("*.cpp")) if api_dir is not None else []
    if own:
        headers = {f"aclnnop/{h.name}": h.read_text(errors="replace") for h in sorted(api_dir.glob("aclnn_*.h"))}
        alias = materialize_tree(headers or {"aclnnop/.keep": ""}, f"{source.snake}_own_aclnnop")
        inc = (api_dir, op_dir / "op_host", op_dir, op_dir.parent, *checkout_includes(op_dir))
        units = [CompileUnit(f"{source.snake}_opapi_{p.stem}", p, (), inc, source.digest) for p in own]
        return units, (api_dir, alias, *checkout_includes(op_dir)), "its own op_api sources (" + ", ".join(p.name for p in own) + ")"
    decl = source.decl()
    doc_op = next((o for o in source._doc.get("ops", []) if o.get("op_type") == decl.op_type), {})
    kind = aclnn_type(op_dir)
    if kind == "aclnn_exclude":  # opbuild generates nothing; the directory brings no API of its own either
        return [], (), "no aclnn API (ACLNNTYPE aclnn_exclude and no op_api sources)"
    api = api_of(decl, "aclnn_inner" if kind == "aclnn_inner" else "aclnn")
    origin = f" in {op_dir.name}/op_host"
    header = header_text(api, origin)
    tree = materialize_tree({f"{api.header}.h": header, f"aclnnop/{api.header}.h": header,
                             f"{api.header}.cpp": source_text(api, decl, doc_op, soc.family, origin)},
                            f"{source.snake}_{soc.family}_aclnn_gen")
    units = [CompileUnit(f"{source.snake}_aclnn_gen_{soc.family}", tree / f"{api.header}.cpp", (), (tree,),
                         source.digest)]
    return units, (tree,), f"{api.name} generated from the OpDef (ACLNNTYPE {kind}): {api.prototype()}"
