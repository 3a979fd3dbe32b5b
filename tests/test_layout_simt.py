"""How the emulator picks an Ascend 950 kernel and its build: the KERNEL_SRC of op_kernel/CMakeLists.txt, the
kernel-side tiling-key headers linked into the host library, and the SIMT instrumentation decision."""
from __future__ import annotations

from pathlib import Path

from kernelgen.emulator.layout import cmake_kernel_src, kernel_file, unlinked_tiling_keys
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
    # the key header one folder above the named arch35 source (loss/multilabel_margin_loss)
    (op / "op_kernel" / "arch35" / "foo_tiling_key.h").rename(op / "op_kernel" / "foo_tiling_key.h")
    assert unlinked_tiling_keys(op, "ascend950") == [op / "op_kernel" / "foo_tiling_key.h"]


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
