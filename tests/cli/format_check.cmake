# repo.format: every C++ file of the repository is laid out as .clang-format says, so a diff shows
# what changed and never a re-wrap. Lists the files that differ and how to fix them.
# A self-test first: a badly laid out file must be caught, so a checker that checks nothing fails.
#
# cmake -DSOURCE_DIR=<repository> -DWORK_DIR=<scratch folder> -DCLANG_FORMAT=<clang-format> -P format_check.cmake
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR OR NOT WORK_DIR OR NOT CLANG_FORMAT)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch> -DCLANG_FORMAT=<tool> -P format_check.cmake")
endif()

# Self-test: a file the style forbids (two statements on one line, bad indentation).
set(probe_dir "${WORK_DIR}/format_probe")
file(REMOVE_RECURSE "${probe_dir}")
file(MAKE_DIRECTORY "${probe_dir}")
file(COPY "${SOURCE_DIR}/.clang-format" DESTINATION "${probe_dir}")
file(WRITE "${probe_dir}/bad.cpp" "int f(int x){ if(x) return 1;  return 2;}\n")
execute_process(COMMAND "${CLANG_FORMAT}" --dry-run -Werror "${probe_dir}/bad.cpp"
                RESULT_VARIABLE probe_rc OUTPUT_QUIET ERROR_QUIET)
if(probe_rc EQUAL 0)
  message(FATAL_ERROR "self-test: ${CLANG_FORMAT} accepted a badly laid out file; the check would check nothing")
endif()

# The sources: everything under the project's code folders, never build trees.
set(files)
foreach(dir app engine views tests tools)
  file(GLOB_RECURSE found LIST_DIRECTORIES false RELATIVE "${SOURCE_DIR}"
       "${SOURCE_DIR}/${dir}/*.cpp" "${SOURCE_DIR}/${dir}/*.h")
  list(APPEND files ${found})
endforeach()
list(LENGTH files count)
if(count LESS 100)
  message(FATAL_ERROR "found only ${count} C++ files under ${SOURCE_DIR}: wrong SOURCE_DIR?")
endif()

# One clang-format run over every file (one process per file takes a minute on a loaded machine);
# only when it objects, file by file to name them.
set(bad)
execute_process(COMMAND "${CLANG_FORMAT}" --dry-run -Werror ${files} WORKING_DIRECTORY "${SOURCE_DIR}"
                RESULT_VARIABLE all_rc OUTPUT_QUIET ERROR_QUIET)
if(NOT all_rc EQUAL 0)
  foreach(f IN LISTS files)
    execute_process(COMMAND "${CLANG_FORMAT}" --dry-run -Werror "${f}" WORKING_DIRECTORY "${SOURCE_DIR}"
                    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
    if(NOT rc EQUAL 0)
      list(APPEND bad "${f}")
    endif()
  endforeach()
  if(NOT bad)
    message(FATAL_ERROR "clang-format failed on the whole list but on no single file")
  endif()
endif()
if(bad)
  list(LENGTH bad n)
  list(JOIN bad "\n  " shown)
  message(FATAL_ERROR "${n} of ${count} files are not laid out as .clang-format says:\n  ${shown}\n"
                      "Fix: clang-format -i <file> (from the repository root).")
endif()
message(STATUS "${count} files laid out as .clang-format says")
