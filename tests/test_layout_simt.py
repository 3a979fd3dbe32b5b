"""How the emulator picks an Ascend 950 kernel and its build: the KERNEL_SRC of op_kernel/CMakeLists.txt, the
kernel-side tiling-key headers linked into the host library, and the SIMT instrumentation decision."""
from __future__ import annotations

from pathlib import Path

from kernelgen.emulator.layout import (cmake_kernel_src, kernel_file, repository_common_host_sources,
                                       unlinked_tiling_keys)
from kernelgen.emulator.opdir import uses_simt


def make_op(tmp_path: Path, cmake: str, simt: bool = False, host_mentions_key: bool = False) -> Path:
    op = tmp_path / "foo"
    (op / "op_kernel" / "arch35").mkdir(parents=True)
    (op / "op_host").mkdir()
    (op / "op_kernel" / "foo.cpp").write_text("// the 910B kernel\n")
    (op / "op_kernel" / "CMakeLists.txt").write_text(cmake)
    (op / "op_kernel" / "arch35" / "foo.cpp").write_text('#include "foo_impl.h"\n')
    body = "__simt_vf__ inline void Vf() {}\n" if simt else "inline void Vf() {}\n"
    (op / "op_kernel" / "arch35" / "foo_impl.h").write_text(body)
    (op / "op_kernel" / "arch35" / "foo_tiling_key.h").write_text("// ASCENDC_TPL_ARGS_DECL(Foo, ...)\n")
    (op / "op_host" / "foo_tiling.cpp").write_text('#include "foo_tiling_key.h"\n' if host_mentions_key else "\n")
    return op


CMAKE = """
add_kernel_sources(
    COMPUTE_UNITS ascend910b ascend910_93
    AUTO_SYNC false
)
# add_kernel_sources(KERNEL_SRC foo.cpp COMPUTE_UNITS ascend950)   (a comment is not a rule)
add_kernel_sources(
    KERNEL_SRC arch35/foo.cpp
    COMPUTE_UNITS ascend950 mc62
    AUTO_SYNC false
)
"""


def test_the_cmake_kernel_src_of_the_soc_wins_over_the_top_level_kernel(tmp_path):
    op = make_op(tmp_path, CMAKE)
    assert cmake_kernel_src(op / "op_kernel", "ascend950") == op / "op_kernel" / "arch35" / "foo.cpp"
    assert kernel_file(op, ["foo"], 3510, "ascend950") == op / "op_kernel" / "arch35" / "foo.cpp"
    # 910B has no KERNEL_SRC: op_kernel/foo.cpp as before; a source that does not exist is no rule
    assert kernel_file(op, ["foo"], 2201, "ascend910b") == op / "op_kernel" / "foo.cpp"
    (op / "op_kernel" / "CMakeLists.txt").write_text(CMAKE.replace("arch35/foo.cpp", "arch35/missing.cpp"))
    assert kernel_file(op, ["foo"], 3510, "ascend950") == op / "op_kernel" / "foo.cpp"


def test_the_kernel_src_may_be_named_at_the_operators_top_level(tmp_path):
    # CANN's add_kernel_sources is called in op_kernel/ (old) or in the operator's own CMakeLists.txt (new:
    # matmul/mat_mul_v3 names arch35/mat_mul_v3.cpp for ascend950 there)
    op = make_op(tmp_path, "\n")
    (op / "CMakeLists.txt").write_text("add_all_modules_sources(DEPENDENCIES bar)\n" + CMAKE.replace(
        "AUTO_SYNC false\n)", 'AUTO_SYNC false\n    OPTIONS "--cce-no-dcache-flush" "-DX=true"\n)'))
    assert kernel_file(op, ["foo"], 3510, "ascend950") == op / "op_kernel" / "arch35" / "foo.cpp"
    assert kernel_file(op, ["foo"], 2201, "ascend910b") == op / "op_kernel" / "foo.cpp"
    assert unlinked_tiling_keys(op, "ascend950") == [op / "op_kernel" / "arch35" / "foo_tiling_key.h"]


def test_a_kernel_side_tiling_key_header_no_host_source_includes_is_linked(tmp_path):
    op = make_op(tmp_path, CMAKE)
    assert unlinked_tiling_keys(op, "ascend950") == [op / "op_kernel" / "arch35" / "foo_tiling_key.h"]
    assert unlinked_tiling_keys(op, "ascend910b") == []
    assert unlinked_tiling_keys(make_op(tmp_path / "b", CMAKE, host_mentions_key=True), "ascend950") == []


def test_a_tiling_key_header_the_kernel_includes_is_linked_without_a_cmake_kernel_src(tmp_path):
    """norm/bn_training_reduce: no op_kernel/CMakeLists.txt; its kernel includes arch35/<op>_struct.h, which
    declares ASCENDC_TPL_ARGS_DECL and includes only template_argument.h, while the host tiling sets the raw key
    (the launcher called the template entry without arguments: "not emulated: bn_training_reduce"). A header that
    also includes kernel headers cannot join the host library; one a host source names is linked by it already."""
    op = tmp_path / "bar"
    (op / "op_kernel" / "arch35").mkdir(parents=True)
    (op / "op_host").mkdir()
    (op / "op_host" / "bar_tiling.cpp").write_text("// sets the raw key\n")
    tpl = ('#include "ascendc/host_api/tiling/template_argument.h"\n'
           "ASCENDC_TPL_ARGS_DECL(Bar, ASCENDC_TPL_BOOL_DECL(isTail, 0, 1));\n")
    (op / "op_kernel" / "arch35" / "bar_struct.h").write_text(tpl)
    (op / "op_kernel" / "arch35" / "bar_kernel.h").write_text('#include "kernel_operator.h"\n#include "bar_struct.h"\n')
    (op / "op_kernel" / "arch35" / "baz_struct.h").write_text('#include "kernel_tiling/kernel_tiling.h"\n' + tpl)
    kernel = op / "op_kernel" / "bar.cpp"
    kernel.write_text('#include "arch35/bar_kernel.h"\n#include "arch35/baz_struct.h"\n')
    assert unlinked_tiling_keys(op, "ascend950", kernel) == [(op / "op_kernel" / "arch35" / "bar_struct.h").resolve()]
    assert unlinked_tiling_keys(op, "ascend950") == []                     # no kernel known: nothing to follow
    (op / "op_host" / "bar_tiling.cpp").write_text('#include "../op_kernel/arch35/bar_struct.h"\n')
    assert unlinked_tiling_keys(op, "ascend950", kernel) == []


def test_simt_is_found_through_the_kernels_includes(tmp_path):
    assert uses_simt(make_op(tmp_path, CMAKE, simt=True), ())
    assert not uses_simt(make_op(tmp_path / "b", CMAKE, simt=False), ())


def test_the_opdef_is_probed_again_when_the_soc_brings_a_tiling_key_header(tmp_path):
    """`survey --prefer-soc ascend950` probes the OpDef before it knows the SOC (no tiling-key header linked), then
    chooses the 950, whose kernel's key header the host library must hold to decode `template <schMode>`: the probe
    is made again (loss/multilabel_margin_loss called its template entry without arguments)."""
    from kernelgen.emulator.emulate import OperatorSource

    op = make_op(tmp_path, CMAKE)
    (op / "op_host" / "foo_def.cpp").write_text("// OP_ADD(Foo)\n")
    source = OperatorSource(op, "foo")
    probes = []

    def probe():
        probes.append(source.soc)
        source._doc = {"ops": []}   # what a probe leaves: the host library's report
        return object()

    source._probe_opdef = probe
    source.decl()
    source.decl("ascend950")
    source.decl("ascend950")   # the same SOC again: nothing new to link
    assert probes == [None, "ascend950"]


def test_the_repositorys_common_host_sources_of_included_headers_are_linked(tmp_path):
    """layer_norm_v3's 950 tiling includes op_host/cache_runinfo.h (ops-nn's common/inc), whose CacheTilingContext
    is defined in common/src/op_host/cache_runinfo.cpp (CANN's libophost): its dependents' host libraries failed to
    load ("undefined symbol ...CacheTilingContext..."). A header reached through another counts; one the operator
    does not include, or without a source of the same stem, adds nothing; nor does a source that includes a header
    outside common/inc/op_host (the legacy runtime bridge, legacy_common_manager.h)."""
    repo = tmp_path / "repo"
    (repo / "common" / "inc" / "op_host").mkdir(parents=True)
    (repo / "common" / "src" / "op_host").mkdir(parents=True)
    for stem in ("cache_info", "lock", "unused", "legacy"):
        (repo / "common" / "src" / "op_host" / f"{stem}.cpp").write_text(f'#include "op_host/{stem}.h"\n')
    (repo / "common" / "src" / "op_host" / "legacy.cpp").write_text('#include "op_host/legacy.h"\n'
                                                                  '#include "legacy_manager.h"\n')
    (repo / "common" / "inc" / "legacy_manager.h").write_text("\n")   # CANN's legacy runtime bridge
    (repo / "common" / "inc" / "op_host" / "legacy.h").write_text("\n")
    (repo / "common" / "inc" / "op_host" / "cache_info.h").write_text('#include "lock.h"\n')
    (repo / "common" / "inc" / "op_host" / "lock.h").write_text("struct Lock { Lock(); };\n")
    (repo / "common" / "inc" / "op_host" / "no_source.h").write_text("\n")
    (repo / "common" / "inc" / "op_host" / "unused.h").write_text("\n")
    tiling = repo / "norm" / "ln" / "op_host" / "ln_tiling.cpp"
    tiling.parent.mkdir(parents=True)
    tiling.write_text('#include "op_host/cache_info.h"\n#include "op_host/no_source.h"\n#include "op_host/legacy.h"\n')
    src = repo / "common" / "src" / "op_host"
    assert repository_common_host_sources(repo / "norm" / "ln", [tiling]) == [src / "cache_info.cpp", src / "lock.cpp"]
    tiling.write_text('#include "op_host/no_source.h"\n')
    assert repository_common_host_sources(repo / "norm" / "ln", [tiling]) == []
