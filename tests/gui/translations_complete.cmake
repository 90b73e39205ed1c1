# Fails when the translation files are not complete and current (issue 24): lupdate is run over
# today's sources into copies of translations/*.ts (the originals are left alone), keeping what
# lupdate would drop; then a zh_CN message left unfinished, or a message in either file whose
# source string is gone (vanished, obsolete), is an error that names the message.
# Invoked as: cmake -DLUPDATE=... -DGENERATOR=... -DPROJECT=... -DSOURCE_DIR=... -DWORK=... -P this
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${CMAKE_COMMAND} -DIN_FILE=${PROJECT} -DOUT_FILE=${WORK}/project.json -P ${GENERATOR}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "could not write the lupdate project from ${PROJECT}")
endif()
set(copies "")
foreach(locale zh_CN en)
  configure_file(${SOURCE_DIR}/translations/passscope_${locale}.ts ${WORK}/passscope_${locale}.ts COPYONLY)
  list(APPEND copies ${WORK}/passscope_${locale}.ts)
endforeach()
execute_process(COMMAND ${LUPDATE} -project ${WORK}/project.json -locations none -ts ${copies}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lupdate failed:\n${out}")
endif()

set(problems "")
foreach(locale zh_CN en)
  file(READ ${WORK}/passscope_${locale}.ts text)
  # One message per list item; a ';' in the text would split it, so it is replaced first.
  string(REPLACE ";" "," text "${text}")
  string(REPLACE "</message>" ";" messages "${text}")
  foreach(message IN LISTS messages)
    string(REGEX MATCH "<source>([^<]*)</source>" source "${message}")
    set(source "${CMAKE_MATCH_1}")
    if(message MATCHES "type=\"(vanished|obsolete)\"")
      string(APPEND problems "  ${locale}: no longer in the sources: ${source}\n")
    elseif(locale STREQUAL "zh_CN" AND message MATCHES "type=\"unfinished\"")
      string(APPEND problems "  ${locale}: not translated: ${source}\n")
    endif()
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "translations are not complete and current; run `ninja passscope_views_lupdate`, "
                      "translate, and drop what is gone:\n${problems}")
endif()
message(STATUS "translations complete and current")
