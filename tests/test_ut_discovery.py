"""kernelgen ut without compiling: which files are unit tests, their TEST names, the first error of a failed
build, the gtest filter, the merged JUnit and the counts (kernelgen.corpus.ut, ut_run)."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kernelgen.corpus.ut import UtFile, _first_error, find_ut_files, gtest_cases
from kernelgen.corpus.ut_kernel import cmake_case, kernel_soc
from kernelgen.corpus.ut_run import CaseResult, UtReport, _matches, _not_built_suite, missing_frameworks
from kernelgen.errors import UsageError


def _tree(tmp: Path) -> Path:
    root = tmp / "ops-nn"
    (root / "tests" / "ut" / "common").mkdir(parents=True)
    (root / "tests" / "ut" / "op_host").mkdir()
    (root / "tests" / "ut" / "op_host" / "test_op_host_main.cpp").write_text("TEST(Main, shared) {}\n")
    op = root / "experimental" / "math" / "kg_op"
    (op / "tests" / "ut" / "op_host").mkdir(parents=True)
    (op / "tests" / "ut" / "op_kernel" / "kg_op_data").mkdir(parents=True)
    (op / "tests" / "ut" / "op_host" / "test_kg_op_tiling.cpp").write_text(
        "// TEST(Commented, out)\nTEST_F(KgOpTiling, case_1)\n{\n}\nTEST(KgOpTiling, case_2) {}\n"
        "/* TEST(Block, comment) */\nTEST_P(KgOpParam, sweep) {}\n")
    (op / "tests" / "ut" / "op_host" / "helper.cpp").write_text("int helper() { return 1; }\n")
    (op / "tests" / "ut" / "op_kernel" / "test_kg_op.cpp").write_text("TEST_F(kg_op_test, run) {}\n")
    (op / "tests" / "ut" / "op_kernel" / "CMakeLists.txt").write_text(
        '# AddOpTestCase(old "ascend310p" "-DX=1")\nAddOpTestCase(kg_op "ascend910B1" "-DDTYPE_X=float -DFOO=2")\n')
    (op / "tests" / "ut" / "op_kernel" / "kg_op_data" / "gen_data.py").write_text(
        "import numpy as np\nimport tensorflow as tf\n")
    return root


def test_finds_operator_tests_not_the_shared_main(tmp_path):
    root = _tree(tmp_path)
    files = find_ut_files(root)
    assert [(f.op, f.kind, f.path.name) for f in files] == [("kg_op", "host", "test_kg_op_tiling.cpp"),
                                                            ("kg_op", "kernel", "test_kg_op.cpp")]
    assert files[0].cases == ("KgOpTiling.case_1", "KgOpTiling.case_2", "*/KgOpParam.sweep/*")
    assert [f.kind for f in find_ut_files(root / "experimental" / "math" / "kg_op", ("kernel",))] == ["kernel"]
    with pytest.raises(UsageError, match="no such file"):
        find_ut_files(tmp_path / "nope")


def test_gtest_cases_ignore_comments():
    assert gtest_cases("TEST(A, b)\n// TEST(C, d)\n  TEST_F( E , f )\n") == ("A.b", "E.f")


def test_kernel_cmake_case_and_soc(tmp_path):
    root = _tree(tmp_path)
    f = find_ut_files(root, ("kernel",))[0]
    assert cmake_case(f.path) == ("ascend910B1", ("-DDTYPE_X=float", "-DFOO=2"))
    assert kernel_soc(f, None) == "ascend910b" and kernel_soc(f, "ascend950") == "ascend950"
    # ops-nn's Ascend 950 kernel-UT SOC string (sigmoid's test_sigmoid_apt.cpp), a SKU kernelgen's catalog lacks
    cml = f.path.parent / "CMakeLists.txt"
    cml.write_text('AddOpTestCase(kg_op "ascend950pr_9599" "-DDTYPE_X=float")\n')
    assert kernel_soc(f, None) == "ascend950"


def test_missing_framework_skips(tmp_path):
    root = _tree(tmp_path)
    f = find_ut_files(root, ("kernel",))[0]
    import importlib.util

    expect = [] if importlib.util.find_spec("tensorflow") else ["tensorflow"]
    assert missing_frameworks(f) == expect


def test_first_error_names_the_missing_piece():
    assert _first_error("x.cpp:3:10: fatal error: ge/ge_api_types.h: No such file or directory\n") == \
        "ge/ge_api_types.h: No such file or directory"
    assert _first_error("/usr/bin/ld: a.o: in function `f':\nb.cpp:(.text+0x1): undefined reference to "
                        "`gert::Foo::Bar(int)'\n") == "undefined reference to gert::Foo::Bar(int)"
    assert _first_error("t.cpp:9:5: error: 'Nope' was not declared in this scope\n") == \
        "'Nope' was not declared in this scope"


def test_gtest_filter_matching():
    assert _matches("A.b", None) and _matches("A.b", "A.*") and not _matches("A.b", "B.*")
    assert _matches("A.b", "*-A.c") and not _matches("A.b", "*-A.b") and _matches("A.b", "X.*:A.b")


def test_junit_merges_and_counts(tmp_path):
    f = UtFile(tmp_path, "host", tmp_path / "t.cpp", ("S.a", "S.b"))
    rep = UtReport()
    rep.cases = [CaseResult("op", "host", "t.cpp", "S.a", "passed"),
                 CaseResult("op", "host", "t.cpp", "S.b", "not_built", "x.h: No such file"),
                 CaseResult("op2", "kernel", "k.cpp", "K.a", "failed", "boom")]
    rep.suites = [_not_built_suite(f, ["S.b"], "not_built", "x.h: No such file")]
    root = ET.fromstring(rep.junit())
    assert root.get("tests") == "1" and root.get("errors") == "1"
    assert root.find("testsuite/testcase/error").get("message") == "x.h: No such file"
    c = rep.counts()
    assert c["kinds"]["host"]["passed"] == 1 and c["kinds"]["host"]["not_built"] == 1
    assert c["kinds"]["host"]["files"] == 1 and c["kinds"]["host"]["files_passed"] == 0
    assert c["kinds"]["kernel"]["failed"] == 1 and c["operators"]["op2"]["kernel"]["failed"] == 1
    assert not rep.ok


def test_op_host_files_by_ops_nn_globs(tmp_path):
    # cmake/ut.cmake builds test_*_tiling.cpp and test_*_infershape.cpp as host tests and test_aclnn_*.cpp as op_api
    # tests; an operator's own test_op_host_main.cpp, and arch35/ files without a SOC, are not built
    root = _tree(tmp_path)
    host = root / "experimental" / "math" / "kg_op" / "tests" / "ut" / "op_host"
    (host / "test_aclnn_kg_op.cpp").write_text("TEST(l2_kg_op, a) {}\n")
    (host / "test_op_host_main.cpp").write_text("TEST(Main, m) {}\n")
    (host / "arch35").mkdir()
    (host / "arch35" / "test_kg_op_tiling.cpp").write_text("TEST(Arch35, t) {}\n")
    got = [(f.kind, f.path.name) for f in find_ut_files(root, ("host", "api"))]
    assert got == [("api", "test_aclnn_kg_op.cpp"), ("host", "test_kg_op_tiling.cpp")]
    assert [f.path.parent.name for f in find_ut_files(root, ("host",), "ascend950")] == ["arch35", "op_host"]


def test_derived_tiling_header(tmp_path):
    from kernelgen.corpus.ut_tiling import derived_tiling_header, tiling_include

    mini = Path(__file__).parent / "data" / "ut_mini" / "kernel_derived"
    op = tmp_path / "kg_scale"
    (op / "op_host").mkdir(parents=True)
    (op / "op_kernel").mkdir()
    (op / "op_host" / "kg_scale_tiling.h").write_text((mini / "kg_scale_tiling.h").read_text())
    (op / "op_kernel" / "kg_scale.cpp").write_text((mini / "kg_scale.cpp").read_text())
    text = derived_tiling_header(op)
    body = text[text.index("struct alignas(8) KgScaleTilingData {"):text.index("};")]
    assert [ln.strip() for ln in body.splitlines()[1:]] == [
        "uint32_t perBlock;", "float scale;", "uint16_t flag;", "uint32_t pad[3];", "uint64_t total;"]
    assert "typedef KgScaleTilingData kgemu_default_tiling_type_;" in text
    # a kernel with its own struct (REGISTER_TILING_DEFAULT) gets no derived struct
    (op / "op_kernel" / "kg_scale.cpp").write_text("struct S { int a; };\nREGISTER_TILING_DEFAULT(S);\n")
    assert "struct" not in derived_tiling_header(op).split("#include <cstdint>")[1]
    # a test directory's own <op>_tiling_def.h wins
    ut = op / "tests" / "ut" / "op_kernel"
    ut.mkdir(parents=True)
    (ut / "kg_scale_tiling_def.h").write_text("// own\n")
    assert tiling_include(ut, op) == ut / "kg_scale_tiling_def.h"


def test_scratch_cwd_is_where_ops_nn_runs_the_program(tmp_path):
    # <checkout>/build/tests/ut/op_kernel: kernel tests copy ../../../../experimental/<cat>/<op>/.../<op>_data
    from kernelgen.corpus.ut_run import _scratch_cwd

    root = _tree(tmp_path)
    f = find_ut_files(root, ("kernel",))[0]
    run = tmp_path / "scratch"
    run.mkdir()
    cwd = _scratch_cwd(run, f)
    assert cwd.parts[-4:] == ("build", "tests", "ut", "op_kernel")
    data = cwd / "../../../../experimental/math/kg_op/tests/ut/op_kernel/kg_op_data/gen_data.py"
    assert data.resolve().is_file()
    assert not (cwd / "gen_data.py").exists()


def test_scratch_cwd_holds_what_the_cmakelists_copies_into_the_build_tree(tmp_path):
    # relu_v3's pattern: add_custom_command copies <op>_data/*.py into ${CMAKE_BINARY_DIR}/tests/ut/op_kernel, where
    # the program runs `python gen_data.py`
    from kernelgen.corpus.ut_kernel import cmake_copies
    from kernelgen.corpus.ut_run import _scratch_cwd

    root = _tree(tmp_path)
    ut = root / "experimental" / "math" / "kg_op" / "tests" / "ut" / "op_kernel"
    (ut / "kg_op_data" / "compare_data.py").write_text("import sys\n")
    (ut / "CMakeLists.txt").write_text(
        'AddOpTestCase(kg_op "ascend910B1" "")\n'
        "add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/tests/ut/op_kernel/gen_data.py\n"
        "    COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/kg_op_data/gen_data.py\n"
        "            ${CMAKE_CURRENT_SOURCE_DIR}/kg_op_data/compare_data.py ${CMAKE_BINARY_DIR}/tests/ut/op_kernel\n"
        "    DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/kg_op_data/gen_data.py)\n"
        "# COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/old.py ${CMAKE_BINARY_DIR}/tests\n")
    f = find_ut_files(root, ("kernel",))[0]
    assert [(p.name, d) for p, d in cmake_copies(f.path)] == [("gen_data.py", "tests/ut/op_kernel"),
                                                            ("compare_data.py", "tests/ut/op_kernel")]
    run = tmp_path / "scratch"
    run.mkdir()
    cwd = _scratch_cwd(run, f)
    assert (cwd / "gen_data.py").read_text().startswith("import numpy") and (cwd / "compare_data.py").is_file()


def test_cmake_case_expands_the_source_dir(tmp_path):
    cml = tmp_path / "CMakeLists.txt"
    cml.write_text('AddOpTestCase(q "ascend910B1" "-DX=1;-DY=2 -DDATA=${CMAKE_CURRENT_SOURCE_DIR}/q_data")\n')
    assert cmake_case(tmp_path / "test_q.cpp") == ("ascend910B1", ("-DX=1", "-DY=2", f"-DDATA={tmp_path}/q_data"))


def test_kernels_that_sync_their_blocks_run_them_at_once(tmp_path):
    from kernelgen.corpus.ut_kernel import syncs_blocks

    op = tmp_path / "kg_op"
    (op / "op_kernel").mkdir(parents=True)
    (op / "op_kernel" / "kg_op.h").write_text("// SyncAll() is not called here\nvoid f() { DataCopy(a, b, 8); }\n")
    assert not syncs_blocks(op)
    (op / "op_kernel" / "kg_op_sync.h").write_text("void g() { SyncAll<true>(); }\n")
    assert syncs_blocks(op)
    assert not syncs_blocks(tmp_path / "no_such_op")


def test_an_operator_kernelgen_cannot_read_is_not_built_not_the_run_aborted(tmp_path):
    # ops-nn control/assert: an op_host infershape test, but no op_host/*_def.cpp (an AI CPU operator)
    from kernelgen.corpus.ut_run import run_ut

    op = tmp_path / "ops-nn" / "control" / "kg_assert"
    (op / "op_host").mkdir(parents=True)
    (op / "tests" / "ut" / "op_host").mkdir(parents=True)
    (op / "tests" / "ut" / "op_host" / "test_kg_assert_infershape.cpp").write_text("TEST(KgAssert, infershape) {}\n")
    report = run_ut(tmp_path / "ops-nn" / "control", ("host",))
    assert [(c.name, c.status) for c in report.cases] == [("KgAssert.infershape", "not_built")]
    assert "_def.cpp" in report.cases[0].message


def test_a_kernel_marked_header_file_only_is_not_compiled_beside_the_test(tmp_path):
    # ops-nn fused_patch_mlp: the test supplies its own entry wrappers and its CMakeLists keeps the copied production
    # kernel out of the build with set_source_files_properties(... HEADER_FILE_ONLY TRUE), through a variable
    from kernelgen.corpus.ut_kernel import kernel_header_only

    test = tmp_path / "tests" / "ut" / "op_kernel" / "test_kg_mm.cpp"
    test.parent.mkdir(parents=True)
    kernel = tmp_path / "op_kernel" / "kg_mm.cpp"
    cml = test.parent / "CMakeLists.txt"
    cml.write_text('AddOpTestCase(kg_mm "ascend910B1" "")\n'
                   "set(kg_mm_copied ${ASCEND_KERNEL_SRC_DST}/kg_mm/kg_mm.cpp)\n"
                   "set_source_files_properties(${kg_mm_copied} PROPERTIES HEADER_FILE_ONLY TRUE)\n")
    assert kernel_header_only(test, kernel)
    assert not kernel_header_only(test, tmp_path / "op_kernel" / "kg_mm_other.cpp")
    cml.write_text(cml.read_text().replace("HEADER_FILE_ONLY TRUE", "HEADER_FILE_ONLY FALSE"))
    assert not kernel_header_only(test, kernel)
    cml.write_text("# set_source_files_properties(${ASCEND_KERNEL_SRC_DST}/kg_mm/kg_mm.cpp PROPERTIES "
                   "HEADER_FILE_ONLY TRUE)\n")
    assert not kernel_header_only(test, kernel)  # a comment is not the build's


def test_the_kernel_beside_a_test_is_the_one_its_name_globs(tmp_path):
    # ops-nn sigmoid: op_kernel holds sigmoid.cpp (910B) and sigmoid_apt.cpp (950); AddOpTestCase compiles
    # <kernel_cpp_name>.cpp beside test_<kernel_cpp_name>*.cpp, so test_sigmoid_apt.cpp goes with sigmoid_apt.cpp
    from kernelgen.corpus.ut import separate_kernel

    root = _tree(tmp_path)
    op = root / "experimental" / "math" / "kg_op"
    (op / "op_kernel").mkdir()
    for name in ("kg_op.cpp", "kg_op_apt.cpp"):
        (op / "op_kernel" / name).write_text('extern "C" void kg_op() {}\n')
    kdir = op / "tests" / "ut" / "op_kernel"
    (kdir / "test_kg_op_apt.cpp").write_text("TEST(KgOpApt, run) {}\n")
    (kdir / "test_kg_op_small.cpp").write_text("TEST(KgOpSmall, run) {}\n")
    by = {f.path.name: f for f in find_ut_files(op, ("kernel",))}
    assert separate_kernel(by["test_kg_op_apt.cpp"]).name == "kg_op_apt.cpp"
    assert separate_kernel(by["test_kg_op.cpp"]).name == "kg_op.cpp"
    assert separate_kernel(by["test_kg_op_small.cpp"]).name == "kg_op.cpp"  # test_kg_op*.cpp: kg_op's glob


def test_the_kernel_the_build_lists_for_the_soc_comes_first(tmp_path):
    # ops-nn rnn/dynamic_rnn: no dynamic_rnn.cpp; op_kernel/CMakeLists.txt names dynamic_rnn_910b.cpp for the 910B
    # units (add_kernel_sources -> kernel_src_list), which AddOpTestCase compiles beside test_dynamic_rnn.cpp
    from kernelgen.corpus.ut import separate_kernel

    root = _tree(tmp_path)
    op = root / "experimental" / "math" / "kg_op"
    (op / "op_kernel" / "arch35").mkdir(parents=True)
    for name in ("kg_op.cpp", "kg_op_910b.cpp", "arch35/kg_op.cpp"):
        (op / "op_kernel" / name).write_text('extern "C" void kg_op() {}\n')
    (op / "op_kernel" / "CMakeLists.txt").write_text(
        "add_kernel_sources(\n  KERNEL_SRC kg_op_910b.cpp\n  COMPUTE_UNITS ascend910b ascend910_93\n)\n"
        "add_kernel_sources(KERNEL_SRC arch35/kg_op.cpp COMPUTE_UNITS ascend950 AUTO_SYNC false)\n"
        "# add_kernel_sources(KERNEL_SRC kg_op.cpp COMPUTE_UNITS ascend310p)\n")
    f = find_ut_files(op, ("kernel",))[0]
    assert separate_kernel(f, "ascend910b").relative_to(op).as_posix() == "op_kernel/kg_op_910b.cpp"
    assert separate_kernel(f, "ascend950").relative_to(op).as_posix() == "op_kernel/arch35/kg_op.cpp"
    assert separate_kernel(f, "ascend310p").name == "kg_op.cpp"   # commented out: the test's name glob
    # without COMPUTE_UNITS the build lists it under "ALL", which AddOpTestCase's lookup never matches
    (op / "op_kernel" / "CMakeLists.txt").write_text("add_kernel_sources(KERNEL_SRC kg_op_910b.cpp)\n")
    assert separate_kernel(f, "ascend910b").relative_to(op).as_posix() == "op_kernel/kg_op.cpp"


# ---- which files the checkout's own UT build collects (kernelgen.corpus.ut_collect) ------------------------------
_GLOB_SUBDIRS = ("file(GLOB CURRENT_DIRS RELATIVE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/*)\n"
                 "foreach(SUB_DIR ${CURRENT_DIRS})\n  if(EXISTS \"${CMAKE_CURRENT_SOURCE_DIR}/${SUB_DIR}/CMakeLists.txt\")\n"
                 "    add_subdirectory(${SUB_DIR})\n  endif()\nendforeach()\n")


def _cmake_checkout(tmp: Path) -> Path:
    """A miniature of ops-nn's layout with the CMake files its UT build walks: norm/kg_walked (every link present),
    norm/kg_unlinked (bn_infer_grad's shape: add_modules_sources at the root, no tests/CMakeLists.txt),
    norm/kg_all (add_all_modules_sources, no tests/ CMake), norm/kg_tiling_only (op_host UT CMake registers tiling)."""
    root = tmp / "ops-nn"
    (root / "tests" / "ut" / "common").mkdir(parents=True)
    (root / "cmake").mkdir()
    (root / "cmake" / "func.cmake").write_text("macro(add_category_subdirectory)\nendmacro()\n")
    (root / "cmake" / "variables.cmake").write_text('set(OP_CATEGORY_LIST "norm" "loss")\n')

    def op(name, root_cmake, cmakes, cat="norm"):
        d = root / "experimental" / cat / name
        for sub in ("op_host", "tests/ut/op_host", "tests/ut/op_kernel"):
            (d / sub).mkdir(parents=True, exist_ok=True)
        (d / "op_host" / f"{name}_def.cpp").write_text("// OpDef\n")
        if root_cmake is not None:
            (d / "CMakeLists.txt").write_text(root_cmake)
        for rel, text in cmakes.items():
            (d / rel / "CMakeLists.txt").write_text(text)
        (d / "tests" / "ut" / "op_host" / f"test_{name}_tiling.cpp").write_text(f"TEST(T_{name}, tiling) {{}}\n")
        (d / "tests" / "ut" / "op_host" / f"test_{name}_infershape.cpp").write_text(f"TEST(I_{name}, infer) {{}}\n")
        (d / "tests" / "ut" / "op_kernel" / f"test_{name}.cpp").write_text(f"TEST(K_{name}, run) {{}}\n")
        return d

    host_ut = ("if(UT_TEST_ALL OR OP_HOST_UT)\n  add_modules_ut_sources(HOSTNAME ${OP_TILING_MODULE_NAME} MODE PRIVATE "
               "DIR ${CMAKE_CURRENT_SOURCE_DIR})\n  add_modules_ut_sources(HOSTNAME ${OP_INFERSHAPE_MODULE_NAME} MODE "
               "PRIVATE DIR ${CMAKE_CURRENT_SOURCE_DIR})\nendif()\n")
    kernel_ut = 'AddOpTestCase(kg_op "ascend910B1" "-DDTYPE_X=float")\n'
    op("kg_walked", _GLOB_SUBDIRS, {"tests": _GLOB_SUBDIRS, "tests/ut": _GLOB_SUBDIRS, "tests/ut/op_host": host_ut,
                                    "tests/ut/op_kernel": kernel_ut})
    op("kg_unlinked", "add_modules_sources(DIR ${CMAKE_CURRENT_SOURCE_DIR} OPTYPE kg_unlinked ACLNNTYPE aclnn)\n", {})
    op("kg_all", "add_all_modules_sources(ACLNNTYPE aclnn_exclude)\n", {})
    op("kg_tiling_only", _GLOB_SUBDIRS, {"tests": _GLOB_SUBDIRS, "tests/ut": _GLOB_SUBDIRS, "tests/ut/op_host":
                                         host_ut.split("\n  add_modules_ut_sources(HOSTNAME ${OP_INFER")[0] + "\nendif()\n"})
    op("kg_elsewhere", _GLOB_SUBDIRS, {"tests": _GLOB_SUBDIRS}, cat="misc")
    return root


def _collected(root: Path) -> dict:
    from kernelgen.corpus.ut_collect import _categories, _reached

    _reached.cache_clear()
    _categories.cache_clear()
    return {(f.op, f.path.name): f.uncollected for f in find_ut_files(root / "experimental")}


def test_collection_follows_the_checkouts_cmake_walk(tmp_path):
    root = _cmake_checkout(tmp_path)
    got = _collected(root)
    walked = {k: v for k, v in got.items() if k[0] == "kg_walked"}
    assert walked and all(v == "" for v in walked.values())
    # bn_infer_grad's shape: nothing adds tests/, and add_modules_sources registers no UT sources
    why = got[("kg_unlinked", "test_kg_unlinked_tiling.cpp")]
    assert why.startswith("not collected by the checkout's UT build: tests/ has no CMakeLists.txt")
    assert "add_all_modules_sources" in why
    assert got[("kg_unlinked", "test_kg_unlinked.cpp")].startswith(
        "not collected by the checkout's UT build: tests/ has no CMakeLists.txt")
    # add_all_modules_sources registers tests/ut/op_host itself (add_all_ut_sources), but no kernel tests
    assert got[("kg_all", "test_kg_all_tiling.cpp")] == got[("kg_all", "test_kg_all_infershape.cpp")] == ""
    assert "AddOpTestCase" in got[("kg_all", "test_kg_all.cpp")]
    # an op_host UT CMakeLists registering the tiling module collects no infershape test
    assert got[("kg_tiling_only", "test_kg_tiling_only_tiling.cpp")] == ""
    assert "OP_INFERSHAPE_MODULE_NAME" in got[("kg_tiling_only", "test_kg_tiling_only_infershape.cpp")]
    assert "OP_CATEGORY_LIST" in got[("kg_elsewhere", "test_kg_elsewhere_tiling.cpp")]


def test_collection_changes_when_a_link_is_added_or_removed(tmp_path):
    root = _cmake_checkout(tmp_path)
    op = root / "experimental" / "norm" / "kg_unlinked"
    (op / "tests" / "CMakeLists.txt").write_text(_GLOB_SUBDIRS)
    assert _collected(root)[("kg_unlinked", "test_kg_unlinked_tiling.cpp")].startswith(
        "not collected by the checkout's UT build: tests/ut/ has no CMakeLists.txt")
    (op / "tests" / "ut" / "CMakeLists.txt").write_text(_GLOB_SUBDIRS)
    (op / "tests" / "ut" / "op_host" / "CMakeLists.txt").write_text(
        "add_modules_llt_sources(HOSTNAME ${OP_TILING_MODULE_NAME} MODE PRIVATE DIR ${CMAKE_CURRENT_SOURCE_DIR})\n")
    got = _collected(root)
    assert got[("kg_unlinked", "test_kg_unlinked_tiling.cpp")] == ""   # add_modules_llt_sources forwards
    # a keyword other than HOSTNAME leaves the module name empty: nothing is registered (smooth_l1_loss_grad_v2)
    walked = root / "experimental" / "norm" / "kg_walked" / "tests" / "ut" / "op_host" / "CMakeLists.txt"
    walked.write_text(walked.read_text().replace("HOSTNAME", "UT_NAME"))
    assert "calls no add_modules_ut_sources" in _collected(root)[("kg_walked", "test_kg_walked_tiling.cpp")]
    # a root CMakeLists with add_sources( is skipped whole by add_category_subdirectory
    (root / "experimental" / "norm" / "kg_all" / "CMakeLists.txt").write_text("add_sources()\n")
    assert "add_sources()" in _collected(root)[("kg_all", "test_kg_all_tiling.cpp")]
    # without ops-nn's cmake/ there is no build to judge by: every file is run
    (root / "cmake" / "func.cmake").unlink()
    assert set(_collected(root).values()) == {""}


def test_not_collected_files_are_reported_not_run(tmp_path):
    from kernelgen.corpus.ut_run import run_ut

    root = _cmake_checkout(tmp_path)
    report = run_ut(root / "experimental" / "norm" / "kg_unlinked", kinds=("host", "kernel"))
    assert {c.status for c in report.cases} == {"not_collected"} and len(report.cases) == 3
    assert report.ok   # CANN's build runs none of them, so none fails
    kinds = report.counts()["kinds"]
    assert kinds["host"]["not_collected"] == 2 and kinds["host"]["files"] == 0
    assert kinds["host"]["files_not_collected"] == 2 and kinds["kernel"]["files_not_collected"] == 1
    suites = ET.fromstring(report.junit())
    assert suites.get("skipped") == "3" and suites.get("errors") == "0"


def test_cli_names_the_broken_link_and_counts_no_file(tmp_path):
    from click.testing import CliRunner

    from kernelgen.cli import main
    from kernelgen.toolchain import find_gtest

    if not find_gtest().usable:
        pytest.skip(f"googletest: {find_gtest().problem}")
    root = _cmake_checkout(tmp_path)
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["ut", str(root / "experimental" / "norm" / "kg_unlinked"), "--kind", "host",
                                    "--json", str(out)])
    assert res.exit_code == 0, res.output
    assert ("kg_unlinked host test_kg_unlinked_tiling.cpp: 1 not collected by the checkout's UT build: tests/ has no "
            "CMakeLists.txt") in res.output
    assert "host: 2 TEST cases in 2 files not collected by the checkout's UT build" in res.output
    import json

    doc = json.loads(out.read_text())
    assert doc["kinds"]["host"]["files"] == 0 and doc["kinds"]["host"]["files_not_collected"] == 2


def test_a_hand_written_tiling_headers_get_tiling_data_is_the_ut_builds(tmp_path):
    """foreach_abs_tiling_def.h (force-included into every foreach kernel test) defines GET_TILING_DATA with its own
    struct and copy, and CANN's kernel headers define none: in a UT build (__CCE_KT_TEST__) the emulator keeps it.
    kernelgen's own runs (no __CCE_KT_TEST__) get the emulator's, which wants REGISTER_TILING_DEFAULT's struct."""
    import subprocess

    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.toolchain import find_compiler

    cxx = find_compiler()
    (tmp_path / "kg_each_tiling_def.h").write_text(
        "#include <cstdint>\n#include <cstring>\nstruct KgEachTilingData { uint32_t rows; uint32_t cols; };\n"
        "inline void InitKgEach(const uint8_t* p, KgEachTilingData* d) { std::memcpy(d, p, sizeof(*d)); }\n"
        "#define GET_TILING_DATA(t, p) KgEachTilingData t; InitKgEach(p, &t)\n")
    (tmp_path / "k.cpp").write_text(
        '#include <cstdio>\n#include "kernel_operator.h"\n'
        "static uint32_t Cols(GM_ADDR tiling) { GET_TILING_DATA(t, tiling); return t.rows * 100 + t.cols; }\n"
        "int main() { uint32_t raw[2] = {3, 7}; std::printf(\"%u\\n\", Cols(reinterpret_cast<GM_ADDR>(raw))); }\n")
    base = [cxx.path, "-std=c++17", "-w", "-I", str(INCLUDE_DIR), "-include", str(tmp_path / "kg_each_tiling_def.h"),
            "-D__NPU_ARCH__=2201", "-D__CCE_AICORE__=220", str(tmp_path / "k.cpp")]
    res = subprocess.run(base + ["-D__CCE_KT_TEST__=1", "-fsyntax-only"], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr[-2000:]
    res = subprocess.run(base + ["-fsyntax-only"], capture_output=True, text=True)
    assert res.returncode != 0 and "kgemu_default_tiling_type_" in res.stderr


def test_a_dependencys_infershape_is_linked_into_host_tests(tmp_path):
    """foreach/<op> names foreach_utils in DEPENDENCIES and has no infershape of its own: foreach_utils'
    foreach_infershape.cpp registers it, and CANN's UT build links every infershape object, so the host test gets it."""
    from kernelgen.corpus.ut import dependency_infershape_sources

    root = tmp_path / "ops-nn"
    (root / "common" / "inc").mkdir(parents=True)
    utils = root / "foreach" / "kg_utils" / "op_host"
    utils.mkdir(parents=True)
    for name in ("kg_infershape.cpp", "kg_tiling_func.cpp"):
        (utils / name).write_text("// shared\n")
    op = root / "foreach" / "kg_each"
    (op / "op_host").mkdir(parents=True)
    cml = op / "op_host" / "CMakeLists.txt"
    cml.write_text("add_modules_sources(HOSTNAME ${OPHOST_NAME} MODE PRIVATE DIR ${CMAKE_CURRENT_SOURCE_DIR} "
                   "OPTYPE kg_each ACLNNTYPE aclnn_exclude DEPENDENCIES kg_utils)\n")
    assert [p.name for p in dependency_infershape_sources(op)] == ["kg_infershape.cpp"]
    cml.write_text(cml.read_text().replace(" DEPENDENCIES kg_utils", ""))
    assert dependency_infershape_sources(op) == []
