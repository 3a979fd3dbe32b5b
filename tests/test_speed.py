"""The compile path's speed work: cache entry locks across processes, compile slots with priorities, precompiled
headers that g++ really uses and that change no object, and the survey as pytest items under pytest-xdist."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import threading
import time
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from conftest import REPO, requires_cxx
from kernelgen.emulator import build

OPDIRS = REPO / "tests" / "opdirs"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("KERNELGEN_CACHE_DIR", str(tmp_path / "cache"))
    build._verified.clear()
    return tmp_path / "cache" / "emulator"


_RACER = textwrap.dedent('''
    import os, sys, time
    from pathlib import Path
    import kernelgen.emulator.build as b
    if sys.argv[4] == "unlocked":   # the old path: no lock around check and build
        import contextlib
        b.entry_lock = lambda path: contextlib.nullcontext()
    target, count, marks = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    (marks / str(os.getpid())).touch()
    def make(tmp):
        with open(count, "a") as fh:
            fh.write("built\\n")
        end = time.time() + 60
        while len(list(marks.iterdir())) < 2 and time.time() < end:   # the other process is on its way in
            time.sleep(0.02)
        time.sleep(0.5)
        tmp.write_bytes(b"object")
    print(b.cached_artifact(target, make).read_bytes().decode())
''')


def _race(tmp_path: Path, mode: str) -> tuple[list[str], list[str]]:
    target, count, marks = tmp_path / "c" / "obj" / "x.o", tmp_path / "count", tmp_path / "marks"
    marks.mkdir()
    env = dict(os.environ, PYTHONPATH=str(REPO))
    procs = [subprocess.Popen([sys.executable, "-c", _RACER, str(target), str(count), str(marks), mode], env=env,
                              stdout=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [p.communicate(timeout=300)[0].strip() for p in procs]
    assert [p.returncode for p in procs] == [0, 0]
    assert build.artifact_ok(target) is True                       # its size/hash record is in place
    return outs, count.read_text().splitlines()


def test_two_processes_wanting_one_entry_build_it_once(tmp_path):
    """The per-entry lock: two processes in cached_artifact at once both get the entry; one ran the build."""
    outs, builds = _race(tmp_path, "locked")
    assert outs == ["object", "object"]
    assert builds == ["built"]


def test_without_the_lock_both_processes_build(tmp_path):
    """The counterpart (the lock bypassed, as before): the same race builds twice."""
    outs, builds = _race(tmp_path, "unlocked")
    assert outs == ["object", "object"]
    assert builds == ["built", "built"]


def test_compile_slots_bound_the_compilers_and_serve_by_priority():
    slots = build.CompileSlots(1)
    order: list[int] = []
    gate = threading.Event()

    def holder():
        with slots(0):
            gate.wait(5)

    def waiter(priority):
        with slots(priority):
            order.append(priority)

    t0 = threading.Thread(target=holder)
    t0.start()
    time.sleep(0.1)
    waiters = []
    for prio in (2, 1, 0, 2):   # kernels, a precompiled header, a host object, another kernel
        t = threading.Thread(target=waiter, args=(prio,))
        t.start()
        waiters.append(t)
        time.sleep(0.05)
    gate.set()
    for t in [t0, *waiters]:
        t.join(5)
    assert order == [0, 1, 2, 2]


def test_a_header_set_is_force_included_only_where_the_source_starts_with_it():
    launcher = '// generated\n#include "kgemu/abi.h"\n#include "kgemu/runtime.h"\n#include "kernel_operator.h"\n'
    assert build.pch_applies("kernel", launcher)
    legacy = launcher.replace("// generated\n", "// generated\n#define KGEMU_TILING_DATA_AS_STRUCT 1\n")
    assert not build.pch_applies("kernel", legacy)          # a define first would see other headers
    host = '/* licence\n #define X */\n#include <cstdint>\n#include "register/op_def_registry.h"\nint x;\n'
    assert build.pch_applies("host", host)
    assert build.host_pch_lines(host) == ("#include <cstdint>", '#include "register/op_def_registry.h"')
    assert not build.pch_applies("host", "#define private public\n" + host)
    assert not build.pch_applies("host", '#include <cstdint>\nint x;\n#include "log/log.h"\n')
    assert build.pch_flags(("-D__NPU_ARCH__=2201", "-DDTYPE_X=half", "-DORIG_DTYPE_X=DT_FLOAT16",
                            "-DFORMAT_X=FORMAT_ND", "-O1")) == ("-D__NPU_ARCH__=2201", "-O1")


def test_the_precompiled_header_is_keyed_by_every_emulator_header(cache, monkeypatch):
    compiler = build.Compiler("/usr/bin/g++", "g++ (test) 12")
    first = build.pch_header_path("kernel", ("-D__NPU_ARCH__=2201",), compiler)
    assert build.pch_header_path("kernel", ("-D__NPU_ARCH__=2201",), compiler) == first
    assert build.pch_header_path("kernel", ("-D__NPU_ARCH__=3002",), compiler) != first   # SOC defines
    assert build.pch_header_path("kernel", ("-D__NPU_ARCH__=2201",), build.Compiler("/x", "g++ 13")) != first
    monkeypatch.setattr(build, "emulator_digest", lambda: "a header changed")
    assert build.pch_header_path("kernel", ("-D__NPU_ARCH__=2201",), compiler) != first


_UNIT = textwrap.dedent('''\
    // a kernel launcher's start
    #include "kgemu/abi.h"
    #include "kgemu/runtime.h"
    #include "kernel_operator.h"
    #include "graph/types.h"
    extern "C" int kg_speed_probe() { return static_cast<int>(sizeof(AscendC::TPipe)) + DTYPE_X(3) * __NPU_ARCH__; }
''')


@requires_cxx
def test_gxx_uses_the_precompiled_kernel_headers_and_the_object_is_the_same(cache, monkeypatch, tmp_path):
    src = tmp_path / "launch.cpp"
    src.write_text(_UNIT)
    flags = ("-D__NPU_ARCH__=2201", "-D__CCE_AICORE__=220", "-DASCENDC_CPU_DEBUG=1", "-DDTYPE_X=float")
    unit = build.CompileUnit("speed_probe", src, flags, (), "", "kernel")
    compiler = build.find_compiler()
    with_pch = build.compile_object(unit, compiler)
    cmd, forced = build._unit_command(unit, compiler, _UNIT)
    header = Path(cmd[cmd.index("-include") + 1])
    assert forced and Path(str(header) + ".gch").is_file()
    # -H prints "! <file>.gch" when g++ loads the precompiled header ("x" when it finds one it cannot use)
    shown = subprocess.run(cmd + ["-H", "-fsyntax-only", str(src)], capture_output=True, text=True).stderr
    assert f"! {header}.gch" in shown.splitlines()[0], shown[:400]
    # a per-tensor define that differs (another dtype) still uses the same precompiled header
    other = subprocess.run([*cmd[:-2], "-DDTYPE_X=half", "-include", str(header), "-H", "-fsyntax-only", str(src)],
                           capture_output=True, text=True).stderr
    assert f"! {header}.gch" in other.splitlines()[0]
    monkeypatch.setenv("KERNELGEN_PCH", "0")
    without = build.compile_object(unit, compiler)
    assert without != with_pch and without.read_bytes() == with_pch.read_bytes()


@requires_cxx
def test_a_host_unit_precompiles_its_own_first_includes_and_a_changed_header_rebuilds_them(cache, monkeypatch,
                                                                                          tmp_path):
    inc = tmp_path / "include"
    shutil.copytree(build.INCLUDE_DIR, inc)
    monkeypatch.setattr(build, "INCLUDE_DIR", inc)
    monkeypatch.setattr(build, "emulator_digest", build.emulator_digest.__wrapped__)   # no memo: headers change here
    (tmp_path / "op_host").mkdir()
    src = tmp_path / "op_host" / "probe_tiling.cpp"
    src.write_text('// tiling\n#include "log/log.h"\n#include "probe_tiling.h"\n'
                   'extern "C" int kg_mark() {\n#ifdef KG_PCH_MARK\n return KG_PCH_MARK;\n#else\n return 7;\n#endif\n}\n')
    (tmp_path / "op_host" / "probe_tiling.h").write_text("#pragma once\n")
    unit = build.CompileUnit("probe_tiling", src, ("-O1",), (), "", "host")
    compiler = build.find_compiler()

    def with_pch(name):   # the second use of these leading includes: the .gch is built, g++ loads it
        cmd, forced = build._unit_command(unit, compiler, src.read_text())
        header = Path(cmd[cmd.index("-include") + 1])
        assert forced.endswith('#include "log/log.h"\n') and "probe_tiling.h" not in forced   # the source's own lines
        assert Path(f"{header}.gch").is_file()
        subprocess.run(cmd + ["-c", str(src), "-o", str(tmp_path / name)], check=True)
        return cmd, header, (tmp_path / name).read_bytes()

    text = build.compile_object(unit, compiler).read_bytes()        # the first use compiles the text
    assert not list(cache.glob("pch/host-*/*.gch"))
    cmd, header, pch = with_pch("a.o")
    assert pch == text                                              # the .gch changes nothing
    shown = subprocess.run(cmd + ["-H", "-fsyntax-only", str(src)], capture_output=True, text=True).stderr
    assert f"! {header}.gch" in shown.splitlines()[0], shown[:400]
    # a header of the set changes (inside its include guard): a new .gch, and the objects see the change
    target = inc / "op_common" / "log" / "log.h"
    guard = "#define KGEMU_OP_COMMON_LOG_LOG_H\n"
    target.write_text(target.read_text().replace(guard, guard + "#define KG_PCH_MARK 42\n", 1))
    changed = build.compile_object(unit, compiler).read_bytes()
    _, header2, pch2 = with_pch("b.o")
    assert header2 != header and pch2 == changed != text
    # the wrong thing: a .gch not keyed by the headers' contents is used stale (g++ checks no header dates)
    subprocess.run(cmd + ["-c", str(src), "-o", str(tmp_path / "stale.o")], check=True)
    assert (tmp_path / "stale.o").read_bytes() == text != changed


@requires_cxx
def test_a_host_unit_whose_first_includes_do_not_compile_reports_its_own_error(cache, tmp_path):
    src = tmp_path / "broken_def.cpp"
    src.write_text('#include <kg_no_such_header.h>\n#include "log/log.h"\nint x;\n')
    unit = build.CompileUnit("broken_def", src, ("-O1",), (), "", "host")
    for _ in range(2):   # the second use tries to precompile the leading includes, fails, compiles the source
        with pytest.raises(build.ToolchainError) as err:
            build.compile_object(unit, build.find_compiler())
        assert "broken_def.cpp:1" in str(err.value) and "kg_no_such_header.h" in str(err.value)
        assert "kg_host_pch.h" not in str(err.value)
    assert list(cache.glob("pch/host-*/wanted"))


def test_the_kernel_pch_is_built_only_for_enough_planned_kernels(cache, monkeypatch, tmp_path):
    monkeypatch.delenv("KERNELGEN_PCH", raising=False)
    compiler = build.Compiler("/usr/bin/g++", "g++ (test) 12")
    soc_910b, soc_310b = ("-Og", "-D__NPU_ARCH__=2201"), ("-Og", "-D__NPU_ARCH__=3002")
    monkeypatch.setattr(build, "_kernel_plan", {})
    monkeypatch.setattr(build, "_kernel_pch_use", {})
    assert build.kernel_pch_pays(soc_910b, compiler)        # nothing planned (a survey worker): as before
    build.plan_kernel_units({soc_910b: 3, soc_310b: build.KERNEL_PCH_MIN_UNITS})
    assert not build.kernel_pch_pays(soc_910b, compiler)    # a verify's three dtypes would not repay it
    assert build.kernel_pch_pays(soc_310b, compiler)
    # the decision holds for the rest of the run (every unit's object key agrees) ...
    gch = build.pch_header_path("kernel", soc_910b, compiler)
    gch = gch.with_name(gch.name + ".gch")
    gch.parent.mkdir(parents=True)
    build.cached_artifact(gch, lambda tmp: tmp.write_bytes(b"a gch"))
    assert not build.kernel_pch_pays(soc_910b, compiler)
    # ... and the next plan uses a .gch that already exists, however few kernels it has
    build.plan_kernel_units({soc_910b: 1})
    assert build.kernel_pch_pays(soc_910b, compiler)
    # a launcher of a planned-few SOC compiles without -include, and its object key says so
    src = tmp_path / "launch.cpp"
    src.write_text(_UNIT)
    build.plan_kernel_units({("-Og", "-D__NPU_ARCH__=2002"): 2})
    unit = build.CompileUnit("few", src, ("-Og", "-D__NPU_ARCH__=2002", "-DDTYPE_X=float"), (), "", "kernel")
    assert "-include" not in build._unit_command(unit, compiler, _UNIT)[0]
    assert build.prepare_pch("kernel", unit.flags) is None


def _plugin_args() -> list[str]:
    installed = any(ep.value == "kernelgen.testing" for ep in entry_points(group="pytest11"))
    return [] if installed else ["-p", "kernelgen.testing"]


def _survey_tree(root: Path) -> Path:
    """Three directories: one that runs clean, one whose host source does not compile, one without a kernel. The
    first is a symlink to tests/opdirs/pair_stats (the survey builds a directory where it really is), so its objects
    are the ones test_corpus.py's survey of that directory builds: in the suite, one of the two tests compiles them."""
    (root / "good").mkdir(parents=True)
    (root / "good" / "pair_stats").symlink_to(OPDIRS / "pair_stats", target_is_directory=True)
    garbage = root / "cat" / "garbage_op"
    (garbage / "op_host").mkdir(parents=True)
    (garbage / "op_kernel").mkdir()
    (garbage / "op_host" / "garbage_op_def.cpp").write_text("this is not C++ {{{\n")
    (garbage / "op_kernel" / "garbage_op.cpp").write_text("neither is this\n")
    no_kernel = root / "cat" / "no_kernel"
    (no_kernel / "op_host").mkdir(parents=True)
    (no_kernel / "op_kernel").mkdir()
    (no_kernel / "op_host" / "no_kernel_def.cpp").write_text(
        (OPDIRS / "pair_stats" / "op_host" / "pair_stats_def.cpp").read_text().replace("PairStats", "NoKernel"))
    return root


@requires_cxx
def test_survey_items_under_xdist_match_kernelgen_survey(tmp_path):
    pytest.importorskip("xdist")
    root = _survey_tree(tmp_path / "tree")
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "test_not_collected.py").write_text("def test_x():\n    assert False\n")
    merged = tmp_path / "items.json"
    proc = subprocess.run([sys.executable, "-m", "pytest", *_plugin_args(), "-p", "no:cacheprovider", "-n", "2",
                           "-rA", "--kernelgen-survey", str(root), "--kernelgen-survey-json", str(merged),
                           "--kernelgen-survey-timeout", "600"],
                          cwd=tmp_path / "run", capture_output=True, text=True, timeout=1200)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert "2 failed, 1 passed" in out, out
    # the ids are the directories' paths under PATH (the summary shows them relative to the current directory)
    assert "cat/garbage_op: compile error: garbage_op_def.cpp:1:1: error:" in out
    assert "good/pair_stats" in out.split("short test summary info")[1].split("PASSED")[1].splitlines()[0]
    assert "cat/no_kernel: layout not understood: " in out
    assert "test_not_collected" not in out
    items = json.loads(merged.read_text())
    cli_json = tmp_path / "cli.json"
    from click.testing import CliRunner

    from kernelgen.cli import main
    res = CliRunner().invoke(main, ["survey", str(root), "--json", str(cli_json)])
    assert res.exit_code == 1, res.output
    cli = json.loads(cli_json.read_text())
    assert {r["dir"]: r["class"] for r in items["rows"]} == {r["dir"]: r["class"] for r in cli["rows"]} == {
        "good/pair_stats": "ran", "cat/garbage_op": "compile error", "cat/no_kernel": "layout not understood"}
    assert items["counts"] == cli["counts"] and items["operators"] == cli["operators"] == 3
    assert set(items) == set(cli)


def test_survey_items_refuse_a_bad_path_in_one_line(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "pytest", *_plugin_args(), "-p", "no:cacheprovider",
                           "--kernelgen-survey", str(tmp_path / "missing")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 4, proc.stdout + proc.stderr
    assert "kernelgen: error: --kernelgen-survey" in proc.stderr and "is not a directory" in proc.stderr
    assert "Traceback" not in proc.stderr
    for extra, says in ((["--kernelgen-prefer-soc", "ascend91x"], "unknown SOC"),
                        (["--kernelgen-soc", "ascend950", "--kernelgen-prefer-soc", "ascend950"], "not both")):
        proc = subprocess.run([sys.executable, "-m", "pytest", *_plugin_args(), "-p", "no:cacheprovider",
                               "--kernelgen-survey", str(tmp_path), *extra],
                              cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 4 and says in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


def test_survey_items_shard_and_the_shards_reports_merge(tmp_path):
    root = tmp_path / "tree"
    for name in ("a1", "a2", "b1", "b2", "b3"):
        (root / "cat" / name / "op_kernel").mkdir(parents=True)
        (root / "cat" / name / "op_kernel" / f"{name}.cpp").write_text("// kernel\n")
    ids = {}
    for shard in ("0/2", "1/2"):
        proc = subprocess.run([sys.executable, "-m", "pytest", *_plugin_args(), "-p", "no:cacheprovider",
                               "--collect-only", "-q", "--kernelgen-survey", str(root), "--kernelgen-shard", shard],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300)
        ids[shard] = [ln for ln in proc.stdout.splitlines() if ln.startswith("cat/")]
    assert ids == {"0/2": ["cat/a1", "cat/b1", "cat/b3"], "1/2": ["cat/a2", "cat/b2"]}
    bad = subprocess.run([sys.executable, "-m", "pytest", *_plugin_args(), "-p", "no:cacheprovider",
                          "--kernelgen-survey", str(root), "--kernelgen-shard", "2/2"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert bad.returncode == 4 and "kernelgen: error: --kernelgen-shard '2/2' is not I/N" in bad.stderr

    from kernelgen.corpus.pytest_survey import main as merge_main

    def report(rows):
        return {"root": str(root), "commit": None, "soc": "per operator (ascend910b first)", "rows": rows,
                "skipped": [], "seconds": 10.0}
    (tmp_path / "s0.json").write_text(json.dumps(report([{"dir": "cat/a1", "class": "ran"},
                                                         {"dir": "cat/b1", "class": "compile error"}])))
    (tmp_path / "s1.json").write_text(json.dumps(report([{"dir": "cat/a2", "class": "defect found",
                                                          "detail": "writes past the end"}])))
    assert merge_main([str(tmp_path / "all.json"), str(tmp_path / "s0.json"), str(tmp_path / "s1.json")]) == 0
    merged = json.loads((tmp_path / "all.json").read_text())
    assert merged["operators"] == 3 and merged["seconds"] == 20.0
    assert merged["counts"]["ran"] == 1 and merged["counts"]["compile error"] == 1
    assert merged["counts"]["defect found"] == 1 and merged["ran_or_defect_percent"] == 66.7
    assert [r["dir"] for r in merged["rows"]] == ["cat/a1", "cat/a2", "cat/b1"]
    (tmp_path / "junk.json").write_text("[1, 2]")
    assert merge_main([str(tmp_path / "x.json"), str(tmp_path / "junk.json")]) == 2
    assert not (tmp_path / "x.json").exists()


def test_kernelgen_operators_compile_their_host_sources_as_one_unit(cache):
    from kernelgen.authoring.ops import get_spec
    from kernelgen.emulator.emulate import OperatorSource, source_from_spec

    own = source_from_spec(get_spec("gelu_grad"), "ascend910b")
    files = own.host_sources()
    assert sorted(p.name for p in files) == ["gelu_grad_def.cpp", "gelu_grad_infershape.cpp", "gelu_grad_tiling.cpp"]
    [unit] = own.host_units()
    text = unit.source.read_text()
    assert [line for line in text.splitlines() if line.startswith("#include")] == [
        f'#include "{p.resolve()}"' for p in files]
    assert unit.context_digest == own.digest and unit.pch == ""   # the files' contents key the object
    # the same files as an ops-nn directory: one unit per file (its sources may repeat a static name)
    plain = OperatorSource(own.op_dir, "gelu_grad")
    assert [u.source for u in plain.host_units()] == files


_ENTRY_ONLY = '''// an entry the way op_kernel/{op}.cpp.j2 renders it
#include "kernel_operator.h"
#include "pair.h"

extern "C" __global__ __aicore__ void pair(GM_ADDR x, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling)
{
    if (TILING_KEY_IS(0)) {  /* { in a comment */
        NsPair::KernelPair<DTYPE_X, DTYPE_Z> op;
        op.Init(x, z, tiling);
    }
}
'''


@pytest.mark.parametrize("extra, ok", [
    ("", True),
    ("__aicore__ inline void Helper() {}\n", False),       # would be defined once per combination
    ("#define PAIR_T DTYPE_X\n", False),                   # a macro of its own
    ("namespace { int counter; }\n", False),
])
def test_only_a_kernel_that_defines_nothing_but_its_entry_is_included_once_per_combination(tmp_path, extra, ok):
    from kernelgen.emulator.opdir import only_entry_defined

    kernel = tmp_path / "pair.cpp"
    kernel.write_text(_ENTRY_ONLY + extra)
    assert only_entry_defined(kernel, "pair") is ok
    assert not only_entry_defined(kernel, "other")
    kernel.write_text(_ENTRY_ONLY.replace('extern "C" __global__', 'template <typename T>\n__global__'))
    assert not only_entry_defined(kernel, "pair")          # a template entry: one unit per combination


def test_a_combined_launcher_defines_each_combinations_macros_around_its_renamed_entry():
    from kernelgen.emulator.opdir import combined_launcher, entry_shim, reads_tensor_macros

    line = '#include "/ops/pair/op_kernel/pair.cpp"'
    head = '#include "kgemu/abi.h"\n#include "kernel_operator.h"\n'
    tail = ('\nextern "C" void kg_kernel_entry(uint8_t** a, int32_t n, uint64_t key)\n{\n    pair(a[0], a[1]);\n}\n'
            'extern "C" int32_t kg_kernel_type(uint64_t key)\n{\n    return 0;\n}\n')
    flags = {"float": ("-DDTYPE_X=float", "-DORIG_DTYPE_X=DT_FLOAT", "-DFORMAT_X=FORMAT_ND"),
             "half": ("-DDTYPE_X=half", "-DORIG_DTYPE_X=DT_FLOAT16", "-DFORMAT_X=FORMAT_ND")}
    text = combined_launcher([(tag, head + line + tail, f) for tag, f in flags.items()], line, "pair")
    assert text.startswith(head) and text.count(head) == 1 and text.count(line) == 2
    half = text[text.index("// ---- dtype combination half"):]
    assert half.index("#define DTYPE_X half") < half.index("#define pair pair_half") < half.index(line)
    assert 'extern "C" void kg_kernel_entry_half(' in half and 'int32_t kg_kernel_type_half(' in half
    assert half.index("kg_kernel_type_half(") < half.index("#undef pair") < half.index("#undef DTYPE_X")
    assert 'kg_kernel_entry(' not in text and "kg_kernel_type(" not in text
    shim = entry_shim("half", True)
    assert "kg_kernel_entry_half(a, n, key);" in shim and "return kg_kernel_type_half(key);" in shim
    # launchers whose heads differ (a legacy tiling struct in one) do not combine
    assert combined_launcher([("float", head + line + tail, flags["float"]),
                              ("half", "#define X 1\n" + head + line + tail, flags["half"])], line, "pair") is None
    assert reads_tensor_macros("using T = DTYPE_X;", flags["half"])
    assert not reads_tensor_macros("using T = DTYPE_XY;", flags["half"])


@requires_cxx
def test_verify_compiles_a_socs_dtype_combinations_as_one_unit_with_the_same_results():
    """verify's prebuild plans float32 and float16 on 910b: one kernel object for both, and each library's
    outputs bit for bit those of the one-unit-per-combination build (the suite's own cache: the runtime is shared)."""
    from kernelgen.authoring.spec import DType
    from kernelgen.checking.cases import Case, make_inputs
    from kernelgen.checking.verify import prebuild, run_case
    from kernelgen.emulator.emulate import OperatorSource, run_source, source_for_spec
    from conftest import GELU
    from kernelgen.socs import get_soc

    soc = get_soc("ascend910b")
    dtypes = [DType.parse("float32"), DType.parse("float16")]
    cases = [Case(soc, d, (300,), "300") for d in dtypes]
    prebuild(GELU, cases, jobs=2)
    own = source_for_spec(GELU, soc.family)
    combos = [{t.name: ge for t in GELU.inputs + GELU.outputs} for ge in ("DT_FLOAT", "DT_FLOAT16")]
    unit = own.kernel_combos_unit(soc, combos[0])
    assert unit is not None and unit is own.kernel_combos_unit(soc, combos[1])
    assert unit.name.endswith("_2combos") and unit.source.read_text().count("// ---- dtype combination") == 2
    assert all(run_case(GELU, c, 7).passed for c in cases)
    plain = OperatorSource(own.op_dir, own.snake, None, own.tiling_fields)   # no plan: one unit per combination
    plain.host_as_one_unit = plain.strict_gm = True
    assert plain.kernel_combos_unit(soc, combos[0]) is None
    for case, combo in zip(cases, combos):
        inputs = make_inputs(GELU, case.shape, case.dtype, 7)
        inputs["y"] = inputs["dy"]
        got = run_source(own, soc, inputs, combo=combo).outputs["z"]
        want = run_source(plain, soc, inputs, combo=combo).outputs["z"]
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes()


def test_survey_worker_starts_without_ml_dtypes():
    """A survey worker process imports what it runs a float32 case with and not ml_dtypes (0.6 CPU s of its start,
    paid once per operator); bfloat16 and the 8-bit floats still resolve to ml_dtypes' types when asked for, and
    check_inputs still refuses a dtype that is neither numeric nor bfloat16."""
    probe = textwrap.dedent("""
        import sys
        import numpy as np
        import kernelgen.corpus.worker, kernelgen.corpus.inputs, kernelgen.emulator.emulate
        from kernelgen.dtypes import GE_DTYPES, ge_of_numpy
        from kernelgen.emulator.inputs import check_inputs
        assert ge_of_numpy(np.float32) == "DT_FLOAT" and ge_of_numpy(np.dtype("int64")) == "DT_INT64"
        check_inputs({"x": np.zeros(3, np.float16)})
        print("before", "ml_dtypes" in sys.modules)
        import ml_dtypes
        assert GE_DTYPES["DT_BF16"].numpy == np.dtype(ml_dtypes.bfloat16)
        assert GE_DTYPES["DT_FLOAT8_E8M0"].numpy == np.dtype(ml_dtypes.float8_e8m0fnu)
        assert ge_of_numpy(ml_dtypes.bfloat16) == "DT_BF16"
        assert check_inputs({"x": np.zeros(2, np.uint16).view("V2")})["x"].dtype == ml_dtypes.bfloat16
        for bad in (np.zeros(2, ml_dtypes.float8_e4m3fn), np.array(["a"], object)):
            try:
                check_inputs({"x": bad})
            except Exception as exc:
                print("refused", type(exc).__name__)
    """)
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO,
                         env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n") == ["before False", "refused UsageError", "refused UsageError", ""]


@requires_cxx
def test_host_unit_leaves_the_registries_to_kg_harness(tmp_path):
    """A host unit (OpDef registry, tiling-data class, tiling registration, platform) only declares the
    registries' std::map / std::vector-heavy functions: it references them and kg_harness.cpp (KGEMU_OPDEF_IMPL)
    defines them once, so the unit neither instantiates nor emits the maps' members. With KGEMU_OPDEF_IMPL (the
    harness's spelling) the same source defines them itself."""
    src = tmp_path / "toy_tiling.cpp"
    src.write_text(textwrap.dedent('''
        #include "register/op_def_registry.h"
        #include "op_common/log/log.h"
        namespace optiling {
        BEGIN_TILING_DATA_DEF(ToyTiling)
        TILING_DATA_FIELD_DEF(uint32_t, n);
        END_TILING_DATA_DEF;
        REGISTER_TILING_DATA_CLASS(Toy, ToyTiling)
        static ge::graphStatus ToyTilingFunc(gert::TilingContext* ctx) {
            OP_LOGE("Toy", "n %d", 1);
            ToyTiling t;
            t.set_n(3);
            t.SaveToBuffer(ctx->GetRawTilingData()->GetData(), 64);
            return ge::GRAPH_SUCCESS;
        }
        IMPL_OP_OPTILING(Toy).Tiling(ToyTilingFunc);
        }  // namespace optiling
    '''))
    names = ("gert::OpImplRegisterV2::Data()", "optiling::TilingDef::SaveToBuffer(",
             "optiling::TilingDef::KgAddField(", "optiling::CTilingDataClassFactory::RegisterTilingData(")

    def symbols(*extra: str) -> dict[str, str]:
        obj = tmp_path / "toy.o"
        subprocess.run(["g++", *build.CXXFLAGS, build.HOST_OPT, *extra, "-I", str(build.INCLUDE_DIR), "-c", str(src),
                        "-o", str(obj)], check=True, timeout=300)
        out = subprocess.run(["nm", "-C", str(obj)], capture_output=True, text=True, check=True).stdout
        rows = (re.match(r"\s*(?:[0-9a-f]+\s+)?([A-Za-z])\s+(.*)", line) for line in out.splitlines())
        return {m.group(2): m.group(1) for m in rows if m}

    unit = symbols()
    for name in names:
        kinds = {kind for sym, kind in unit.items() if sym.startswith(name)}
        assert kinds == {"U"}, (name, kinds)   # referenced, defined elsewhere (kg_harness.cpp)
    assert not any("_Rb_tree" in sym and "ImplData" in sym for sym in unit)
    harness_like = symbols("-DKGEMU_OPDEF_IMPL")
    for name in names:
        assert "T" in {kind for sym, kind in harness_like.items() if sym.startswith(name)}, name


@requires_cxx
def test_a_dependencys_source_is_compiled_once_for_every_operator_that_resolves_it_alike(cache, tmp_path):
    """A CMake dependency's tiling source (pooling's operators reach mat_mul_v3's ~50 through batch_mat_mul_v3) is
    one object for every operator whose include directories give g++ the same translation unit, though the
    operators' include lists differ; one that resolves its header elsewhere gets its own object."""
    dep = tmp_path / "dep" / "op_host"
    dep.mkdir(parents=True)
    (dep / "dep_tiling.h").write_text("#pragma once\ninline int kg_scale() { return 3; }\n")
    src = dep / "dep_tiling.cpp"
    src.write_text('#include "dep_tiling.h"\n#include "shape_rule.h"\nint kg_dep(int x) { return x * kg_scale() + RULE; }\n')
    common = tmp_path / "common"
    common.mkdir()
    (common / "shape_rule.h").write_text("#pragma once\n#define RULE 1\n")
    for op in ("op_a", "op_b", "op_c"):
        (tmp_path / op).mkdir()
    (tmp_path / "op_c" / "shape_rule.h").write_text("#pragma once\n#define RULE 2\n")   # op_c's own wins
    dirs = {"op_a": (tmp_path / "op_a", common, dep), "op_b": (tmp_path / "op_b", dep, common),
            "op_c": (tmp_path / "op_c", common, dep)}
    compiler = build.find_compiler()

    def obj(op: str, shared: str = "shared_op_host_dep_tiling") -> Path:
        return build.compile_object(build.CompileUnit(f"{op}_op_host_dep_tiling", src, ("-O1",), dirs[op],
                                                      f"digest of {op}", "", shared), compiler)

    a, b, c = obj("op_a"), obj("op_b"), obj("op_c")
    assert a == b and a.name.startswith("shared_op_host_dep_tiling-")     # compiled once
    assert c != a and c.read_bytes() != a.read_bytes()                       # RULE 2: another translation unit
    assert len(list(cache.glob("obj/shared_*.o"))) == 2
    # the wrong thing: keyed by the operator (its name, digest and include list) every operator compiles it again
    assert obj("op_a", "") != obj("op_b", "")
