// kernelgen CPU emulator: the legacy tiling-data classes (register/tilingdata_base.h):
//   BEGIN_TILING_DATA_DEF(Cls) TILING_DATA_FIELD_DEF(type, name); TILING_DATA_FIELD_DEF_ARR(type, n, name);
//   TILING_DATA_FIELD_DEF_STRUCT(SubCls, name); END_TILING_DATA_DEF; REGISTER_TILING_DATA_CLASS(OpType, Cls)
// Layout as on CANN: fields in declaration order, each aligned to its element size (nested structs to 8),
// total padded to 8. set_x/get_x work on the class's own zeroed buffer; SaveToBuffer copies it out and
// records the field names so the run report can show "tiling_fields".
// Kernel side: with KGEMU_TILING_DATA_AS_STRUCT defined before inclusion, the same macros declare a plain
// struct with the same layout (what CANN generates for GET_TILING_DATA), and REGISTER_TILING_DATA_CLASS
// declares kgemu_tiling::<OpType> as an alias of it. Kernels that include the class's header and call the
// host spelling (tiling->get_tileCount(), set_x) get the same accessors as inline members (no layout change).
#ifndef KGEMU_REGISTER_TILINGDATA_BASE_H
#define KGEMU_REGISTER_TILINGDATA_BASE_H

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "securec.h"

#if defined(KGEMU_TILING_DATA_AS_STRUCT)

#define BEGIN_TILING_DATA_DEF(class_name) struct alignas(8) class_name {
#define TILING_DATA_FIELD_DEF(data_type, field_name)                          \
    data_type field_name;                                                     \
    data_type get_##field_name() const { return field_name; }                 \
    void set_##field_name(data_type kg_value) { field_name = kg_value; }
#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name)             \
    arr_type field_name[arr_size];                                            \
    const arr_type* get_##field_name() const { return field_name; }           \
    arr_type* get_##field_name() { return field_name; }
#define TILING_DATA_FIELD_DEF_STRUCT(struct_type, field_name) struct_type field_name;
#define END_TILING_DATA_DEF \
    }                       \
    ;
#define REGISTER_TILING_DATA_CLASS(op_type, class_name) \
    namespace kgemu_tiling {                            \
    using op_type = class_name;                         \
    }
// CANN's header declares its classes in optiling, so headers included after it may name the namespace (opbase's
// atvoss/elewise/elewise_tiling.h: `using namespace optiling;`, reached by sigmoid_grad's kernel tiling header)
namespace optiling {}

#else  // host side

#include "graph/ascend_string.h"
#ifndef KGEMU_HOST_DETAIL_OK
#define KGEMU_HOST_DETAIL_OK
#endif
#include "kgemu/detail/host_tiling_fields.h"

namespace optiling {
class FieldInfo {
public:
    FieldInfo(const char* dtype, const char* name) : dtype_(dtype), name_(name), classType_("0") {}
    FieldInfo(const char* dtype, const char* name, size_t arrSize)
        : dtype_(dtype), name_(name), arrSize_(arrSize), classType_("1") {}
    FieldInfo(const char* dtype, const char* name, const char* structType, size_t structSize)
        : dtype_(dtype), name_(name), structType_(structType), structSize_(structSize), classType_("2") {}
    const char* dtype_;
    const char* name_;
    size_t arrSize_ = 0;
    const char* structType_ = nullptr;
    size_t structSize_ = 0;
    const char* classType_;
};

class TilingDef {
public:
    virtual ~TilingDef() = default;

    // Copies the class's bytes to pdata (nothing, and an error log, if capacity is too small).
    KGEMU_HIDDEN void SaveToBuffer(void* pdata, size_t capacity);
    std::vector<FieldInfo> GetFieldInfo() const { return field_info_; }
    const char* GetTilingClassName() const { return class_name_; }
    size_t GetDataSize() const { return data_size_; }
    KGEMU_HIDDEN void SetDataPtr(void* dataPtr);

    // emulator-private: the flattened field layout (nested struct fields as "member.field").
    KGEMU_HIDDEN void KgCollectFields(const std::string& prefix, size_t base,
                                      std::vector<kgemu::detail::TilingFieldRecord>& out) const;
    // emulator-private: the class's own members in order ('f' field, 'a' array, 's' nested class), what the
    // launcher writes the kernel's plain structs from (as CANN generates the kernel's tiling header)
    struct KgMember {
        std::string name;
        char kind;
        std::string type;    // the C++ spelling given to the macro, or the nested class's name
        size_t count;
        size_t offset;
        const TilingDef* sub;
    };
    KGEMU_HIDDEN std::vector<KgMember> KgMembers() const;

protected:
    void CheckAlignAndGenPlaceHolder(const char*, size_t typeSize) {
        if (typeSize > 0 && data_size_ % typeSize != 0) data_size_ += typeSize - data_size_ % typeSize;
    }
    KGEMU_HIDDEN size_t KgAddField(const FieldInfo& info, size_t elem_size, size_t bytes, size_t align);
    KGEMU_HIDDEN void InitData();

    std::vector<FieldInfo> field_info_;
    std::vector<size_t> offsets_;
    std::vector<size_t> elem_sizes_;
    std::vector<std::pair<TilingDef*, size_t>> structs_;
    uint8_t* data_ptr_ = nullptr;
    size_t data_size_ = 0;
    const char* class_name_ = nullptr;
    bool inited_data_ptr_ = false;
    std::vector<uint8_t> own_;
};

class StructSizeInfoBase {
public:
    KGEMU_HIDDEN static StructSizeInfoBase& GetInstance() {
        static StructSizeInfoBase instance;
        return instance;
    }
    KGEMU_HIDDEN void SetStructSize(const char* structType, const size_t structSize);
    KGEMU_HIDDEN size_t GetStructSize(const char* structType);

private:
    std::map<std::string, size_t> sizes_;
};

using TilingDataConstructor = std::shared_ptr<TilingDef> (*)();

class CTilingDataClassFactory {
public:
    KGEMU_HIDDEN static CTilingDataClassFactory& GetInstance() {
        static CTilingDataClassFactory instance;
        return instance;
    }
    KGEMU_HIDDEN void RegisterTilingData(const char* op_type, const TilingDataConstructor constructor);
    KGEMU_HIDDEN std::shared_ptr<TilingDef> CreateTilingDataInstance(const char* op_type);
    // emulator-private
    const std::map<std::string, TilingDataConstructor>& KgAll() const { return instance_; }

private:
    std::map<std::string, TilingDataConstructor> instance_;
};

// The members above declared KGEMU_HIDDEN are out of line: compiled once, in kg_harness.cpp (KGEMU_OPDEF_IMPL), so a
// host unit does not instantiate the std::map / std::vector members their bodies use (docs/speed.md, Session 32)
#ifdef KGEMU_OPDEF_IMPL
void TilingDef::SaveToBuffer(void* pdata, size_t capacity) {
    if (pdata == nullptr || capacity < data_size_) {
        std::fprintf(stderr, "[kgemu host ERROR] %s::SaveToBuffer: capacity %zu < data size %zu\n",
                     class_name_ == nullptr ? "?" : class_name_, capacity, data_size_);
        return;
    }
    if (data_size_ > 0 && pdata != data_ptr_) std::memcpy(pdata, data_ptr_, data_size_);
    kgemu::detail::TilingSaveRecord rec;
    rec.dst = pdata;
    rec.size = data_size_;
    rec.class_name = class_name_ == nullptr ? "" : class_name_;
    KgCollectFields("", 0, rec.fields);
    kgemu::detail::TilingSaves().push_back(std::move(rec));
}
void TilingDef::SetDataPtr(void* dataPtr) {
    data_ptr_ = static_cast<uint8_t*>(dataPtr);
    inited_data_ptr_ = true;
    for (auto& s : structs_) s.first->SetDataPtr(data_ptr_ + s.second);
}
void TilingDef::KgCollectFields(const std::string& prefix, size_t base,
                                std::vector<kgemu::detail::TilingFieldRecord>& out) const {
    size_t next_struct = 0;
    for (size_t i = 0; i < field_info_.size(); ++i) {
        const FieldInfo& f = field_info_[i];
        if (f.classType_[0] == '2') {
            const auto& s = structs_[next_struct++];
            s.first->KgCollectFields(prefix + f.name_ + ".", base + s.second, out);
            continue;
        }
        kgemu::detail::TilingFieldRecord r;
        r.name = prefix + f.name_;
        r.dtype = f.dtype_;
        r.offset = base + offsets_[i];
        r.elem_size = elem_sizes_[i];
        r.is_array = f.classType_[0] == '1';
        r.count = r.is_array ? f.arrSize_ : 1;
        out.push_back(r);
    }
}
std::vector<TilingDef::KgMember> TilingDef::KgMembers() const {
    std::vector<KgMember> out;
    size_t next_struct = 0;
    for (size_t i = 0; i < field_info_.size(); ++i) {
        const FieldInfo& f = field_info_[i];
        const char kind = f.classType_[0] == '2' ? 's' : (f.classType_[0] == '1' ? 'a' : 'f');
        const TilingDef* sub = kind == 's' ? structs_[next_struct++].first : nullptr;
        out.push_back(KgMember{f.name_, kind, kind == 's' ? f.structType_ : f.dtype_, kind == 'a' ? f.arrSize_ : 1,
                               offsets_[i], sub});
    }
    return out;
}
size_t TilingDef::KgAddField(const FieldInfo& info, size_t elem_size, size_t bytes, size_t align) {
    CheckAlignAndGenPlaceHolder(info.name_, align);
    field_info_.push_back(info);
    offsets_.push_back(data_size_);
    elem_sizes_.push_back(elem_size);
    const size_t off = data_size_;
    data_size_ += bytes;
    return off;
}
void TilingDef::InitData() {
    own_.assign(data_size_ == 0 ? 8 : data_size_, 0);
    SetDataPtr(own_.data());
    inited_data_ptr_ = false;
}
void StructSizeInfoBase::SetStructSize(const char* structType, const size_t structSize) {
    if (sizes_.find(structType) == sizes_.end()) sizes_[structType] = structSize;
}
size_t StructSizeInfoBase::GetStructSize(const char* structType) { return sizes_.at(structType); }
void CTilingDataClassFactory::RegisterTilingData(const char* op_type, const TilingDataConstructor constructor) {
    if (instance_.find(op_type) == instance_.end()) instance_[op_type] = constructor;
}
std::shared_ptr<TilingDef> CTilingDataClassFactory::CreateTilingDataInstance(const char* op_type) {
    const auto it = instance_.find(op_type);
    return it == instance_.end() ? nullptr : it->second();
}
#endif  // KGEMU_OPDEF_IMPL
}  // namespace optiling

#define BEGIN_TILING_DATA_DEF(class_name)                                                                 \
    class class_name : public TilingDef {                                                                 \
    public:                                                                                               \
        using kg_tiling_def_class = void;                                                                 \
        static constexpr const char* kg_class_name = #class_name;                                         \
        class_name() {                                                                                    \
            class_name_ = #class_name;                                                                    \
            CheckAlignAndGenPlaceHolder(#class_name "PH", 8);                                             \
            StructSizeInfoBase::GetInstance().SetStructSize(#class_name, data_size_);                     \
            InitData();                                                                                   \
        }                                                                                                 \
        explicit class_name(void* ptr) {                                                                  \
            class_name_ = #class_name;                                                                    \
            CheckAlignAndGenPlaceHolder(#class_name "PH", 8);                                             \
            StructSizeInfoBase::GetInstance().SetStructSize(#class_name, data_size_);                     \
            if (ptr != nullptr) SetDataPtr(ptr);                                                          \
        }

#define TILING_DATA_FIELD_DEF(data_type, field_name)                                                      \
public:                                                                                                   \
    void set_##field_name(data_type field_name) {                                                         \
        field_name##_ = field_name;                                                                       \
        std::memcpy(data_ptr_ + field_name##_offset_, &field_name##_, sizeof(data_type));                 \
    }                                                                                                     \
    data_type get_##field_name() { return field_name##_; }                                                \
                                                                                                          \
private:                                                                                                  \
    data_type field_name##_ = 0;                                                                          \
    size_t field_name##_offset_ =                                                                         \
        KgAddField(FieldInfo(#data_type, #field_name), sizeof(data_type), sizeof(data_type), sizeof(data_type));

#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name)                                         \
public:                                                                                                   \
    void set_##field_name(arr_type* field_name) {                                                         \
        if (data_ptr_ + field_name##_offset_ == reinterpret_cast<uint8_t*>(field_name)) return;           \
        std::memcpy(data_ptr_ + field_name##_offset_, field_name, (arr_size) * sizeof(arr_type));          \
    }                                                                                                     \
    arr_type* get_##field_name() { return reinterpret_cast<arr_type*>(data_ptr_ + field_name##_offset_); } \
                                                                                                          \
private:                                                                                                  \
    size_t field_name##_offset_ = KgAddField(FieldInfo(#arr_type, #field_name, arr_size), sizeof(arr_type), \
                                             (arr_size) * sizeof(arr_type), sizeof(arr_type));

#define TILING_DATA_FIELD_DEF_STRUCT(struct_type, field_name)                                             \
public:                                                                                                   \
    struct_type field_name{nullptr};                                                                      \
                                                                                                          \
private:                                                                                                  \
    size_t field_name##_offset_ = [this]() {                                                              \
        const size_t off = KgAddField(FieldInfo("struct", #field_name, #struct_type, field_name.GetDataSize()), \
                                      8, field_name.GetDataSize(), 8);                                    \
        structs_.emplace_back(&field_name, off);                                                          \
        return off;                                                                                       \
    }();

#define END_TILING_DATA_DEF \
    }                       \
    ;

#define REGISTER_TILING_DATA_CLASS(op_type, class_name)                                                   \
    namespace {                                                                                           \
    class op_type##class_name##Helper {                                                                   \
    public:                                                                                               \
        op_type##class_name##Helper() {                                                                   \
            CTilingDataClassFactory::GetInstance().RegisterTilingData(#op_type, TilingDataConstructor);   \
        }                                                                                                 \
        static std::shared_ptr<TilingDef> TilingDataConstructor() { return std::make_shared<class_name>(); } \
    };                                                                                                    \
    op_type##class_name##Helper g_tilingdata_##op_type##class_name##helper;                               \
    }

#endif  // KGEMU_TILING_DATA_AS_STRUCT
#endif  // KGEMU_REGISTER_TILINGDATA_BASE_H
