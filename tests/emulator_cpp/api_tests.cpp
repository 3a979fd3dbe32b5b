// Unity build of the kernel-API functional tests (one compile for the whole suite).
#include "api_copy.cpp"
#include "api_gelu_grad.cpp"
#include "api_styles.cpp"
#include "api_vector.cpp"
#include "api_mask_extras.cpp"

KG_TEST_MAIN()
