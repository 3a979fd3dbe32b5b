"""`kernelgen survey` and the ops-nn layout variants it relies on (tests/opdirs miniatures written here, each a
pattern the ops-nn corpus showed): a def file named by OpType, per-architecture tiling folders paired with SOCs in
CMakeLists.txt, an `_apt` kernel picked by opFile.value, the emulated ops-nn host/kernel helper headers, an
infershape that sets only output 0, an in-place output, a SyncAll kernel whose block 1 fails, and a folder of broken
operator directories the survey must classify without a traceback.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from kernelgen.cli import main
from kernelgen.corpus import inputs as recipes_mod
from kernelgen.corpus.kinds import defect_kind
from kernelgen.corpus.survey import find_operator_dirs
from kernelgen.corpus.worker import check_outputs, compile_failure, padding_writes
from kernelgen.emulator import INCLUDE_DIR
from kernelgen.emulator.emulate import run
from kernelgen.emulator.decl import OpDecl, TensorDecl, AttrDecl
from kernelgen.emulator.layout import def_files, host_sources, include_dirs, kernel_file, repo_root, tiling_dir
from kernelgen.errors import EmulatorDefect, UsageError
from kernelgen.toolchain import find_compiler

from conftest import requires_cxx

OPDIRS = Path(__file__).resolve().parent / "opdirs"
SCALED = OPDIRS / "scaled_abs_v2"


# ---- layout (no compiler) ------------------------------------------------------------------------------------
def test_layout_def_named_by_optype_and_tiling_folder_per_soc():
    assert [p.name for p in def_files(SCALED)] == ["scaled_abs_def.cpp"]
    assert tiling_dir(SCALED, "ascend910b", 2201).name == "arch22"
    assert tiling_dir(SCALED, "ascend950", 3510).name == "arch35"
    names_910b = [p.relative_to(SCALED).as_posix() for p in host_sources(SCALED, "ascend910b", 2201)]
    assert names_910b == ["op_host/scaled_abs_def.cpp", "op_host/scaled_abs_infershape.cpp",
                          "op_host/arch22/scaled_abs_tiling.cpp"]
    assert "op_host/arch35/scaled_abs_tiling.cpp" in [p.relative_to(SCALED).as_posix()
                                                      for p in host_sources(SCALED, "ascend950", 3510)]
    # the SOC's opFile first, then the snake OpType
    assert kernel_file(SCALED, ["scaled_abs_apt", "scaled_abs"]).name == "scaled_abs_apt.cpp"
    assert kernel_file(SCALED, [None, "scaled_abs"]).name == "scaled_abs.cpp"
    assert INCLUDE_DIR / "kgemu_opsnn" / "op" in include_dirs(SCALED)


def test_layout_repo_root_and_missing_pieces(tmp_path):
    op = tmp_path / "repo" / "experimental" / "cat" / "op"
    (op / "op_host").mkdir(parents=True)
    (tmp_path / "repo" / "common" / "inc").mkdir(parents=True)
    assert repo_root(op) == tmp_path / "repo"
    dirs = include_dirs(op)
    assert tmp_path / "repo" in dirs and tmp_path / "repo" / "common" / "inc" in dirs
    with pytest.raises(UsageError, match="has no \\*_def.cpp"):
        def_files(op)
    (op / "op_kernel" / "arch35").mkdir(parents=True)   # headers only, as foreach_utils: a shared folder
    (op / "op_kernel" / "arch35" / "common.h").write_text("")
    with pytest.raises(UsageError, match="is a shared header folder, not an operator"):
        def_files(op)
    (op / "op_kernel" / "a.cpp").write_text("")
    (op / "op_kernel" / "b.cpp").write_text("")
    with pytest.raises(UsageError, match="no kernel source .*looked for op.cpp.*found a.cpp, b.cpp"):
        kernel_file(op, ["op"])


def test_an_operator_reached_through_a_link_is_named_by_its_real_folder(tmp_path):
    """A survey's `<category>__<op>` link: the kernel entry and source are looked up by the folder CANN's build
    knows (conv3d_backprop_filter_v2), not the link's name, which names nothing in the sources."""
    from kernelgen.emulator.emulate import OperatorSource

    real = tmp_path / "conv" / "conv3d_backprop_filter_v2"
    (real / "op_kernel").mkdir(parents=True)
    for name in ("conv3d_backprop_filter_v2.cpp", "helper.cpp"):
        (real / "op_kernel" / name).write_text("")
    link = tmp_path / "rows" / "conv__conv3d_backprop_filter_v2"
    link.parent.mkdir()
    link.symlink_to(real)
    source = OperatorSource.for_dir(link)
    assert source.snake == "conv3d_backprop_filter_v2"
    assert kernel_file(link, [source.snake]).name == "conv3d_backprop_filter_v2.cpp"
    with pytest.raises(UsageError, match="looked for conv__conv3d_backprop_filter_v2.cpp"):
        kernel_file(link, [link.name])   # what the link's own name found before


# ---- recipes and seeded inputs --------------------------------------------------------------------------------
DECL = OpDecl("KgToy", "kg_toy",
              (TensorDecl("x", ("DT_FLOAT16", "DT_FLOAT")), TensorDecl("gamma", ("DT_FLOAT16", "DT_FLOAT")),
               TensorDecl("indices", ("DT_INT32", "DT_INT32")), TensorDecl("bias", ("DT_FLOAT16", "DT_FLOAT"), False)),
              (TensorDecl("y", ("DT_FLOAT16", "DT_FLOAT")),),
              (AttrDecl("alpha", "float", 0.5), AttrDecl("axis", "int", None, True)))


def test_recipes_shipped_file_and_inputs_from_rules_and_entry():
    recipes = recipes_mod.load_recipes()
    assert recipes["ops"]["GeluGrad"]["cases"][1]["ranges"]["x"] == [-12.0, 12.0]
    extra = {"defaults": {}, "name_rules": [], "ops": {"KgToy": {"shape": [2, 16], "ranges": {"x": [5, 6]},
                                                               "attrs": {"axis": -1}, "optional": ["bias"]}}}
    recipe = recipes_mod.recipe_for(recipes_mod.merge_recipes(recipes, extra), "kgtoy")  # OpType, any case
    combo = recipes_mod.pick_survey_combo(DECL, "ascend910b", recipe)
    assert combo["x"] == "DT_FLOAT"  # float32 first, although the OpDef lists float16 first
    ins, attrs = recipes_mod.make_inputs(DECL, combo, recipe, seed=3)
    assert ins["x"].shape == (2, 16) and ins["x"].dtype == np.float32 and 5 <= ins["x"].min() <= ins["x"].max() < 6
    assert ins["gamma"].shape == (37,)  # the shipped name rule: a per-channel vector
    assert ins["indices"].dtype == np.int32 and set(np.unique(ins["indices"])) <= {0, 1, 2, 3}
    assert "bias" in ins  # optional, asked for by the recipe
    assert attrs == {"alpha": 0.5, "axis": -1}
    again, _ = recipes_mod.make_inputs(DECL, combo, recipe, seed=3)
    assert np.array_equal(again["x"], ins["x"])  # seeded


def test_recipes_gru_uses_the_fixed_length_mode_with_shapes_that_agree():
    """rnn/gru's tiling takes H from wh's second dim / 3 and reads batch_sizes' shape unchecked for a 2-D x: its
    recipe must give the 3-D (T, B, I) x and weights laid out as the aclnn caller passes them (wi [I, 3H], wh [H, 3H])."""
    gru = recipes_mod.recipe_for(recipes_mod.load_recipes(), "Gru")
    shapes, outs = gru["shapes"], gru["out_shapes"]
    steps, batch, in_size = shapes["x"]
    hidden = shapes["wh"][1] // 3
    assert shapes["wh"] == [hidden, 3 * hidden] and shapes["wi"] == [in_size, 3 * hidden]
    assert shapes["bi"] == shapes["bh"] == [3 * hidden] and shapes["init_h"] == outs["output_h"] == [batch, hidden]
    assert all(outs[name] == [steps, batch, hidden] for name in ("y", "r", "z", "n", "n_h"))
    assert "batch_sizes" not in gru["optional"]  # the packed mode's input stays absent


def test_recipes_keep_erfinv_in_its_domain_and_halve_the_glu_familys_last_dim():
    """activation/erfinv: erfinv is NaN outside [-1, 1], so the default [-2, 2] made half the outputs NaN (a
    "defect" that was the input's, not the kernel's); the GLU family (glu_grad, swi_glu, swi_glu_grad, situ_glu,
    gelu_mul, swiglu_group, swiglu_group_quant_grad) halves the last dim, so it must be even and the incoming
    gradient half as wide (37: "inputs rejected")."""
    recipes = recipes_mod.load_recipes()
    low, high = recipes_mod.recipe_for(recipes, "Erfinv")["ranges"]["x"]
    assert -1.0 < low < high < 1.0
    bce = recipes_mod.recipe_for(recipes, "BinaryCrossEntropy")["ranges"]   # probabilities: log(x), log(1 - x)
    assert 0.0 < bce["x"][0] < bce["x"][1] < 1.0 and 0.0 <= bce["y"][0] < bce["y"][1] <= 1.0
    for op, full, half in (("GLUGrad", "self", "grad_out"), ("SwiGluGrad", "x", "y_grad"),
                           ("SwigluGroupQuantGrad", "x", "grad_y")):
        shapes = recipes_mod.recipe_for(recipes, op)["shapes"]
        assert shapes[full][-1] == 2 * shapes[half][-1] and shapes[full][:-1] == shapes[half][:-1], op
    for op in ("GeluMul", "SituGlu", "SwiGlu", "SwigluGroup"):   # the forward forms: an even last dim
        assert recipes_mod.recipe_for(recipes, op)["shape"][-1] % 2 == 0, op
    assert recipes_mod.recipe_for(recipes, "Gelu").get("ranges") is None   # other operators keep the default


def test_recipes_give_prelu_grads_one_weight_per_channel():
    """activation/p_relu_grad_update's tiling refuses weights that are neither one slope nor one per channel
    (features' dim 1); p_relu_grad_reduce registers no infershape, so its da (one per channel) is given, or the
    broadcast of its inputs made da as large as grads and 444 of its 592 bytes looked unwritten."""
    recipes = recipes_mod.load_recipes()
    channels = recipes["defaults"]["shape"][1]
    for op in ("PReluGradUpdate", "PReluGradReduce"):
        assert recipes_mod.recipe_for(recipes, op)["shapes"]["weights"] == [channels], op
    assert recipes_mod.recipe_for(recipes, "PReluGradReduce")["out_shapes"]["da"] == [channels]


def test_recipes_halve_clipped_swiglu_along_an_even_dim():
    """activation/clipped_swiglu(_grad)'s and ge_glu_grad_v2's infershape wants x[dim] (dim -1) divisible by 2; the grad's grad_y is the
    half-wide output's gradient."""
    recipes = recipes_mod.load_recipes()
    assert recipes_mod.recipe_for(recipes, "ClippedSwiglu")["shape"][-1] % 2 == 0
    grad = recipes_mod.recipe_for(recipes, "ClippedSwigluGrad")["shapes"]
    assert grad["x"][-1] % 2 == 0 and grad["grad_y"] == grad["x"][:-1] + [grad["x"][-1] // 2]
    geglu = recipes_mod.recipe_for(recipes, "GeGluGradV2")["shapes"]   # dy and gelu: x's split dim halved
    assert geglu["dy"] == geglu["gelu"] == geglu["x"][:-1] + [geglu["x"][-1] // 2]


def test_recipes_of_the_loss_category_agree_with_their_checks():
    """loss/: each entry as the operator's own infershape or tiling checks it (they were "inputs rejected" with the
    default [4, 37]): CTC's lengths inside (T, S) and labels off the blank, a vocabulary shard as wide as its
    index range, one target per row, the (2, B, N) point layout, the only reduction implemented."""
    recipes = recipes_mod.load_recipes()
    ctc = recipes_mod.recipe_for(recipes, "CTCLossV2")
    (t, n, c), (n2, s) = ctc["shapes"]["log_probs"], ctc["shapes"]["targets"]
    assert n == n2 and max(ctc["values"]["input_lengths"]) <= t and max(ctc["values"]["target_lengths"]) <= s
    assert ctc["int_range"][0] >= 1 and ctc["int_range"][1] <= c    # labels in [1, C): 0 is the blank
    shard = recipes_mod.recipe_for(recipes, "CrossEntropySumExpAndIndexLogit")
    width = shard["attrs"]["vocab_end_index"] - shard["attrs"]["vocab_start_index"]
    assert shard["shapes"]["vocab_parallel_logits"][-1] == width and width % 8 == 0 and width >= 16
    grad = recipes_mod.recipe_for(recipes, "CrossEntropyLossGrad")
    assert grad["shapes"]["target"] == grad["shapes"]["log_prob"][:1]
    assert grad["int_range"][1] <= grad["shapes"]["log_prob"][1]
    assert recipes_mod.recipe_for(recipes, "ChamferDistance")["shapes"]["xyz1"][0] == 2
    cdg = recipes_mod.recipe_for(recipes, "ChamferDistanceGrad")   # (B, N, 2) clouds; indices into the other's N
    (batch, points, two), idx = cdg["shapes"]["xyz1"], cdg["shapes"]["idx1"]
    assert two == 2 and cdg["shapes"]["xyz2"] == [batch, points, 2] and idx == [batch, points]
    assert cdg["int_range"][1] <= points
    assert recipes_mod.recipe_for(recipes, "SigmoidCrossEntropyWithLogitsV2")["attrs"]["reduction"] == "none"
    assert recipes_mod.recipe_for(recipes, "CrossV2")["shape"][-1] == 3        # a cross product needs a dim of 3
    assert recipes_mod.recipe_for(recipes, "FatreluMul")["shapes"]["threshold"] == [1]
    fused = recipes_mod.recipe_for(recipes, "FusedCrossEntropyLossWithMaxSum")   # one value per row, BT rows
    rows = fused["shapes"]["logits_max"][0]
    assert fused["shapes"]["vocab_parallel_logits"][0] == rows and fused["out_shapes"]["loss"] == [rows]
    v3 = recipes_mod.recipe_for(recipes, "CTCLossV3")
    s_max = max(v3["values"]["target_lengths"])
    assert v3["out_shapes"]["log_alpha"][-1] == 2 * s_max + 1 and v3["out_shapes"]["neg_log_likelihood"] == [n]


def test_recipes_keep_adams_second_moment_under_its_sqrt_positive_and_give_layer_norm_v4_its_normalized_shape():
    """optim/adam_apply_one*: output0 = input0^2 x mul3_x + input1 x mul2_x goes under a sqrt, so the default [-2, 2]
    for input1 (the second moment) and the betas made NaN outputs (a "defect" that was the input's); the 950 tiling
    wants the factors as shape-1 scalars ("η must be a scalar"). norm/layer_norm_v4's infershape wants
    normalized_shape a 1-D tensor of x's trailing dims; quant's per-channel fake quant and GroupQuant their documented
    shapes."""
    recipes = recipes_mod.load_recipes()
    for op in ("AdamApplyOne", "AdamApplyOneAssign", "AdamApplyOneWithDecay", "AdamApplyOneWithDecayAssign"):
        r = recipes_mod.recipe_for(recipes, op)
        assert r["ranges"]["input1"][0] > 0 and r["ranges"]["mul2_x"][0] > 0 and r["ranges"]["mul3_x"][0] > 0, op
        on_950 = recipes_mod.for_soc(r, "ascend950")   # the 950 tiling's shape-1 scalars
        assert on_950["shapes"]["input4"] == [1] and on_950["shapes"]["add2_y"] == [1], op
        # experimental/optim's 910B tiling and infershape want every input of one shape: the default for all
        on_910b = recipes_mod.for_soc(r, "ascend910b")
        assert "input4" not in on_910b.get("shapes", {}) and on_910b["ranges"] == r["ranges"], op
    assert ("mul4_x" in recipes_mod.for_soc(recipes_mod.recipe_for(recipes, "AdamApplyOneWithDecay"), "ascend950")["shapes"]
            and "mul4_x" not in recipes_mod.for_soc(recipes_mod.recipe_for(recipes, "AdamApplyOne"), "ascend950")["shapes"])
    ln = recipes_mod.recipe_for(recipes, "LayerNormV4")
    assert ln["shapes"]["normalized_shape"] == [1] and ln["values"]["normalized_shape"] == [37]   # x: [4, 37]
    pc = recipes_mod.recipe_for(recipes, "FakeQuantWithMinMaxVarsPerChannel")   # per channel: 1-D, min < max
    assert pc["shapes"]["min"] == pc["shapes"]["max"] == [37] and pc["ranges"]["min"][1] < pc["ranges"]["max"][0]
    aq = recipes_mod.recipe_for(recipes, "ApplyAdamWQuant")   # sorted 256-entry maps, one absmax per 256 of var
    assert aq["values"]["qmap_m"] == sorted(aq["values"]["qmap_m"]) and len(aq["values"]["qmap_v"]) == 256
    assert aq["shapes"]["absmax_m"] == [1] and aq["values"]["step"][0] > 1
    en = recipes_mod.recipe_for(recipes, "EuclideanNorm")   # axes inside x's rank 2
    assert en["shapes"]["axes"] == [1] and -2 <= en["values"]["axes"][0] < 2
    bn = recipes_mod.recipe_for(recipes, "BNTrainingReduce")   # NCHW only
    assert len(bn["shape"]) == 4 and bn["formats"] == {"x": "NCHW"}
    lr = recipes_mod.recipe_for(recipes, "LambNextRight")["ranges"]   # its sqrt's argument stays non-negative
    assert min(lr["input_mul2"][0], lr["mul2_x"][0], lr["mul3_x"][0], lr["truediv1_recip"][0]) > 0
    sw = recipes_mod.recipe_for(recipes, "SwigluMxQuantWithDualAxis")   # y1's e4m3fn; halves of whole MX blocks
    assert sw["attrs"]["dst_type"] == 36 and sw["shape"][-1] % 64 == 0
    for op in ("SparseApplyAdagradV2", "SparseApplyProximalAdagrad"):   # 1-D distinct row indices, one per grad row
        sp = recipes_mod.recipe_for(recipes, op)
        idx = sp["values"]["indices"]
        assert sp["shapes"]["indices"] == [len(idx)] == [sp["shapes"]["grad"][0]] and len(set(idx)) == len(idx)
    ad = recipes_mod.recipe_for(recipes, "AdaLayerNormV2")   # mean / rstd [B..., S, 1], scale / shift [B..., H]
    assert ad["out_shapes"]["mean"] == ad["shapes"]["x"][:-1] + [1] and ad["shapes"]["scale"] == [2, 37]
    ps = recipes_mod.recipe_for(recipes, "InplaceApplyPowerSign")["shapes"]   # four shape-1 scalars
    assert all(ps[k] == [1] for k in ("lr", "logbase", "sign_decay", "beta"))
    qz = recipes_mod.recipe_for(recipes, "Quantize")   # the required dtype attribute, per-channel scales
    assert qz["attrs"]["dtype"] == "torch.qint8" and qz["shapes"]["scales"] == [37]
    rg = recipes_mod.recipe_for(recipes, "RmsNormGrad")["shapes"]   # rstd = x's leading dims, gamma its trailing
    assert rg["rstd"] + rg["gamma"] == [4, 37]
    assert recipes_mod.recipe_for(recipes, "InplaceAddLayerNorm")["out_shapes"]["mean"] == [4, 1]   # per row
    assert recipes_mod.recipe_for(recipes, "LayerNormV3")["attrs"] == {"begin_norm_axis": 1, "begin_params_axis": 1}
    assert recipes_mod.recipe_for(recipes, "BatchNorm")["no_data"] == ["reserve_space_3"]   # documented no data
    gmx = recipes_mod.recipe_for(recipes, "GroupedDynamicMxQuantWithDualAxis")   # cumsum group rows ending at M
    gidx = gmx["values"]["group_index"]
    assert gidx == sorted(gidx) and gidx[-1] == gmx["shapes"]["x"][0] and gmx["shapes"]["x"][1] % 64 == 0
    sbw = recipes_mod.recipe_for(recipes, "SwigluBackwardMxQuantWithDualAxis")   # scale_alg 1 only; dst_dtype = y1's
    assert sbw["attrs"] == {"scale_alg": 1, "dst_dtype": 36} and sbw["shapes"]["y_grad"][1] * 2 == sbw["shapes"]["x"][1]
    assert sbw["out_shapes"]["mxscale2_out"][0] == sbw["shapes"]["x"][0] // 64 + len(sbw["values"]["group_index"])
    gq = recipes_mod.recipe_for(recipes, "GroupQuant")   # group_index non-decreasing, ending at x's rows (4)
    idx = gq["values"]["group_index"]
    assert idx == sorted(idx) and idx[-1] == 4 and gq["shapes"]["scale"] == [len(idx), 37]
    assert recipes_mod.recipe_for(recipes, "ApplyAdagrad").get("ranges") is None   # other optimizers keep the default


def test_recipes_give_foreach_scalars_their_tilings_sizes_and_index_inputs_their_contracts():
    """foreach's tilings want `scalar` of shape size 1 and `scalars` of one value per tensor of x (CheckScalar /
    CheckScalarList); the default [4, 37] was "inputs rejected" for 24 foreach directories. BucketizeV2 wants 1-D
    sorted boundaries, EmbeddingDenseGradV2 one sorted index per grad row and their original positions."""
    recipes = recipes_mod.load_recipes()
    decl = OpDecl("ForeachKgScalars", "foreach_kg_scalars",
                  (TensorDecl("x", ("DT_FLOAT",), dynamic=True), TensorDecl("scalar", ("DT_FLOAT",)),
                   TensorDecl("scalars", ("DT_FLOAT",)), TensorDecl("weight", ("DT_FLOAT",))),
                  (TensorDecl("y", ("DT_FLOAT",), dynamic=True),))
    recipe = recipes_mod.recipe_for(recipes, "ForeachKgScalars")
    ins, _ = recipes_mod.make_inputs(decl, {"x": "DT_FLOAT", "scalar": "DT_FLOAT", "scalars": "DT_FLOAT",
                                            "weight": "DT_FLOAT", "y": "DT_FLOAT"}, recipe)
    assert ins["scalar"].size == 1 and ins["scalars"].size == len(ins["x"]) == recipes["defaults"]["list_len"]
    assert ins["weight"].shape == (37,)   # a per-channel weight elsewhere; ForeachLerpScalar's is one value:
    assert recipes_mod.recipe_for(recipes, "ForeachLerpScalar")["shapes"]["weight"] == [1]
    lerp_list = recipes_mod.recipe_for(recipes, "ForeachLerpList")   # a weight list shaped like x1
    assert lerp_list["shapes"]["weight"] == lerp_list.get("shapes", {}).get("x1", recipes["defaults"]["shape"])
    bucket = recipes_mod.recipe_for(recipes, "BucketizeV2")
    bounds = np.asarray(bucket["values"]["boundaries"])
    assert bucket["shapes"]["boundaries"] == [bounds.size] and np.all(np.diff(bounds) > 0)
    edg = recipes_mod.recipe_for(recipes, "EmbeddingDenseGradV2")
    rows = int(np.prod(edg["shapes"]["grad"][:-1]))
    sorted_idx, pos = np.asarray(edg["values"]["sort_indices"]), np.asarray(edg["values"]["pos_idx"])
    assert edg["shapes"]["sort_indices"] == edg["shapes"]["pos_idx"] == [rows] == [sorted_idx.size]
    assert np.all(np.diff(sorted_idx) >= 0) and 0 <= sorted_idx.min() and sorted_idx.max() < edg["attrs"]["num_weights"]
    assert sorted(pos) == list(range(rows))   # a permutation of the rows
    # the scatter family by `like`: updates = indices.shape + var.shape[1:] (TF) or indices.shape[:-1] + var[k:] (ND)
    for op in ("ScatterAdd", "ScatterSub", "ScatterMul", "ScatterDiv", "ScatterMax"):
        sh = recipes_mod.recipe_for(recipes, op)["shapes"]
        assert sh["updates"] == sh["indices"] + sh["var"][1:], op
    assert recipes_mod.recipe_for(recipes, "ScatterDiv")["ranges"]["updates"][0] > 0   # its own key over the family's
    for op in ("ScatterNdAdd", "ScatterNdSub", "ScatterNdMax", "ScatterNdMin", "ScatterNdUpdate"):
        sh = recipes_mod.recipe_for(recipes, op)["shapes"]
        assert sh["updates"] == sh["indices"][:-1] + sh["var"][sh["indices"][-1]:], op
    assert recipes_mod.recipe_for(recipes, "ScatterMin")["values"]["indices"] == [5, 0, 2, 5]   # its own entry stays
    for op in ("UnsortedSegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin", "UnsortedSegmentProd"):
        r = recipes_mod.recipe_for(recipes, op)
        (segments,) = r["values"]["num_segments"]
        assert len(r["values"]["segment_ids"]) == r["shapes"]["x"][0] and max(r["values"]["segment_ids"]) < segments
    ipv = recipes_mod.recipe_for(recipes, "IndexPutWithSortV2")["values"]   # sorted, distinct; positions a permutation
    assert ipv["linear_index"] == sorted(set(ipv["linear_index"])) and sorted(ipv["pos_idx"]) == [0, 1, 2]
    row = recipes_mod.recipe_for(recipes, "IndexPutWithSortV2")["shapes"]["self"][1]   # element offsets of whole rows
    assert all(i % row == 0 for i in ipv["linear_index"]) and ipv["linear_index"][-1] // row < 4
    sws = recipes_mod.recipe_for(recipes, "ScatterAddWithSorted")   # sorted rows, positions a permutation
    ids, pos = sws["values"]["sorted_index"], sws["values"]["pos"]
    assert ids == sorted(ids) and sorted(pos) == list(range(len(ids))) and sws["shapes"]["value"][0] == len(ids)
    gnd = recipes_mod.recipe_for(recipes, "GatherNd")   # the last dim of indices indexes x's leading dims
    assert gnd["shapes"]["indices"][-1] <= len(gnd["shapes"]["x"]) and max(gnd["values"]["indices"]) < gnd["shapes"]["x"][0]
    snd = recipes_mod.recipe_for(recipes, "ScatterNd")   # x = indices.shape[:-1] + shape[k:]
    k = snd["shapes"]["indices"][-1]
    assert snd["shapes"]["x"] == snd["shapes"]["indices"][:-1] + snd["values"]["shape"][k:]
    sl = recipes_mod.recipe_for(recipes, "ScatterList")   # offsets + the updates' axis dim inside var's
    assert max(sl["values"]["indice"]) + sl["shapes"]["updates"][-2] <= sl["shapes"]["var"][-2]
    for op in ("ScatterElementsV2", "ScatterElements"):   # reduction none: no index repeats within a column
        cols = np.asarray(recipes_mod.recipe_for(recipes, op)["values"]["indices"]).reshape(4, 37)
        assert all(sorted(cols[:, j]) == [0, 1, 2, 3] for j in range(37)), op
    sc = recipes_mod.recipe_for(recipes, "Scatter")   # README scene 1: offsets along axis -2 inside var's c
    assert sc["attrs"]["axis"] != 0 and max(sc["values"]["indices"]) < sc["shapes"]["var"][-2]
    uc = recipes_mod.recipe_for(recipes, "UniqueConsecutive")   # README: idx only with return_idx (always false)
    assert uc["no_data"] == ["idx"] and uc["attrs"]["return_counts"] is True
    bga = recipes_mod.recipe_for(recipes, "BroadcastGradientArgs")["values"]   # broadcastable, one 1 each
    assert np.broadcast_shapes(tuple(bga["x1"]), tuple(bga["x2"])) == (2, 4, 3)
    rep = recipes_mod.recipe_for(recipes, "RepeatInterleave")
    assert rep["out_shapes"]["y"][0] == sum(rep["values"]["repeats"]) and rep["attrs"]["axis"] != 1000
    for op in ("InplaceAdd", "InplaceIndexAdd", "InplaceScatterAdd", "InplaceIndexFill"):   # 1-D distinct indices
        idx = recipes_mod.recipe_for(recipes, op)["values"]["indices"]
        assert len(set(idx)) == len(idx), op
    emb = recipes_mod.recipe_for(recipes, "Embedding")   # 1-D indices (its infershape's only right case), in range
    assert len(emb["shapes"]["indices"]) == 1 and max(emb["values"]["indices"]) < emb["shapes"]["x"][0]
    msp = recipes_mod.recipe_for(recipes, "MaskedScatterWithPosition")["values"]   # position: mask's prefix sum
    assert msp["position"] == np.cumsum(msp["mask"]).tolist()
    for op in ("SegmentSum", "SparseSegmentMean"):   # sorted ids; y's rows = the last id + 1
        r = recipes_mod.recipe_for(recipes, op)
        ids = r["values"]["segment_ids"]
        assert ids == sorted(ids) and r["out_shapes"]["y"][0] == ids[-1] + 1, op
    inplace_sub = recipes_mod.recipe_for(recipes, "InplaceSub")["values"]["indices"]   # repeated: undefined (README)
    assert len(set(inplace_sub)) == len(inplace_sub)
    linear = recipes_mod.recipe_for(recipes, "LinearIndexV2")   # index % value_size: every size positive
    assert min(linear["values"]["value_size"]) > 0 and len(linear["values"]["stride"]) == recipes["defaults"]["list_len"]
    rev = recipes_mod.recipe_for(recipes, "ReverseSequence")
    assert len(rev["values"]["seq_lengths"]) == rev["shapes"]["x"][0] and max(rev["values"]["seq_lengths"]) <= 37
    qus = recipes_mod.recipe_for(recipes, "QuantUpdateScatter")
    var, upd, idx = qus["shapes"]["var"], qus["shapes"]["updates"], qus["values"]["indices"]
    assert len(var) == len(upd) >= 3 and upd[0] == len(idx)   # axis -2: segments [i, i + 2) inside var's 8, disjoint
    assert all(0 <= i <= var[-2] - upd[-2] for i in idx) and min(abs(a - b) for a in idx for b in idx if a != b) >= upd[-2]


def test_recipes_sparse_tensor_dense_mat_mul_agrees_with_its_infershape():
    """matmul/sparse_tensor_dense_mat_mul's infershape (ValueDepend x1_shape) wants x1_shape a vector of 2 (the
    dense [M, K]), x1_indices (nnz, 2) and x1_values (nnz); x2 is [K, N] and every index must lie inside x1_shape."""
    r = recipes_mod.recipe_for(recipes_mod.load_recipes(), "SparseTensorDenseMatMul")
    shapes, (m, k) = r["shapes"], r["values"]["x1_shape"]
    nnz = shapes["x1_values"][0]
    assert shapes["x1_shape"] == [2] and shapes["x1_indices"] == [nnz, 2] and shapes["x2"][0] == k
    assert r["int_range"][0] >= 0 and r["int_range"][1] <= min(m, k)  # the drawn row and column indices


def test_recipes_deformable_offsets_agrees_with_its_infershape_and_tiling():
    """conv/deformable_offsets: x and offsets NHWC (its arch35 tiling refuses anything else), offsets' H and W the
    convolution output of x under ksize / strides / pads / dilations (its infershape), and 3 values (dy, dx, mask) per
    kernel point and deformable group in offsets' channels."""
    r = recipes_mod.recipe_for(recipes_mod.load_recipes(), "DeformableOffsets")
    a, (n, h, w, c) = r["attrs"], r["shapes"]["x"]
    (kh, kw), (_, sh, sw, _) = a["ksize"], a["strides"]
    up, down, left, right = a["pads"]
    out_h, out_w = (h + up + down - kh) // sh + 1, (w + left + right - kw) // sw + 1
    assert r["shapes"]["offsets"] == [n, out_h, out_w, 3 * kh * kw * a["deformable_groups"]]
    assert r["formats"]["x"] == r["formats"]["offsets"] == a["data_format"] == "NHWC" and c % a["deformable_groups"] == 0
    g = recipes_mod.recipe_for(recipes_mod.load_recipes(), "DeformableOffsetsGrad")  # the backward on the same shapes
    assert g["attrs"] == a and g["shapes"]["grad"] == [n, out_h * kh, out_w * kw, c]
    assert g["out_shapes"] == {"grad_x": r["shapes"]["x"], "grad_offsets": r["shapes"]["offsets"]}


def test_survey_picks_8_bit_float_combinations_ml_dtypes_encodes():
    """A quantizer whose outputs are only 8-bit floats (dynamic_mx_quant, swiglu_group_quant: 57 main-tree OpDefs
    declare them) runs with e4m3fn / e5m2 / e8m0 arrays bit for bit as ml_dtypes encodes them; hifloat8 (its encoding
    is only a figure in the docs) still has no NumPy twin, and an OpDef with nothing else is refused by name."""
    import ml_dtypes
    from kernelgen.dtypes import GE_DTYPES

    q = OpDecl("KgMxQuant", "kg_mx_quant", (TensorDecl("x", ("DT_FLOAT", "DT_FLOAT")),
                                            TensorDecl("scale", ("DT_FLOAT8_E8M0", "DT_FLOAT8_E8M0"))),
               (TensorDecl("y", ("DT_HIFLOAT8", "DT_FLOAT8_E4M3FN")),), ())
    combo = recipes_mod.pick_survey_combo(q, "ascend950", {})
    assert combo == {"x": "DT_FLOAT", "scale": "DT_FLOAT8_E8M0", "y": "DT_FLOAT8_E4M3FN"}
    assert GE_DTYPES["DT_FLOAT8_E4M3FN"].cpp == "fp8_e4m3fn_t" and GE_DTYPES["DT_FLOAT8_E4M3FN"].value == 36
    ins, _ = recipes_mod.make_inputs(q, combo, {}, seed=1)
    scale = ins["scale"]
    assert scale.dtype == ml_dtypes.float8_e8m0fnu and scale.shape == (4, 37)
    exps = np.log2(scale.astype(np.float32))  # unsigned powers of two, never the 0xFF NaN
    assert np.array_equal(exps, np.round(exps)) and exps.min() >= -4 and exps.max() <= 3
    assert scale.view(np.uint8).max() < 0xFF
    assert np.array_equal(np.array([448.0, -0.5], np.float32).astype(ml_dtypes.float8_e4m3fn).view(np.uint8),
                          [0x7E, 0xB0])  # what the kernel's fp8_e4m3fn_t bits must equal
    only_hif8 = OpDecl("KgHif8", "kg_hif8", (TensorDecl("x", ("DT_FLOAT",)),), (TensorDecl("y", ("DT_HIFLOAT8",)),), ())
    with pytest.raises(UsageError, match="no dtype combination on ascend950 uses only emulated dtypes "
                                         r"\(declared: DT_FLOAT, DT_HIFLOAT8\)"):
        recipes_mod.pick_survey_combo(only_hif8, "ascend950", {})


@pytest.mark.parametrize("text, message", [
    ("{", "is not valid JSON"),
    ('{"ops": {"X": {"shape": [2, -1]}}}', "shape must be a list of non-negative integers"),
    ('{"ops": {"X": {"shapes": [1]}}}', "shapes must be an object"),
    ('{"ops": {"X": {"colour": 1}}}', "unknown recipe key 'colour'"),
    ('{"name_rules": [{"match": "("}]}', "not a regular expression"),
    ('{"extra": 1}', "unknown section 'extra'"),
    ('{"ops": {"ScatterSub": {"like": "ScatterAdd"}}}', "ops.ScatterSub.like must name another operator's entry"),
    ('{"ops": {"X": {"like": "X"}}}', "ops.X.like must name another"),
    ('{"ops": {"X": {"by_soc": {"ascend999": {}}}}}', "by_soc names unknown SOC family 'ascend999'; known: "),
    ('{"ops": {"X": {"by_soc": {"ascend950": {"colour": 1}}}}}', "by_soc.ascend950: unknown recipe key 'colour'"),
])
def test_bad_recipe_files_are_one_line_usage_errors(tmp_path, text, message):
    f = tmp_path / "r.json"
    f.write_text(text)
    with pytest.raises(UsageError, match=message):
        recipes_mod.load_recipes(f)


# ---- classification helpers ---------------------------------------------------------------------------------------
def test_compile_failure_names_the_missing_api_or_header():
    msg = ("command failed: g++ ...\nk.h:3: error: 'float32_t' was not declared in this scope\n"
           "kernelgen: no header atvoss/util/dag.h (not part of the emulated CANN headers, or not in the operator "
           "directory); the emulator does not provide float32_t, Gather (an Ascend C API or overload that is not "
           "emulated yet, or a misspelling in the operator)")
    cls, detail, apis = compile_failure(msg)
    assert cls == "not emulated" and apis == ["float32_t", "Gather", "header atvoss/util/dag.h"]
    cls, detail, _ = compile_failure("command failed\n/x/y/k.cpp:7:3: error: expected ';' before '}' token")
    assert cls == "compile error" and detail == "k.cpp:7:3: error: expected ';' before '}' token"
    # g++ crashing (ge_glu_v2's local static ErfConfig as a template argument crashes GCC 12) is named by its
    # own line, not by the command line that comes first
    cls, detail, _ = compile_failure("command failed ... g++ -std=c++17 -O2 ...\nIn file included from x.h:1,\n"
                                     "/a/algo_config.h:93:25: internal compiler error: Segmentation fault\n0x7f ???")
    assert cls == "compile error" and detail == "algo_config.h:93:25: internal compiler error: Segmentation fault"


def test_an_assert_of_an_undeclared_name_is_a_defect_of_the_source(tmp_path):
    """loss/nll_loss_grad's SIMT function asserts on a variable it never declares: ASSERT is empty on the NPU, so
    only a build where ASSERT is assert (CANN's CPU debug build, the emulator) sees it. Every error must be of that
    kind; one other error keeps the row a compile error."""
    header = tmp_path / "k.h"
    header.write_text("inline void f(int n) {\n    ASSERT(total != 0 && \"total must not be 0\");\n    (void)n;\n}\n")
    msg = f"command failed: g++ ...\n{header}:2:12: error: \u2018total\u2019 was not declared in this scope\n"
    cls, detail, _ = compile_failure(msg)
    assert cls == "defect found" and "k.h:2 (total)" in detail and "ASSERT expands to nothing" in detail
    cls, _, _ = compile_failure(msg + f"{header}:3:5: error: \u2018m\u2019 was not declared in this scope\n")
    assert cls == "compile error"                          # line 3 is no ASSERT: an ordinary compile error
    header.write_text("inline void f(int n) {\n    return total;\n}\n")
    assert compile_failure(msg)[0] == "compile error"       # the name outside an ASSERT


def test_check_outputs_tells_unwritten_from_computed_nan():
    x = np.array([-11.0, 1.0, 2.0], np.float32)
    poisoned = np.frombuffer(b"\xff" * 12, np.float32).copy()
    nan = np.array([np.nan, 1.0, 2.0], np.float32)
    assert check_outputs({"z": poisoned}, {"x": x}) == ["output z: 3 of 3 elements never written (still the "
                                                        "emulator's 0xFF fill)"]
    [finding] = check_outputs({"z": nan}, {"x": x})
    assert "1 of 3 elements are NaN for finite inputs (first at flat index 0: x=-11)" in finding
    assert check_outputs({"z": x * 2}, {"x": x}) == []
    # in an integer output every byte 0xFF is -1, a computed value (quantize's int8); coverage is the sanitizer's
    assert check_outputs({"y": np.array([-1, 3, -1], np.int8)}, {"x": x}) == []
    assert check_outputs({"y": np.array([-1, 0], np.int32)}, {"x": x}) == []


def test_only_writes_past_an_outputs_end_are_defects():
    warnings = ["block 0: DataCopy: reads past the end of 'x' (52 bytes) into its allocation padding: harmless with "
                "the NPU allocator's rounding (buffers padded to 512 bytes), but those bytes are not the tensor's",
                "block 3 (and 2 more): DataCopy: writes past the end of 'y' (52 bytes) into its allocation padding: "
                "harmless with the NPU allocator's rounding (buffers padded to 512 bytes), but those bytes are not "
                "the tensor's", "tiling never called SetTilingKey; the key is 0"]
    assert padding_writes(warnings) == ["block 3 (and 2 more): DataCopy writes past the end of output y (52 bytes) "
                                        "into its allocation padding"]


def test_recipe_cases_are_checked_like_entries(tmp_path):
    f = tmp_path / "r.json"
    f.write_text('{"ops": {"X": {"cases": [{}, {"shape": [8, 32]}]}}}')
    assert recipes_mod.recipe_for(recipes_mod.load_recipes(f), "X")["cases"][1]["shape"] == [8, 32]
    f.write_text('{"ops": {"X": {"cases": [{"shap": [1]}]}}}')
    with pytest.raises(UsageError, match=r"ops.X: cases\[0\]: unknown recipe key 'shap'"):
        recipes_mod.load_recipes(f)
    f.write_text('{"ops": {"X": {"cases": []}}}')
    with pytest.raises(UsageError, match="cases must be a non-empty list"):
        recipes_mod.load_recipes(f)


def test_find_operator_dirs_skips_helpers_and_non_operators(tmp_path):
    (tmp_path / "cat" / "op_a" / "op_host").mkdir(parents=True)
    (tmp_path / "cat" / "op_a" / "op_host" / "op_a_def.cpp").write_text("")
    (tmp_path / "cat" / "norm_common" / "op_kernel").mkdir(parents=True)
    (tmp_path / "cat" / "norm_common" / "op_kernel" / "common.h").write_text("")
    (tmp_path / "cat" / "torch_ext").mkdir()
    (tmp_path / "cat" / "torch_ext" / "ext.cpp").write_text("")
    (tmp_path / "cat" / "op_a" / "tests" / "x" / "op_host").mkdir(parents=True)
    found, skipped = find_operator_dirs(tmp_path)
    assert found == [tmp_path / "cat" / "op_a"] and skipped == [tmp_path / "cat" / "norm_common"]
    with pytest.raises(UsageError, match="does not exist"):
        find_operator_dirs(tmp_path / "nope")


# ---- the stand-in headers compile alone ------------------------------------------------------------------------------
STAND_INS = ["infershape_elewise_util.h", "infershape_broadcast_util.h", "op_host/infershape_elewise_util.h",
             "op_host/infershape_broadcast_util.h", "runtime/infer_shape_context.h", "runtime/tiling_context.h",
             "runtime/infer_datatype_context.h", "runtime/tiling_parse_context.h", "runtime/shape.h",
             "runtime/storage_shape.h", "runtime/tensor.h", "runtime/tiling_data.h", "error_util.h",
             "op_api/runtime2_util.h", "graph/tensor.h", "kernel_operator_intf.h", "../inc/platform.h",
             "../inc/kernel_utils.h"]


@requires_cxx
def test_stand_in_headers_compile_alone(tmp_path):
    src = tmp_path / "all.cpp"
    src.write_text("".join(f'#include "{h}"\n#include "{h}"\n' for h in STAND_INS) +
                   "static_assert(ge::GRAPH_NULL_PTR != ge::GRAPH_SUCCESS, \"\");\n"
                   "int kg_bytes = static_cast<int>(ge::GetSizeInBytes(3, ge::DT_INT4));\n"
                   "int kg_dims = static_cast<int>(ge::Shape(std::vector<int64_t>{2, 3}).GetShapeSize());\n"
                   # operators register the one-argument form as their infershape function; some pass a count
                   "ge::graphStatus (*kg_infer)(gert::InferShapeContext*) = Ops::Base::InferShape4Broadcast;\n"
                   "ge::graphStatus (*kg_infer_n)(gert::InferShapeContext*, size_t) = Ops::Base::InferShape4Broadcast;\n"
                   "static_assert(ge::GRAPH_PARAM_OUT_OF_RANGE == 50331644U, \"CANN's value\");\n")
    res = subprocess.run([find_compiler().path, "-std=c++17", "-fsyntax-only", "-I", str(INCLUDE_DIR), "-I",
                          str(INCLUDE_DIR / "kgemu_opsnn" / "op"), str(src)], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


@requires_cxx
def test_platform_manager_answers_for_the_runs_soc_and_shapes_broadcast_as_a_list(tmp_path):
    # ops-nn main-tree infershapes (gelu_grad's among them) ask fe::PlatformInfoManager which SOC they compile for
    # and broadcast a list of input shapes at once.
    src = tmp_path / "platform.cpp"
    src.write_text('''#include <cstdio>
#include "platform/platform_info.h"
#include "op_common/op_host/infershape_broadcast_util.h"
#include "op_common/op_host/tiling_base_util.h"
int main() {
    fe::PlatformInfo info;
    fe::OptionalInfo opti;
    const unsigned before = fe::PlatformInfoManager::Instance().GetPlatformInfoWithOutSocVersion(info, opti);
    KgSoc soc{};
    soc.name = "ascend950";
    soc.short_soc_version = "Ascend950";
    soc.core_num = 32; soc.core_num_aic = 32; soc.core_num_aiv = 64;
    soc.l1_size = 524288; soc.l2_size = 134217728;
    fe::PlatFormInfos platform(&soc);  // what the harness makes for a run
    const unsigned after = fe::PlatformInfoManager::Instance().GetPlatformInfoWithOutSocVersion(info, opti);
    gert::Shape a({4, 1, 37}), b({1, 5, 37}), c({37}), out;
    const bool ok = Ops::Base::BroadcastShape(std::vector<const gert::Shape*>{&a, &b, &c}, &out);
    gert::Shape bad({3});
    const bool no = Ops::Base::BroadcastShape(std::vector<const gert::Shape*>{&a, &bad}, &out);
    std::printf("%u %u %s %u %llu %llu %s %d %ld %ld %ld %d\\n", before, after, info.str_info.short_soc_version.c_str(),
                info.soc_info.ai_core_cnt, (unsigned long long)info.soc_info.l2_size,
                (unsigned long long)info.ai_core_spec.l1_size, opti.soc_version.c_str(), ok, (long)out.GetDim(0),
                (long)out.GetDim(1), (long)out.GetDim(2), no);
}
''')
    exe = tmp_path / "platform"
    res = subprocess.run([find_compiler().path, "-std=c++17", "-I", str(INCLUDE_DIR), str(src), "-o", str(exe)],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split()
    # outside a run: no SOC (nonzero); in a run: the run's SOC; AIC count on a split-core SOC
    assert out == ["1", "0", "Ascend950", "32", "134217728", "524288", "ascend950", "1", "4", "5", "37", "0"]


def test_kernel_source_only_in_the_architecture_folder(tmp_path):
    op = tmp_path / "thr"
    (op / "op_kernel" / "arch35").mkdir(parents=True)
    (op / "op_kernel" / "arch35" / "thr.cpp").write_text("// kernel\n")
    assert kernel_file(op, ["thr"], 3510) == op / "op_kernel" / "arch35" / "thr.cpp"
    with pytest.raises(UsageError, match="no kernel source"):
        kernel_file(op, ["thr"], 2201)
    (op / "op_kernel" / "thr.cpp").write_text("// kernel\n")    # the top-level file wins where both exist
    assert kernel_file(op, ["thr"], 3510) == op / "op_kernel" / "thr.cpp"


# ---- the miniatures on the emulator ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def runs():
    """Every miniature run once (compiles are cached across the module)."""
    x = np.linspace(-3, 3, 13, dtype=np.float32)
    out = {"x": x}
    for soc in ("ascend910b", "ascend950"):
        out[soc] = run(SCALED, soc, {"x": x}, return_report=True)
    a, b = np.arange(13, dtype=np.float32), np.full(13, 0.5, np.float32)
    out["pair"] = (a, b, run(OPDIRS / "pair_stats", "ascend910b", {"a": a, "b": b}, return_report=True))
    var = np.arange(32, dtype=np.float32).reshape(4, 8)
    idx, upd = np.array([2, 0], np.int32), -np.ones((2, 8), np.float32)
    out["scatter"] = (var, run(OPDIRS / "scatter_rows", "ascend910b", {"var": var, "indices": idx, "updates": upd},
                               return_report=True))
    return out


@requires_cxx
def test_arch_folder_and_apt_kernel_follow_the_soc(runs):
    x = runs["x"].astype(np.float64)
    y910, rep910 = runs["ascend910b"]
    y950, _ = runs["ascend950"]
    np.testing.assert_allclose(y910["y"], np.abs(x), rtol=1e-6)        # arch22 tiling (scale 1), scaled_abs.cpp
    np.testing.assert_allclose(y950["y"], 2 * np.abs(x) + 1, rtol=1e-6)  # arch35 tiling (scale 2), scaled_abs_apt.cpp
    assert rep910["output_rules"] == ["y: infershape"]


@requires_cxx
def test_output_left_unset_by_infershape_is_sized_like_the_inputs(runs):
    a, b, (out, rep) = runs["pair"]
    assert out["diff"].shape == (13,)  # a scalar here would make the kernel's full write an out-of-bounds report
    np.testing.assert_array_equal(out["diff"], a - b)
    np.testing.assert_array_equal(out["sum"], a + b)
    assert rep["output_rules"] == ["sum: infershape",
                                   "diff: the broadcast of the inputs' shapes (infershape left it unset)"]


@requires_cxx
def test_in_place_output_keeps_the_rows_the_kernel_does_not_write(runs):
    var, (out, rep) = runs["scatter"]
    got = out["var"]
    np.testing.assert_array_equal(got[[0, 2]], -1.0)
    np.testing.assert_array_equal(got[[1, 3]], var[[1, 3]])  # the input's rows, not the emulator's NaN fill
    assert rep["output_rules"] == ["var: in place: input var's shape (no infershape result)"]


@requires_cxx
def test_syncall_report_names_the_block_that_failed_first():
    with pytest.raises(EmulatorDefect) as info:
        run(OPDIRS / "sync_fail", "ascend910b", {"x": np.ones(32, np.float32)})
    msg = str(info.value)
    assert "block 1 of 4" in msg and "DataCopy: the GlobalTensor set to 'x' reads bytes" in msg
    assert not msg.split(": ", 1)[1].startswith("SyncAll")


# ---- the survey ---------------------------------------------------------------------------------------------------
def _broken_tree(root: Path) -> Path:
    garbage = root / "cat" / "garbage_op"
    (garbage / "op_host").mkdir(parents=True)
    (garbage / "op_kernel").mkdir()
    (garbage / "op_host" / "garbage_op_def.cpp").write_bytes(b"\x00\xff\xfe not C++ at all {{{\n")
    (garbage / "op_kernel" / "garbage_op.cpp").write_bytes(os.urandom(64))
    no_kernel = root / "cat" / "no_kernel"
    (no_kernel / "op_host").mkdir(parents=True)
    (no_kernel / "op_kernel").mkdir()
    (no_kernel / "op_host" / "no_kernel_def.cpp").write_text(
        (OPDIRS / "pair_stats" / "op_host" / "pair_stats_def.cpp").read_text().replace("PairStats", "NoKernel"))
    (no_kernel / "op_kernel" / "README.md").write_text("the kernel is missing\n")
    return root


@requires_cxx
def test_survey_classifies_a_broken_folder_without_traceback(tmp_path):
    root = _broken_tree(tmp_path / "tree")
    report = tmp_path / "survey.json"
    res = CliRunner().invoke(main, ["survey", str(root), "--json", str(report), "--timeout", "300"])
    assert res.exit_code == 1, res.output
    assert "Traceback" not in res.output
    doc = json.loads(report.read_text())
    rows = {r["dir"]: r for r in doc["rows"]}
    assert rows["cat/garbage_op"]["class"] == "compile error"
    assert rows["cat/no_kernel"]["class"] == "layout not understood"
    assert "no kernel source" in rows["cat/no_kernel"]["detail"]
    assert doc["counts"]["compile error"] == 1 and doc["operators"] == 2
    assert "[2/2]" in res.output  # progress lines (stderr is mixed in by CliRunner)


@requires_cxx
def test_survey_of_one_operator_directory_runs_it(tmp_path):
    report = tmp_path / "one.json"
    res = CliRunner().invoke(main, ["survey", str(OPDIRS / "pair_stats"), "--json", str(report)])
    assert res.exit_code == 0, res.output
    [row] = json.loads(report.read_text())["rows"]
    assert row["class"] == "ran" and row["op_type"] == "PairStats" and row["soc"] == "ascend910b"
    assert row["shapes"] == {"a": [4, 37], "b": [4, 37]}  # the shipped default shape
    assert "diff: the broadcast of the inputs' shapes (infershape left it unset)" in row["output_rules"]


def _opbase_stand_in(root: Path) -> Path:
    """A miniature opbase checkout: one ATVOSS-style host header and the source CANN builds into libopbase."""
    header = root / "pkg_inc" / "op_common" / "atvoss" / "elewise" / "mini_count.h"
    header.parent.mkdir(parents=True)
    header.write_text("#pragma once\n#include <cstdint>\nnamespace Ops { namespace Base {\n"
                      "OPBASE_API uint32_t MiniCount(int64_t elements);\n} }\n")
    source = root / "src" / "op_common" / "atvoss" / "elewise" / "mini_count.cpp"
    source.parent.mkdir(parents=True)
    source.write_text('#include "op_common/log/log.h"\n#include "atvoss/elewise/mini_count.h"\n'
                      "namespace Ops { namespace Base {\n"
                      "uint32_t MiniCount(int64_t elements) { return static_cast<uint32_t>(elements); }\n} }\n")
    return root


@requires_cxx
def test_opbase_atvoss_headers_and_host_sources_come_from_an_opbase_checkout(tmp_path, monkeypatch):
    import shutil

    repo = tmp_path / "ops-nn"
    (repo / "common" / "inc").mkdir(parents=True)
    op = repo / "activation" / "pair_stats"
    shutil.copytree(OPDIRS / "pair_stats", op)
    tiling = op / "op_host" / "pair_stats_tiling.cpp"
    text = tiling.read_text().replace('#include "log/log.h"', '#include "log/log.h"\n#include "op_common/atvoss/elewise/mini_count.h"')
    tiling.write_text(text.replace("static_cast<uint32_t>(context->GetInputShape(0)->GetStorageShape().GetShapeSize())",
                                   "Ops::Base::MiniCount(context->GetInputShape(0)->GetStorageShape().GetShapeSize())"))
    monkeypatch.delenv("KERNELGEN_OPBASE", raising=False)

    def survey():
        report = tmp_path / "row.json"
        res = CliRunner().invoke(main, ["survey", str(op), "--json", str(report)])
        return json.loads(report.read_text())["rows"][0] if report.exists() else res.output

    row = survey()                                  # no opbase: the header is named
    assert row["class"] == "not emulated" and "atvoss/elewise/mini_count.h" in row["detail"], row
    opbase = _opbase_stand_in(tmp_path / "elsewhere")
    monkeypatch.setenv("KERNELGEN_OPBASE", str(opbase))
    assert host_sources(op)[-1].name == "mini_count.cpp"
    row = survey()                                  # $KERNELGEN_OPBASE: compiled and linked with the host code
    assert row["class"] == "ran", row
    monkeypatch.delenv("KERNELGEN_OPBASE")
    shutil.move(str(opbase), str(tmp_path / "opbase"))   # beside the repository: found without the variable
    assert any(str(d).endswith("opbase/pkg_inc") for d in include_dirs(op))
    assert survey()["class"] == "ran"


@requires_cxx
def test_survey_names_the_kind_of_defect(tmp_path):
    report = tmp_path / "kind.json"
    res = CliRunner().invoke(main, ["survey", str(OPDIRS / "sync_fail"), "--json", str(report)])
    assert res.exit_code == 0, res.output
    doc = json.loads(report.read_text())
    [row] = doc["rows"]
    assert row["class"] == "defect found" and row["defect_kind"] == "GM out of bounds"
    assert doc["defect_kinds"] == {"GM out of bounds": 1}
    assert "defects by kind: GM out of bounds 1" in res.output


@pytest.mark.parametrize("detail, kind", [
    ("Op on ascend910b, block 0 of 1, tile 1, API call #8: Adds: race on UB [0, 592) of queue 0 (VECIN) buffer 0: "
     "this call (pipe V) reads bytes that DataCopy (pipe MTE2, API call #5, tile 1) wrote", "race"),
    ("Op on ascend910b, block 18 of 19, tile 1, API call #28: DataCopy: writes bytes [576, 608) of 'y' which has "
     "592 bytes past the logical end of 'y' (592 bytes) into its allocation padding", "padding write"),
    ("case 2 (x 4x37): Op on ascend910b, block 0 of 1, tile 1, API call #9: Muls: src reads UB [0, 4) of TBuf 1 "
     "(VECCALC), which nothing had written (uninitialised memory)", "uninitialised read"),
    ("output y: 148 of 148 elements never written (still the emulator's 0xFF fill)", "unwritten output"),
    ("Op on ascend950, block 0 of 50, API call #4: InitBuffer: UB overflow: InitBuffer of 174592 bytes", "UB overflow"),
    ("output y: 3 of 148 elements are NaN for finite inputs (first at flat index 7)", "non-finite output"),
    ("Op on ascend910b, block 14 of 48, tile 3, API call #143: AllocEventID: all 8 event ids of HardEvent::V_S are "
     "allocated (47 other block(s) then failed waiting in SyncAll)", "event ids exhausted"),
    ("Op on ascend950: tiling: GetTilingData<OpTilingData>: OpTilingData is a BEGIN_TILING_DATA_DEF class, not a "
     "plain struct", "host tiling misuse"),
    ("Op on ascend950, block 0 of 1, API call #4: DataCopyPad: dst needs 608 bytes from UB offset 0, past the end "
     "of its LocalTensor view at UB offset 512 (512 bytes): the count exceeds the tensor it was given", "UB out of bounds"),
    ("something the patterns do not know", "other"),
])
def test_defect_kind_reads_the_emulators_wording(detail, kind):
    assert defect_kind(detail) == kind


def test_survey_usage_errors(tmp_path):
    res = CliRunner().invoke(main, ["survey", str(tmp_path / "missing")])
    assert res.exit_code == 2 and "does not exist" in res.output and "Traceback" not in res.output
    bad = tmp_path / "r.json"
    bad.write_text("[")
    res = CliRunner().invoke(main, ["survey", str(tmp_path), "--recipes", str(bad)])
    assert res.exit_code == 2 and "is not valid JSON" in res.output
    res = CliRunner().invoke(main, ["survey", str(tmp_path), "--soc", "ascend91x"])
    assert res.exit_code == 2 and "unknown SOC" in res.output
    res = CliRunner().invoke(main, ["survey", str(tmp_path), "--prefer-soc", "ascend91x"])
    assert res.exit_code == 2 and "unknown SOC" in res.output
    res = CliRunner().invoke(main, ["survey", str(tmp_path), "--soc", "ascend950", "--prefer-soc", "ascend950"])
    assert res.exit_code == 2 and "not both" in res.output and "Traceback" not in res.output


@requires_cxx
def test_survey_prefers_a_soc_where_the_opdef_configures_it(tmp_path):
    """--prefer-soc ascend950: an operator configured for it runs there, one that is not (pair_stats: 910B only)
    on its own SOC, where --soc ascend950 rejects it (a whole repository as written for the 950)."""
    folder = tmp_path / "two"
    folder.mkdir()
    for name in ("pair_stats", "masked_tail"):
        (folder / name).symlink_to(OPDIRS / name)
    report = tmp_path / "prefer.json"
    res = CliRunner().invoke(main, ["survey", str(folder), "--prefer-soc", "ascend950", "--json", str(report)])
    doc = json.loads(report.read_text())
    rows = {r["dir"]: r for r in doc["rows"]}
    assert (rows["masked_tail"]["soc"], rows["pair_stats"]["soc"]) == ("ascend950", "ascend910b"), res.output
    assert all(r["class"] == "ran" for r in rows.values()) and res.exit_code == 0
    assert doc["soc"].startswith("ascend950 where the OpDef configures it")
    report = tmp_path / "strict.json"
    CliRunner().invoke(main, ["survey", str(folder / "pair_stats"), "--soc", "ascend950", "--json", str(report)])
    [row] = json.loads(report.read_text())["rows"]
    assert row["class"] == "inputs rejected" and 'no AICore().AddConfig("ascend950")' in row["detail"]


# ---- opt-in: the real corpus -------------------------------------------------------------------------------------------
OPS_NN = os.environ.get("KERNELGEN_OPS_NN")


@pytest.mark.skipif(not OPS_NN, reason="set KERNELGEN_OPS_NN to an ops-nn checkout (or another CANN operator "
                                         "repository in its layout, e.g. ops-math) to survey its experimental/ tree")
def test_survey_of_ops_nn_experimental(tmp_path):
    root = Path(OPS_NN) / "experimental"
    report = tmp_path / "survey.json"
    res = subprocess.run([sys.executable, "-m", "kernelgen", "survey", str(root), "--jobs", "2", "--json",
                          str(report)], capture_output=True, text=True)
    assert "Traceback" not in res.stdout + res.stderr
    doc = json.loads(report.read_text())
    assert doc["operators"] >= 100
    assert doc["ran_or_defect_percent"] >= float(os.environ.get("KERNELGEN_OPS_NN_MIN_PERCENT", "60"))
    gelu = next((r for r in doc["rows"] if r["dir"].endswith("activation/gelu_grad")), None)
    if gelu is not None:  # ops-nn's reference operator (other repositories do not have it)
        assert gelu["class"] in ("defect found", "not emulated")


def test_a_sync_all_in_an_included_shared_header_makes_the_blocks_run_at_once(tmp_path):
    """scatter_mul's kernel includes ../scatter_reduce_common/arch35/scatter_reduce_common_simt.h, where its SyncAll
    is: the harness ran its blocks one at a time (SyncAll's wait was reported as a defect of the operator's). The
    check follows the kernel's includes; a mention in a comment does not count."""
    from kernelgen.emulator.opdir import waits_for_other_blocks

    cat = tmp_path / "index"
    (cat / "scatter_kg" / "op_kernel" / "arch35").mkdir(parents=True)
    (cat / "scatter_common" / "arch35").mkdir(parents=True)
    (cat / "scatter_common" / "arch35" / "common.h").write_text("inline void Phase() { AscendC::SyncAll(); }\n")
    kernel = cat / "scatter_kg" / "op_kernel" / "arch35" / "scatter_kg.cpp"
    kernel.write_text('// no SyncAll here\n#include "../scatter_common/arch35/common.h"\n')
    op = cat / "scatter_kg"
    assert waits_for_other_blocks(op, (op,))   # ../scatter_common from the operator's directory (CANN's build_out)
    assert not waits_for_other_blocks(op, ())                  # the header not reachable: nothing to see
    kernel.write_text("// SyncAll() would be needed with two phases\n")
    assert not waits_for_other_blocks(op, (op,))


def test_generated_tiling_structs_name_the_librarys_nested_tiling_structs():
    """A legacy tiling class nesting a library tiling struct (ada_layer_norm's LayerNormSeparateTiling member, as
    TCubeTiling in matmul's) names the one kernel_tiling/kernel_tiling.h gives; writing it again stopped the launcher
    ("using typedef-name ... after 'struct'"). The operator's own nested classes are still written."""
    from kernelgen.emulator.tiling_structs import generated_tiling_structs

    lib = {"size": 8, "members": [{"kind": "f", "type": "uint32_t", "name": "aLength", "offset": 0, "count": 1},
                                  {"kind": "f", "type": "uint32_t", "name": "rLength", "offset": 4, "count": 1}]}
    inner = {"size": 4, "members": [{"kind": "f", "type": "float", "name": "eps", "offset": 0, "count": 1}]}
    outer = {"size": 24, "members": [{"kind": "f", "type": "int64_t", "name": "rows", "offset": 0, "count": 1},
                                     {"kind": "s", "type": "LayerNormSeparateTiling", "name": "ln", "offset": 8, "count": 1},
                                     {"kind": "s", "type": "KgInner", "name": "inner", "offset": 16, "count": 1}]}
    doc = {"tiling_data_classes": {"KgAda": {"class": "KgAdaTilingData"}},
           "tiling_structs": {"KgAdaTilingData": outer, "KgInner": inner, "LayerNormSeparateTiling": lib}}
    text = "\n".join(generated_tiling_structs(doc, "KgAda", set()))
    assert "struct alignas(8) KgAdaTilingData {" in text and "struct alignas(8) KgInner {" in text
    assert "struct alignas(8) LayerNormSeparateTiling" not in text and "    LayerNormSeparateTiling ln;" in text


def test_recipes_of_the_pooling_category_agree_with_their_checks():
    """pooling/ on the 950: each entry as the operator's own infershape / tiling checks it (the default [4, 37] and
    empty list attributes were "inputs rejected"): AvgPool1D's rank >= 3 and two pads; the 2-D pools' 4-long ksize /
    strides with N and C 1 in their data format; the 3-D ones' 3-long lists; every argmax inside its own window;
    the grads' orig_input_shape by value agreeing with the output's shape."""
    recipes = recipes_mod.load_recipes()
    nhwc_c, nchw_c = 3, 1
    for op, c_at in (("AvgPool", nhwc_c), ("MaxPoolWithArgmax", nhwc_c), ("MaxPoolGradWithArgmax", nhwc_c),
                     ("MaxPoolGradGradWithArgmax", nhwc_c), ("AvgPoolV2", nchw_c), ("AvgPoolV2Grad", nchw_c)):
        a = recipes_mod.recipe_for(recipes, op)["attrs"]
        for key in ("ksize", "strides"):
            assert len(a[key]) == 4 and a[key][0] == a[key][c_at] == 1, (op, key)
    for op in ("AvgPool3D", "AvgPool3DGrad", "MaxPool3DWithArgmaxV2", "MaxPool3DGradWithArgmax"):
        a = recipes_mod.recipe_for(recipes, op)["attrs"]
        assert len(a["ksize"]) == len(a["strides"]) == 3 and len(a["pads"]) in (3, 6), op

    def windows_hold_argmax(op, spatial, kernel, layout_c):
        """each argmax value lies in the window of its output position (no padding, stride = kernel)."""
        r = recipes_mod.recipe_for(recipes, op)
        out = r["shapes"]["argmax"]
        arg = np.asarray(r["values"]["argmax"]).reshape(out)
        for pos in np.ndindex(*out):
            sp = pos[1:-1] if layout_c else pos[2:]
            flat = arg[pos] // (out[-1] if layout_c else 1)
            coords = np.unravel_index(flat, spatial)
            assert all(k * o <= c < k * (o + 1) for c, o, k in zip(coords, sp, kernel)), (op, pos)
            if layout_c:
                assert arg[pos] % out[-1] == pos[-1], (op, pos)   # the channel of its own output
    windows_hold_argmax("MaxPoolGradWithArgmax", (8, 8), (2, 2), True)
    windows_hold_argmax("MaxPoolGradGradWithArgmax", (8, 8), (2, 2), True)
    windows_hold_argmax("AdaptiveMaxPool3DGrad", (6, 6, 8), (2, 2, 2), False)
    windows_hold_argmax("MaxPool3DGradWithArgmax", (4, 6, 8), (2, 2, 2), False)
    for op, out in (("AvgPoolV2Grad", "out_grad"), ("AvgPool3DGrad", "output")):
        r = recipes_mod.recipe_for(recipes, op)
        assert r["values"]["orig_input_shape"] == r["out_shapes"][out] and r["shapes"]["orig_input_shape"] == [
            len(r["out_shapes"][out])], op
    grad2d = recipes_mod.recipe_for(recipes, "AdaptiveAvgPool2dGrad")
    assert len(grad2d["attrs"]["orig_input_shape"]) == len(grad2d["shapes"]["input_grad"])   # its infershape's rule
    p1 = recipes_mod.recipe_for(recipes, "AvgPool1D")
    assert len(p1["shape"]) >= 3 and len(p1["attrs"]["pads"]) == 2 and min(p1["attrs"]["pads"]) >= 0
    assert p1["attrs"]["ksize"] >= 1 and p1["attrs"]["strides"] >= 1
    assert p1["shape"][-1] + sum(p1["attrs"]["pads"]) >= p1["attrs"]["ksize"]   # at least one window
