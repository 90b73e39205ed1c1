# Unpacks resources/models/pytorch/layout_models.tar.gz (written by
# tools/torch_exports/layout_models.py: torchvision's models and an 80-layer Llama-shaped decoder as
# users export them, weights stripped) into ${CMAKE_BINARY_DIR}/layout_models, once per change of the
# archive. Sets PASSSCOPE_LAYOUT_MODELS_DIR for the tests and benchmarks that open them.
set(PASSSCOPE_LAYOUT_MODELS_DIR ${CMAKE_BINARY_DIR}/layout_models)
set(_layout_archive ${CMAKE_CURRENT_LIST_DIR}/layout_models.tar.gz)
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_layout_archive})
file(SHA256 ${_layout_archive} _layout_hash)
if(NOT EXISTS ${PASSSCOPE_LAYOUT_MODELS_DIR}/.sha256)
  set(_layout_unpacked "")
else()
  file(READ ${PASSSCOPE_LAYOUT_MODELS_DIR}/.sha256 _layout_unpacked)
endif()
if(NOT _layout_unpacked STREQUAL _layout_hash)
  file(REMOVE_RECURSE ${PASSSCOPE_LAYOUT_MODELS_DIR})
  file(ARCHIVE_EXTRACT INPUT ${_layout_archive} DESTINATION ${PASSSCOPE_LAYOUT_MODELS_DIR})
  file(WRITE ${PASSSCOPE_LAYOUT_MODELS_DIR}/.sha256 ${_layout_hash})
endif()
