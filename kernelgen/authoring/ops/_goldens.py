"""NumPy goldens of the ops-nn operators kernelgen re-authors (issue 22), keyed by snake name.

Each takes {input name: float64 array} and {attribute name: value} by the hand-written OpDef's names (as stored in
_interfaces.json) and returns {output name: float64 array}. The formula is the operator's README or docs/ formula
(hicann/ops-nn e5c3fa9, experimental/<dir>); where the docs say something a reader would not expect, the note says
so and the golden follows the docs. These are references for the future kernelgen.lang specs (a spec whose own
golden disagrees with these is checked against them), not registered as built-in goldens.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np

SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


@dataclass(frozen=True)
class Reference:
    formula: str
    fn: Callable[[dict, dict], dict]
    note: str = ""


def _sigmoid(x):
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def _softplus(x):
    return np.maximum(x, 0.0) + np.log1p(np.exp(-np.abs(x)))


def _reduce(loss, reduction):
    if reduction in ("none", 0):
        return loss
    if reduction in ("sum", 2):
        return np.asarray(loss.sum())
    return np.asarray(loss.mean())


_erf = np.frompyfunc(math.erf, 1, 1)


def _ew(out: str, f: Callable) -> Callable[[dict, dict], dict]:
    """A one-input elementwise golden: the only input through f."""
    def golden(inputs, attrs):
        (x,) = inputs.values()
        with np.errstate(all="ignore"):
            return {out: f(x, attrs)}
    return golden


def _softmax(x, axis):
    m = np.max(x, axis=axis, keepdims=True)
    e = np.exp(x - m)
    return e / e.sum(axis=axis, keepdims=True)


def _log_softmax(x, axes):
    axes = tuple(axes) if isinstance(axes, (list, tuple)) else (axes,)
    m = np.max(x, axis=axes, keepdims=True)
    return x - m - np.log(np.exp(x - m).sum(axis=axes, keepdims=True))


def _apply_adagrad_d(i, a):
    accum = i["accum"] + i["grad"] ** 2 if a.get("update_slots", True) else i["accum"]
    return {"var": i["var"] - i["lr"] * i["grad"] / np.sqrt(accum), "accum": accum + 0 * i["var"]}


def _apply_rms_prop(i, a):
    lr, rho, mu, eps = a.get("lr", 0.001), a.get("rho", 0.9), a.get("momentum", 0.0), a.get("epsilon", 1e-10)
    ms = i["ms"] + (1.0 - rho) * (i["grad"] ** 2 - i["ms"])
    mom = mu * i["mom"] + lr * i["grad"] / np.sqrt(eps + ms)
    return {"var_out": i["var"] - mom, "ms_out": ms, "mom_out": mom}


def _apply_adamax(i, a):
    b1, b2, eps, lr, b1p = a["beta1"], a["beta2"], a["epsilon"], a["lr"], a["beta1Power"]
    m = b1 * i["m"] + (1.0 - b1) * i["grad"]
    v = np.maximum(b2 * i["v"], np.abs(i["grad"]))
    return {"varOut": i["var"] - lr / (1.0 - b1p) * m / (v + eps), "mOut": m, "vOut": v}


def _apply_proximal_gd(i, a):
    prox = i["var"] - i["alpha"] * i["delta"]
    out = np.sign(prox) / (1.0 + i["alpha"] * i["l2"]) * np.maximum(np.abs(prox) - i["alpha"] * i["l1"], 0.0)
    return {"var_out": out}


def _gelu(x, a):
    return 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)).astype(np.float64))


def _fast_gelu_v2(x, a):
    sgn = (x + 1e-12) / np.abs(x + 1e-12)
    return x * (sgn * (-0.1444 * (np.minimum(np.abs(0.7071 * x), 1.769) - 1.769) ** 2 + 0.5) + 0.5)


def _mish_grad(i, a):
    x, g = i["x"], i["grad"]
    t = np.tanh(_softplus(x))
    return {"x_grad": g * (t + x * (1.0 - t * t) * _sigmoid(x))}


def _swish_grad(i, a):
    beta, x = a.get("sconf", 1.0), i["x"]
    s = _sigmoid(beta * x)
    return {"grad_x": i["grad"] * s * (1.0 + beta * x * (1.0 - s))}


def _smooth_l1(i, a):
    sigma = a.get("sigma", 1.0)
    d = np.abs(i["predict"] - i["label"])
    mn = np.minimum(d, sigma)
    return {"loss": _reduce(mn * mn / (2.0 * sigma) + (d - mn), a.get("reduction", "mean"))}


def _l1_loss_grad(i, a):
    cof = 1.0 / i["predict"].size if a.get("reduction", "mean") == "mean" else 1.0
    return {"y": i["grads"] * np.sign(i["predict"] - i["label"]) * cof}


def _mse_loss_grad(i, a):
    cof = 2.0 / i["predict"].size if a.get("reduction", "mean") == "mean" else 2.0
    return {"y": cof * (i["predict"] - i["label"]) * i["dout"]}


def _huber(i, a):
    delta = a.get("delta", 1.0)
    e = np.abs(i["predictions"] - i["targets"])
    return {"loss": np.where(e <= delta, 0.5 * e * e, delta * (e - 0.5 * delta))}


REFERENCES: dict[str, Reference] = {
    "relu": Reference("y = max(x, 0)", _ew("y", lambda x, a: np.maximum(x, 0.0))),
    "sigmoid": Reference("y = 1 / (1 + exp(-x))", _ew("y", lambda x, a: _sigmoid(x))),
    "mish": Reference("y = x * tanh(softplus(x)), softplus(x) = log(1 + exp(x))",
                      _ew("y", lambda x, a: x * np.tanh(_softplus(x)))),
    "selu": Reference("y = scale * (max(0, x) + min(0, alpha * (exp(x) - 1))), alpha = 1.67326..., scale = 1.05070...",
                      _ew("y", lambda x, a: SELU_SCALE * np.where(x > 0, x, SELU_ALPHA * np.expm1(np.minimum(x, 0.0))))),
    "softsign": Reference("y = x / (1 + |x|)", _ew("y", lambda x, a: x / (1.0 + np.abs(x)))),
    "tanh_grad": Reference("dx = dy * (1 - y^2)", lambda i, a: {"dx": i["dy"] * (1.0 - i["y"] ** 2)}),
    "sigmoid_grad": Reference("z = y * x * (1 - x), x the forward sigmoid output, y the incoming gradient",
                              lambda i, a: {"z": i["y"] * i["x"] * (1.0 - i["x"])},
                              "the OpDef names the forward output x and the incoming gradient y (TF SigmoidGrad)"),
    "hard_swish_v2": Reference("y = x * min(max(x + 3, 0), 6) / 6",
                               _ew("y", lambda x, a: x * np.clip(x + 3.0, 0.0, 6.0) / 6.0)),
    "celu_v3": Reference("out = max(0, x) + min(0, alpha * (exp(x / alpha) - 1))",
                         _ew("out", lambda x, a: np.maximum(x, 0.0)
                             + np.minimum(0.0, a.get("alpha", 1.0) * np.expm1(np.minimum(x, 0.0) / a.get("alpha", 1.0))))),
    "elu": Reference("y = scale * x for x > 0, scale * alpha * (exp(input_scale * x) - 1) otherwise",
                     _ew("y", lambda x, a: a.get("scale", 1.0) * np.where(
                         x > 0, x, a.get("alpha", 1.0) * np.expm1(a.get("input_scale", 1.0) * np.minimum(x, 0.0))))),
    "leakyrelu_v2": Reference("y = x for x >= 0, negativeSlope * x otherwise",
                              _ew("y", lambda x, a: np.where(x >= 0, x, a.get("negativeSlope", 1.0) * x)),
                              "the OpDef declares negativeSlope without a value; its graph prototype and its "
                              "tiling's fallback give 1.0"),
    "hard_shrink": Reference("out = x where |x| > lambd, else 0",
                             _ew("out", lambda x, a: np.where(np.abs(x) > a.get("lambd", 0.5), x, 0.0))),
    "softshrink": Reference("y = x - lambd for x > lambd, x + lambd for x < -lambd, else 0",
                            _ew("output_y", lambda x, a: np.where(x > a.get("lambd", 0.5), x - a.get("lambd", 0.5),
                                np.where(x < -a.get("lambd", 0.5), x + a.get("lambd", 0.5), 0.0)))),
    "softplus_v2": Reference("y = log(1 + exp(beta * x)) / beta, x where beta * x > threshold",
                             _ew("y", lambda x, a: np.where(a.get("beta", 1.0) * x > a.get("threshold", 20.0), x,
                                                            _softplus(a.get("beta", 1.0) * x) / a.get("beta", 1.0)))),
    "swish": Reference("y = x * sigmoid(scale * x)", _ew("y", lambda x, a: x * _sigmoid(a.get("scale", 1.0) * x))),
    "softmax_v2": Reference("y = exp(x - max) / sum(exp(x - max)) along dim",
                            _ew("y", lambda x, a: _softmax(x, a.get("dim", -1) if a.get("dim") is not None else -1))),
    "log_softmax_v2": Reference("out = x - max - log(sum(exp(x - max))) along axes",
                                _ew("out", lambda x, a: _log_softmax(x, a.get("axes", [-1])))),
    "mse_loss": Reference("y = reduction((predict - label)^2), reduction in mean, sum, none",
                          lambda i, a: {"y": _reduce((i["predict"] - i["label"]) ** 2, a.get("reduction", "mean"))}),
    "l2_loss": Reference("y = sum(x^2) / 2 (a scalar)", _ew("y", lambda x, a: np.asarray((x * x).sum() / 2.0))),
    "apply_gradient_descent": Reference("var = var - alpha * delta (alpha a one-element tensor)",
                                        lambda i, a: {"var": i["var"] - i["alpha"] * i["delta"]}),
    "apply_adagrad_d": Reference("accum += grad^2 (update_slots); var -= lr * grad / sqrt(accum)", _apply_adagrad_d),
    "relu6": Reference("y = min(max(x, 0), 6)", _ew("y", lambda x, a: np.clip(x, 0.0, 6.0))),
    "softplus": Reference("y = log(1 + exp(x))", _ew("y", lambda x, a: _softplus(x))),
    "gelu": Reference("y = x * Phi(x) = 0.5 * x * (1 + erf(x / sqrt 2))", _ew("y", _gelu)),
    "fast_gelu_v2": Reference("y = x * (sgn(x) * (-0.1444 * (min(|0.7071 x|, 1.769) - 1.769)^2 + 0.5) + 0.5), "
                              "sgn(x) = (x + 1e-12) / |x + 1e-12|", _ew("y", _fast_gelu_v2)),
    "hard_sigmoid_v2": Reference("y = 0 for x <= -3, x / 6 + 1/2 for -3 < x < 3, 1 for x >= 3",
                                 _ew("y", lambda x, a: np.clip(x / 6.0 + 0.5, 0.0, 1.0))),
    "logsigmoid_v2": Reference("z = log(1 / (1 + exp(-x))) = -softplus(-x)", _ew("z", lambda x, a: -_softplus(-x))),
    "softsign_grad": Reference("output = gradients / (1 + |features|)^2",
                               lambda i, a: {"output": i["gradients"] / (1.0 + np.abs(i["features"])) ** 2}),
    "softshrink_grad": Reference("output_y = input_grad where |input_x| > lambd, else 0",
                                 lambda i, a: {"output_y": np.where(np.abs(i["input_x"]) > a.get("lambd", 0.5),
                                                                    i["input_grad"], 0.0)}),
    "hard_shrink_grad": Reference("output = grad_output where |self| > lambd, else 0",
                                  lambda i, a: {"output": np.where(np.abs(i["self"]) > a.get("lambd", 0.5),
                                                                   i["grad_output"], 0.0)}),
    "elu_grad": Reference("y = (min(activations, 0) + 1) * grads",
                          lambda i, a: {"y": (np.minimum(i["activations"], 0.0) + 1.0) * i["grads"]}),
    "swish_grad": Reference("grad_x = grad * s * (1 + sconf * x * (1 - s)), s = sigmoid(sconf * x)", _swish_grad,
                            "the forward output y is an input the formula does not need"),
    "selu_grad": Reference("y = gradients * scale for outputs >= 0, gradients * (outputs + scale * alpha) otherwise",
                           lambda i, a: {"y": np.where(i["outputs"] >= 0, i["gradients"] * SELU_SCALE,
                                                       i["gradients"] * (i["outputs"] + SELU_SCALE * SELU_ALPHA))}),
    "relu_grad": Reference("backprops = gradients where features > 0, else 0",
                           lambda i, a: {"backprops": np.where(i["features"] > 0, i["gradients"], 0.0)}),
    "celu": Reference("y = alpha3 * 3 for x >= 0, alpha1 * (exp(x / alpha2) - 1) for x < 0",
                      _ew("y", lambda x, a: np.where(x >= 0, a.get("alpha3", 1.0) * 3.0, a.get("alpha1", 1.0)
                                                     * np.expm1(np.minimum(x, 0.0) / a.get("alpha2", 1.0)))),
                      "as its README states and its kernel computes (Duplicate(alpha3 * 3)): a constant for x >= 0, "
                      "not CELU's alpha3 * x"),
    "threshold_v2": Reference("out = x where x > threshold, else value",
                              _ew("out", lambda x, a: np.where(x > a["threshold"], x, a["value"]))),
    "shrink": Reference("out = x - bias for x > lambd, x + bias for x < -lambd, else 0",
                        _ew("out", lambda x, a: np.where(x > a.get("lambd", 1.0), x - a.get("bias", 1.0),
                                                         np.where(x < -a.get("lambd", 1.0), x + a.get("bias", 1.0), 0.0)))),
    "silu_grad": Reference("dx = dy * s * (1 + x * (1 - s)), s = sigmoid(x)",
                           lambda i, a: {"dx": i["dy"] * _sigmoid(i["x"]) * (1.0 + i["x"] * (1.0 - _sigmoid(i["x"])))}),
    "mish_grad": Reference("x_grad = grad * (t + x * (1 - t^2) * sigmoid(x)), t = tanh(softplus(x))", _mish_grad,
                           "the optional tanhx input is the forward tanh(softplus(x)); the golden recomputes it"),
    "huber_loss": Reference("loss = 0.5 e^2 for |e| <= delta, delta * (|e| - 0.5 delta) otherwise, e = predictions - "
                            "targets (elementwise)", _huber),
    "smooth_l1_loss_v2": Reference("loss = reduction(m^2 / (2 sigma) + (|d| - m)), d = predict - label, "
                                   "m = min(|d|, sigma)", _smooth_l1),
    "soft_margin_loss": Reference("output = reduction(max(0, -t x) + log(1 + exp(-|t x|))), reduction 0 none, 1 mean, "
                                  "2 sum", lambda i, a: {"output": _reduce(
                                      np.maximum(0.0, -i["target"] * i["self"])
                                      + np.log1p(np.exp(-np.abs(i["target"] * i["self"]))), a.get("reduction", 1))}),
    "hinge_loss": Reference("loss = max(0, 1 - target * predict)",
                            lambda i, a: {"loss": np.maximum(0.0, 1.0 - i["target"] * i["predict"])}),
    "l1_loss_grad": Reference("y = grads * sign(predict - label) * cof, cof = 1/N for mean, else 1", _l1_loss_grad),
    "mse_loss_grad": Reference("y = cof * (predict - label) * dout, cof = 2/N for mean, else 2", _mse_loss_grad),
    "apply_proximal_gradient_descent": Reference(
        "prox = var - alpha * delta; var_out = sign(prox) / (1 + alpha * l2) * max(|prox| - alpha * l1, 0)",
        _apply_proximal_gd),
    "apply_adamax": Reference("m = beta1 m + (1 - beta1) grad; v = max(beta2 v, |grad|); "
                              "var -= lr / (1 - beta1Power) * m / (v + epsilon)", _apply_adamax),
    "apply_rms_prop": Reference("ms += (1 - rho)(grad^2 - ms); mom = momentum mom + lr grad / sqrt(epsilon + ms); "
                                "var -= mom", _apply_rms_prop),
}


def golden(name: str, inputs: dict, attrs: dict | None = None) -> dict:
    """{output name: float64 array} of the operator's reference formula."""
    with np.errstate(all="ignore"):
        return REFERENCES[name].fn({k: np.asarray(v, dtype=np.float64) for k, v in inputs.items()}, attrs or {})


def reference(name: str) -> Callable[[dict, dict], dict]:
    """golden= for a kernelgen.lang built-in: the operator's docs formula above, independent of its expression."""
    def fn(inputs: dict, attrs: dict) -> dict:
        return golden(name, inputs, attrs)
    fn.__name__ = f"golden_{name}"
    return fn
