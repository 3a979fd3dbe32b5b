"""Write kernelgen/authoring/ops/_interfaces.json: the hand-written interfaces the re-authored operators keep.

    python scripts/extract_interfaces.py [--ops-nn PATH] [--only NAME ...] [--check]

For each operator of OPERATORS (the 21 issue 22 names, then more of ops-nn's experimental tree): its OpDef as
the emulator learns it (kernelgen.authoring.interfaces.opdef_interface: the def file compiled against kernelgen's
registry), its aclnn API as its docs/ state it (the `aclnnStatus aclnnXxxGetWorkspaceSize(...)` declaration), or,
without docs, the aclnn<OpType> opbuild generates from the OpDef, and the formula and golden of
kernelgen.authoring.ops._goldens. --check compares instead of writing (exit 1 on a difference).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

from kernelgen.authoring.interfaces import DATA, opdef_interface
from kernelgen.authoring.ops import _goldens

PINNED = "hicann/ops-nn e5c3fa9327ea95ba26d06227e746923580d10921"

# (snake name, directory under experimental/, family). The first 21 are issue 22's required operators.
OPERATORS: tuple[tuple[str, str, str], ...] = (
    ("relu", "activation/relu", "elementwise"),
    ("sigmoid", "activation/sigmoid", "elementwise"),
    ("mish", "activation/mish", "elementwise"),
    ("selu", "activation/selu", "elementwise"),
    ("softsign", "activation/softsign", "elementwise"),
    ("tanh_grad", "activation/tanh_grad", "elementwise"),
    ("sigmoid_grad", "activation/sigmoid_grad", "elementwise"),
    ("hard_swish_v2", "activation/hard_swish_v2", "elementwise"),
    ("celu_v3", "activation/celu_v3", "elementwise_attr"),
    ("elu", "activation/elu", "elementwise_attr"),
    ("leakyrelu_v2", "activation/leakyrelu_v2", "elementwise_attr"),
    ("hard_shrink", "activation/hard_shrink", "elementwise_attr"),
    ("softshrink", "activation/softshrink", "elementwise_attr"),
    ("softplus_v2", "activation/softplus_v2", "elementwise_attr"),
    ("swish", "activation/swish", "elementwise_attr"),
    ("softmax_v2", "activation/softmax_v2", "last_axis_reduction"),
    ("log_softmax_v2", "activation/log_softmax_v2", "last_axis_reduction"),
    ("mse_loss", "loss/mse_loss", "whole_tensor_loss"),
    ("l2_loss", "loss/l2_loss", "whole_tensor_loss"),
    ("apply_gradient_descent", "optim/apply_gradient_descent", "optimizer"),
    ("apply_adagrad_d", "optim/apply_adagrad_d", "optimizer"),
    # more of experimental/
    ("relu6", "activation/relu6", "elementwise"),
    ("softplus", "activation/softplus", "elementwise"),
    ("gelu", "activation/gelu", "elementwise"),
    ("fast_gelu_v2", "activation/fast_gelu_v2", "elementwise"),
    ("hard_sigmoid_v2", "activation/hard_sigmoid_v2", "elementwise_attr"),
    ("logsigmoid_v2", "activation/logsigmoid_v2", "elementwise"),
    ("softsign_grad", "activation/softsign_grad", "elementwise"),
    ("softshrink_grad", "activation/softshrink_grad", "elementwise_attr"),
    ("hard_shrink_grad", "activation/hard_shrink_grad", "elementwise_attr"),
    ("elu_grad", "activation/elu_grad", "elementwise"),
    ("swish_grad", "activation/swish_grad", "elementwise_attr"),
    ("selu_grad", "activation/selu_grad", "elementwise"),
    ("relu_grad", "activation/relu_grad", "elementwise"),
    ("celu", "activation/celu", "elementwise_attr"),
    ("threshold_v2", "activation/threshold_v2", "elementwise"),
    ("shrink", "activation/shrink", "elementwise_attr"),
    ("silu_grad", "activation/silu_grad", "elementwise"),
    ("mish_grad", "activation/mish_grad", "elementwise"),
    ("huber_loss", "loss/huber_loss", "whole_tensor_loss"),
    ("smooth_l1_loss_v2", "loss/smooth_l1_loss_v2", "whole_tensor_loss"),
    ("soft_margin_loss", "loss/soft_margin_loss", "whole_tensor_loss"),
    ("hinge_loss", "loss/hinge_loss", "whole_tensor_loss"),
    ("l1_loss_grad", "loss/l1_loss_grad", "elementwise_attr"),
    ("mse_loss_grad", "loss/mse_loss_grad", "elementwise_attr"),
    ("apply_proximal_gradient_descent", "optim/apply_proximal_gradient_descent", "optimizer"),
    ("apply_adamax", "optim/apply_adamax", "optimizer"),
    ("apply_rms_prop", "optim/apply_rms_prop", "optimizer"),
)
REQUIRED = tuple(name for name, _, _ in OPERATORS[:21])

_DECL = re.compile(r"aclnnStatus\s+(aclnn\w+?)GetWorkspaceSize\s*\(([^)]*)\)", re.S)


def aclnn_of(op_dir: Path, iface: dict) -> dict:
    """{"name", "params", "source"}: every GetWorkspaceSize declaration of the operator's docs/, else opbuild's."""
    found = []
    for md in sorted((op_dir / "docs").glob("*.md")) if (op_dir / "docs").is_dir() else []:
        for m in _DECL.finditer(md.read_text(encoding="utf-8", errors="replace")):
            params = [" ".join(p.split()) for p in m.group(2).split(",")]
            params = [p for p in params if p and "workspaceSize" not in p and "executor" not in p]
            entry = {"name": m.group(1), "params": params, "source": f"docs/{md.name}"}
            if entry not in found:
                found.append(entry)
    if found:  # the one named after the OpType first (Swish's docs also declare aclnnSilu)
        found.sort(key=lambda f: f["name"] != f"aclnn{iface['op_type']}")
        return {**found[0], "also": [f["name"] for f in found[1:] if f["name"] != found[0]["name"]]}
    refs = {t["name"] for t in iface["outputs"]} & {t["name"] for t in iface["inputs"]}
    # opbuild: an output named like an input (a ref output) is that input, `aclTensor* <name>Ref`, once
    params = [f"aclTensor* {t['name']}Ref" if t["name"] in refs else f"const aclTensor* {t['name']}"
              for t in iface["inputs"]]
    params += [f"{a['kind']} {a['name']}" for a in iface["attrs"]]
    params += [f"aclTensor* {t['name']}" for t in iface["outputs"] if t["name"] not in refs]
    return {"name": f"aclnn{iface['op_type']}", "params": params, "source": "opbuild, from the OpDef (no docs/)",
            "also": []}


def build(root: Path, only: list[str]) -> dict:
    ops = {}
    for name, rel, family in OPERATORS:
        if only and name not in only:
            continue
        op_dir = root / "experimental" / rel
        print(f"{name}: {rel}", file=sys.stderr, flush=True)
        iface = opdef_interface(op_dir)
        ref = _goldens.REFERENCES.get(name)
        ops[name] = {"dir": f"experimental/{rel}", "family": family, "required_by_issue_22": name in REQUIRED,
                     "interface": iface, "aclnn": aclnn_of(op_dir, iface),
                     "formula": ref.formula if ref else "", "golden": f"kernelgen.authoring.ops._goldens:{name}"
                     if ref else None, "golden_note": ref.note if ref else ""}
    return ops


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ops-nn", default=os.environ.get("KERNELGEN_OPS_NN", "/work/corpus/ops-nn"))
    ap.add_argument("--only", nargs="*", default=[])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    root = Path(args.ops_nn)
    ops = build(root, args.only)
    old = json.loads(DATA.read_text(encoding="utf-8")) if DATA.is_file() else {"operators": {}}
    merged = {**old.get("operators", {}), **ops} if args.only else ops
    doc = {"_about": f"OpDef interfaces, aclnn APIs, formulas and goldens of ops-nn operators kernelgen re-authors "
                     f"(issue 22). Source: {PINNED}, experimental/<dir>: op_host/*_def.cpp (learned by compiling it "
                     f"against kernelgen's emulated registry) and docs/*.md. Written by scripts/extract_interfaces.py; "
                     f"goldens in kernelgen/authoring/ops/_goldens.py.",
           "source": PINNED, "operators": merged}
    text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    if args.check:
        same = DATA.is_file() and json.loads(DATA.read_text(encoding="utf-8"))["operators"] == json.loads(text)["operators"]
        print("fresh" if same else "stale: rerun scripts/extract_interfaces.py")
        return 0 if same else 1
    DATA.write_text(text, encoding="utf-8")
    print(f"wrote {DATA} ({len(merged)} operators)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
