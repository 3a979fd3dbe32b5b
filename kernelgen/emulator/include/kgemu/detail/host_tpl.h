// kernelgen CPU emulator (private): template tiling keys (ASCENDC_TPL_*). Encoding is CANN's: parameters in
// ASCENDC_TPL_ARGS_DECL order, each packed at the running bit offset with its bit width; a UINT parameter
// encodes the index of its value in the declared (expanded) value list, DTYPE/FORMAT/BOOL encode the raw
// value. Every declaration and selection list is also registered by name so the harness and a kernel
// launcher can decode a key back to parameter values (kgemu::tpl::DecodeTilingKey).
#include "kgemu/detail/host_guard.h"
#ifndef KGEMU_DETAIL_HOST_TPL_H
#define KGEMU_DETAIL_HOST_TPL_H

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

#include "kgemu/detail/host_log.h"

// declare paramType
#define ASCENDC_TPL_DTYPE 0
#define ASCENDC_TPL_FORMAT 1
#define ASCENDC_TPL_UINT 2
#define ASCENDC_TPL_BOOL 3
constexpr uint32_t ASCENDC_TPL_KERNEL_TYPE = 4;
constexpr uint32_t ASCENDC_TPL_DETERMINISTIC = 5;
constexpr uint32_t ASCENDC_TPL_SHARED_KERNEL_TYPE = 6;
// UINT value-list forms
#define ASCENDC_TPL_UI_RANGE 0
#define ASCENDC_TPL_UI_LIST 1
#define ASCENDC_TPL_UI_MIX 2
// DATATYPE "follow input/output" markers
#define ASCENDC_TPL_INPUT_BIAS 100000000
#define ASCENDC_TPL_OUTPUT_BIAS 900000000
#define ASCENDC_TPL_INPUT(x) (ASCENDC_TPL_INPUT_BIAS + (x))
#define ASCENDC_TPL_OUTPUT(x) (ASCENDC_TPL_OUTPUT_BIAS + (x))
constexpr uint8_t MAX_BITS_NUM = 64;
constexpr uint64_t INVALID_TILING_KEY = 0XFFFFFFFFFFFFFFFFULL;

namespace kgemu {
namespace tpl {
// A UINT or BOOL selection list's values as CANN's build reads them: outside its CPU-debug mode ASCENDC_TPL_SEL
// compiles to nothing on host and kernel alike, and the key tool reads the list from the ASCENDC_TPL_PRE
// preprocessor output as every run of decimal digits (asc-devkit template_tiling.py, extract_num). So a name
// that no #define gives a value reads as nothing (clipped_swiglu's TPL_FLOOR, defined by no header it includes),
// where compiling the list would stop on it.
inline std::vector<uint64_t> NumbersIn(const char* text) {
    std::vector<uint64_t> out;
    for (const char* p = text; *p;) {
        if (*p < '0' || *p > '9') { ++p; continue; }
        uint64_t v = 0;
        for (; *p >= '0' && *p <= '9'; ++p) v = v * 10 + static_cast<uint64_t>(*p - '0');
        out.push_back(v);
    }
    return out;
}
}  // namespace tpl
}  // namespace kgemu

struct ParamStruct {
    const char* name;
    uint32_t paramType;
    uint8_t bitWidth;
    std::vector<uint64_t> vals;
    const char* macroType;
    std::vector<uint64_t> followMarkers;  // ASCENDC_TPL_INPUT/OUTPUT(x) entries of a DATATYPE declaration

    ParamStruct(const char* inName, uint32_t inParamType, uint8_t inBitWidth, std::vector<uint64_t> inVals,
                const char* inMacroType)
        : name(inName), paramType(inParamType), bitWidth(inBitWidth), vals(std::move(inVals)), macroType(inMacroType) {
        if (paramType == ASCENDC_TPL_UINT) {
            ParseTplUintValue();
        } else if (paramType == ASCENDC_TPL_DTYPE) {
            std::vector<uint64_t> kept;
            for (uint64_t v : vals) (v >= ASCENDC_TPL_INPUT_BIAS ? followMarkers : kept).push_back(v);
            vals = std::move(kept);
        }
    }

    // {LIST, v...} -> v...; {RANGE, n, lo0, hi0, ...} -> every value of the n ranges; MIX = ranges then a list.
    void ParseTplUintValue() {
        if (vals.empty()) return;
        const uint64_t flag = vals[0];
        if (flag == ASCENDC_TPL_UI_LIST) {
            vals.erase(vals.begin());
            return;
        }
        std::vector<uint64_t> out;
        const size_t ranges = vals.size() > 1 ? static_cast<size_t>(vals[1]) : 0;
        for (size_t i = 1; i <= ranges && 2 * i + 1 < vals.size(); ++i) {
            for (uint64_t v = vals[2 * i]; v <= vals[2 * i + 1]; ++v) out.push_back(v);
        }
        if (flag == ASCENDC_TPL_UI_MIX) {
            for (size_t j = 2 + ranges * 2; j < vals.size(); ++j) out.push_back(vals[j]);
        }
        vals = std::move(out);
    }
};
using TilingDeclareParams = std::vector<ParamStruct>;
using TilingSelectParams = std::vector<std::vector<ParamStruct>>;

namespace kgemu {
namespace tpl {

// CANN's FastEncodeTilingKeyDirect, with its "[ERROR]" prints turned into captured host-log errors.
inline uint64_t EncodeTilingKey(const TilingDeclareParams& decl, const uint64_t* args, size_t n_args) {
    if (n_args != decl.size()) {
        kgemu::detail::HostLog(kgemu::detail::LogLevel::kWarn, "GET_TPL_TILING_KEY",
                               "got %zu values for %zu declared template parameters (only the first %zu encode)",
                               n_args, decl.size(), std::min(n_args, decl.size()));
    }
    uint32_t bits = 0;
    uint64_t key = 0;
    for (size_t i = 0; i < decl.size() && i < n_args; ++i) {
        const ParamStruct& p = decl[i];
        uint64_t v = args[i];
        if (p.paramType == ASCENDC_TPL_UINT) {
            const auto pos = std::find(p.vals.begin(), p.vals.end(), v);
            if (pos == p.vals.end()) {
                kgemu::detail::HostLog(kgemu::detail::LogLevel::kError, "GET_TPL_TILING_KEY",
                                       "ASCENDC_TPL_UINT_SEL %s value %llu does not exist in ASCENDC_TPL_UINT_DECL",
                                       p.name, static_cast<unsigned long long>(v));
                return INVALID_TILING_KEY;
            }
            v = static_cast<uint64_t>(pos - p.vals.begin());
        }
        if (bits < 64) key |= (v << bits);
        bits += p.bitWidth;
    }
    if (bits > MAX_BITS_NUM) {
        kgemu::detail::HostLog(kgemu::detail::LogLevel::kError, "GET_TPL_TILING_KEY",
                               "tiling key bits %u exceed max bits %u", bits, static_cast<unsigned>(MAX_BITS_NUM));
        return INVALID_TILING_KEY;
    }
    return key;
}

inline uint64_t EncodeTilingKey(const TilingDeclareParams& decl, std::initializer_list<uint64_t> args) {
    return EncodeTilingKey(decl, args.begin(), args.size());
}

// Inverse of EncodeTilingKey: the parameter values in declaration order. False if a UINT index is out of
// range, the key has bits above the declared width, or the key is INVALID_TILING_KEY.
inline bool DecodeTilingKey(const TilingDeclareParams& decl, uint64_t key, std::vector<uint64_t>* values) {
    if (key == INVALID_TILING_KEY) return false;
    values->clear();
    uint32_t bits = 0;
    for (const ParamStruct& p : decl) {
        const uint64_t mask = p.bitWidth >= 64 ? ~0ULL : ((1ULL << p.bitWidth) - 1ULL);
        const uint64_t raw = bits < 64 ? (key >> bits) & mask : 0;
        bits += p.bitWidth;
        if (p.paramType == ASCENDC_TPL_UINT) {
            if (raw >= p.vals.size()) return false;
            values->push_back(p.vals[raw]);
        } else {
            values->push_back(raw);
        }
    }
    return bits >= 64 || (key >> bits) == 0;
}

// True if some ASCENDC_TPL_ARGS_SEL of sel admits the values (a parameter a selection does not list is free).
inline bool SelectionAdmits(const TilingDeclareParams& decl, const TilingSelectParams& sel,
                            const std::vector<uint64_t>& values) {
    for (const auto& one : sel) {
        bool ok = true;
        for (size_t i = 0; i < decl.size() && ok; ++i) {
            for (const ParamStruct& s : one) {
                if (std::string(s.name) != decl[i].name || s.paramType > ASCENDC_TPL_BOOL) continue;
                if (std::find(s.vals.begin(), s.vals.end(), values[i]) == s.vals.end()) ok = false;
            }
        }
        if (ok) return true;
    }
    return false;
}

struct TplEntry {
    std::string name;
    TilingDeclareParams decl;
    TilingSelectParams sel;
    bool has_sel = false;
    std::vector<std::string> units;  // the translation units (their __BASE_FILE__) that declared it
};

KGEMU_HIDDEN inline std::map<std::string, TplEntry>& TplTable() {
    static std::map<std::string, TplEntry> table;
    return table;
}

// ASCENDC_TPL_SEL's lists by translation unit: a unit may select before it declares (opbase's
// atvoss/reduce/reduce_tiling_key_sel.h is included before the operator's ASCENDC_TPL_ARGS_DECL; on CANN both are
// markers read by a pass over the whole file, so their order does not matter)
KGEMU_HIDDEN inline std::map<std::string, TilingSelectParams>& TplSelByUnit() {
    static std::map<std::string, TilingSelectParams> table;
    return table;
}

// Out of line: compiled once, in kg_harness.cpp (KGEMU_OPDEF_IMPL); a unit that sees only the declaration does not
// instantiate the std::map / std::vector members the body uses (docs/speed.md, Session 32)
KGEMU_HIDDEN int RegisterDecl(const char* name, const TilingDeclareParams& decl, const char* unit);
#ifdef KGEMU_OPDEF_IMPL
KGEMU_HIDDEN int RegisterDecl(const char* name, const TilingDeclareParams& decl, const char* unit) {
    TplEntry& e = TplTable()[name];
    if (e.name.empty()) {
        e.name = name;
        e.decl = decl;
    }
    e.units.emplace_back(unit);
    const auto sel = TplSelByUnit().find(unit);
    if (sel != TplSelByUnit().end() && !e.has_sel) {
        e.sel = sel->second;
        e.has_sel = true;
    }
    return 0;
}
#endif

// Out of line, as above
KGEMU_HIDDEN int RegisterSel(const char* unit, const TilingSelectParams& sel);
#ifdef KGEMU_OPDEF_IMPL
KGEMU_HIDDEN int RegisterSel(const char* unit, const TilingSelectParams& sel) {
    TplSelByUnit().emplace(unit, sel);
    for (auto& kv : TplTable()) {
        const auto& units = kv.second.units;
        if (!kv.second.has_sel && std::find(units.begin(), units.end(), unit) != units.end()) {
            kv.second.sel = sel;
            kv.second.has_sel = true;
        }
    }
    return 0;
}
#endif

// Out of line, as above
KGEMU_HIDDEN const TplEntry* FindTpl(const std::string& name);
#ifdef KGEMU_OPDEF_IMPL
KGEMU_HIDDEN const TplEntry* FindTpl(const std::string& name) {
    const auto it = TplTable().find(name);
    return it == TplTable().end() ? nullptr : &it->second;
}
#endif

// For a kernel launcher: the parameter values of `key` under the declaration named `name`
// (ASCENDC_TPL_ARGS_DECL's first argument). False if unknown name or undecodable key.
inline bool DecodeTilingKey(const std::string& name, uint64_t key, std::vector<uint64_t>* values) {
    const TplEntry* e = FindTpl(name);
    return e != nullptr && DecodeTilingKey(e->decl, key, values);
}

}  // namespace tpl
}  // namespace kgemu

#endif  // KGEMU_DETAIL_HOST_TPL_H
