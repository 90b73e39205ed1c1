# repo.docs_citations: the repository explains itself. Comments and READMEs cite docs/ in the
# repository ("docs/ge-constant-folding.md §4.1"), never documents that live outside it (the design
# notes, style notes, reference and toolchain notes, or the "seed" source documents the docs were
# written from). Fails on any such citation, on a docs/ file that does not exist, and on a section
# number that is no heading of the cited file. A self-test on a generated tree runs first, so a
# checker that finds nothing fails too.
#
# cmake -DSOURCE_DIR=<repository> -DWORK_DIR=<scratch folder> -P docs_citations.cmake
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR OR NOT WORK_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<repository> -DWORK_DIR=<scratch> -P docs_citations.cmake")
endif()

# The names are put together here so that this file does not cite them itself.
string(CONCAT outside_names "DES" "IGN|STY" "LE|REFER" "ENCE|TOOL" "CHAIN")
set(outside_docs_re "[A-Za-z0-9_./-]*(${outside_names})\\.md")
set(seed_re "[Ss]eeds? 0[0-9][0-9]")
set(docs_citation_re "docs/[A-Za-z0-9_/-]+\\.md( §[0-9]+(\\.[0-9]+)*)?")

# 1-based line of the first occurrence of `needle` in `content`.
function(line_of content needle out)
  string(FIND "${content}" "${needle}" pos)
  string(SUBSTRING "${content}" 0 ${pos} before)
  string(REGEX MATCHALL "\n" newlines "${before}")
  list(LENGTH newlines n)
  math(EXPR n "${n} + 1")
  set(${out} ${n} PARENT_SCOPE)
endfunction()

# Checks "<doc> §<section>" against the headings of <doc> ("## 4. Title", "### 4.1 Title").
# Appends a message to `errors` in the caller when the file or the section is missing.
function(check_citation root where doc section)
  if(NOT EXISTS "${root}/${doc}")
    set(errors "${errors}${where}: cites ${doc}, which does not exist\n" PARENT_SCOPE)
    return()
  endif()
  if(section STREQUAL "")
    return()
  endif()
  file(READ "${root}/${doc}" text)
  string(REPLACE "." "\\." section_re "${section}")
  if(NOT text MATCHES "(^|\n)#+ ${section_re}\\.? ")
    set(errors "${errors}${where}: cites ${doc} §${section}, which is no heading of that file\n" PARENT_SCOPE)
  endif()
endfunction()

# Scans the files of `root` under `dirs` (and the files `top_files`), except `skip`; sets `out` to
# the list of problems, one line each.
function(scan root dirs top_files skip out)
  set(files "")
  foreach(dir IN LISTS dirs)
    file(GLOB_RECURSE found LIST_DIRECTORIES false RELATIVE "${root}"
         "${root}/${dir}/*.cpp" "${root}/${dir}/*.h" "${root}/${dir}/*.cmake" "${root}/${dir}/CMakeLists.txt"
         "${root}/${dir}/*.md" "${root}/${dir}/*.txt" "${root}/${dir}/*.py" "${root}/${dir}/*.sh")
    list(APPEND files ${found})
  endforeach()
  foreach(f IN LISTS top_files)
    if(EXISTS "${root}/${f}")
      list(APPEND files "${f}")
    endif()
  endforeach()
  list(REMOVE_ITEM files ${skip})
  list(REMOVE_DUPLICATES files)

  set(errors "")
  foreach(rel IN LISTS files)
    file(READ "${root}/${rel}" content)
    # Web addresses name other repositories' files ("https://.../docs/architecture/...md"): not ours.
    string(REGEX REPLACE "https?://[^ )>\n]*" "" content "${content}")
    foreach(re IN ITEMS "${outside_docs_re}" "${seed_re}")
      string(REGEX MATCHALL "${re}" hits "${content}")
      list(REMOVE_DUPLICATES hits)
      foreach(hit IN LISTS hits)
        if(hit MATCHES "(^|/)docs/")
          continue()  # a file in docs/ of that name is checked like any docs/ citation below
        endif()
        line_of("${content}" "${hit}" line)
        set(errors "${errors}${rel}:${line}: cites '${hit}', which is not in the repository (cite docs/)\n")
      endforeach()
    endforeach()

    string(REGEX MATCHALL "${docs_citation_re}" hits "${content}")
    list(REMOVE_DUPLICATES hits)
    foreach(hit IN LISTS hits)
      string(REGEX REPLACE " §.*$" "" doc "${hit}")
      set(section "")
      if(hit MATCHES " §(.*)$")
        set(section "${CMAKE_MATCH_1}")
      endif()
      line_of("${content}" "${hit}" line)
      check_citation("${root}" "${rel}:${line}" "${doc}" "${section}")
    endforeach()

    # Inside docs/, links name their neighbours: "[peer-tools.md §5](peer-tools.md)". Square brackets
    # cannot go through CMake lists, so both forms are first rewritten as @@CITE{...}.
    get_filename_component(rel_dir "${rel}" DIRECTORY)
    if(rel_dir STREQUAL "docs")
      string(REGEX REPLACE "\\]\\(([A-Za-z0-9_-]+\\.md)\\)" "]@@CITE{\\1}" work "${content}")
      string(REGEX REPLACE "\\[([A-Za-z0-9_-]+\\.md( §[0-9.]+)?)\\]" "@@CITE{\\1}" work "${work}")
      string(REGEX MATCHALL "@@CITE{[^}]*}" cites "${work}")
      list(REMOVE_DUPLICATES cites)
      foreach(hit IN LISTS cites)
        string(REGEX REPLACE "^@@CITE{(.*)}$" "\\1" cite "${hit}")
        string(REGEX REPLACE " §.*$" "" doc "${cite}")
        if(doc MATCHES "^(${outside_names})\\.md$")
          continue()  # reported above
        endif()
        set(section "")
        if(cite MATCHES " §(.*)$")
          set(section "${CMAKE_MATCH_1}")
        endif()
        line_of("${work}" "${hit}" line)
        check_citation("${root}" "${rel}:${line}" "docs/${doc}" "${section}")
      endforeach()
    endif()
  endforeach()
  set(${out} "${errors}" PARENT_SCOPE)
endfunction()

# Self-test: a generated tree with two good citations and five bad ones.
set(self "${WORK_DIR}/docs_citations_selftest")
file(REMOVE_RECURSE "${self}")
file(WRITE "${self}/docs/a.md" "# A\n\n## 1. One\n\n### 1.2 Two\n\nSee [b.md §1](b.md) and [c.md](c.md).\n")
file(WRITE "${self}/docs/b.md" "# B\n\n## 1. One\n")
file(WRITE "${self}/src/x.h"
     "// good: docs/a.md §1, docs/a.md §1.2\n"
     "// bad: (DES"
     "IGN.md §2)\n"
     "// bad: (see"
     "d 001 §4.2)\n"
     "// bad: docs/missing.md\n"
     "// bad: docs/a.md §3, and docs/a.md §1.1 (a prefix of no heading)\n")
scan("${self}" "src;docs" "" "" self_errors)
string(REGEX MATCHALL "\n" self_lines "${self_errors}")
list(LENGTH self_lines self_count)
# Expected: the outside document, the seed, docs/missing.md, §3, §1.1, and c.md linked from a.md.
if(NOT self_count EQUAL 6)
  message(FATAL_ERROR "docs_citations self-test: expected 6 problems, found ${self_count}:\n${self_errors}")
endif()

scan("${SOURCE_DIR}" "app;engine;views;tests;tools;resources;packaging;docs;cmake"
     "CMakeLists.txt;Makefile;README.md" "tests/cli/docs_citations.cmake" errors)
if(NOT errors STREQUAL "")
  message(FATAL_ERROR "Citations of documents that are not in the repository, or of missing docs/ sections:\n"
                      "${errors}")
endif()
message(STATUS "docs citations: every cited docs/ file and section exists; nothing cites outside documents")
