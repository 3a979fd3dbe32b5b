// Unity build of the defect tests: one defective kernel (or a few) per strictness class.
#include "defect_bf16.cpp"
#include "defect_buffer_count.cpp"
#include "defect_cast_mode.cpp"
#include "defect_data_copy_pad.cpp"
#include "defect_datacopy_align.cpp"
#include "defect_gm_bounds.cpp"
#include "defect_local_align.cpp"
#include "defect_misc.cpp"
#include "defect_queue.cpp"
#include "defect_sync.cpp"
#include "defect_tbuf.cpp"
#include "defect_tiling.cpp"
#include "defect_ub_overflow.cpp"
#include "defect_vector_range.cpp"

KG_TEST_MAIN()
