# What the CTest scripts of the native tools share: run the tool (-DTOOL=…) and count the checks
# that fail. A script includes this, then calls run() and expect(), then fails when failures > 0.

set(failures 0)

# run(<name> ARGS … [STDIN file]): runs the tool; sets <name>_out, <name>_err, <name>_code.
function(run name)
  cmake_parse_arguments(RUN "" "STDIN" "ARGS" ${ARGN})
  set(input_option)
  if(RUN_STDIN)
    set(input_option INPUT_FILE ${RUN_STDIN})
  endif()
  execute_process(COMMAND ${TOOL} ${RUN_ARGS} ${input_option}
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE code)
  set(${name}_out "${out}" PARENT_SCOPE)
  set(${name}_err "${err}" PARENT_SCOPE)
  set(${name}_code "${code}" PARENT_SCOPE)
endfunction()

# expect(<what> <text> <regex>): counts a failure, printing the text, unless the regex matches.
function(expect what text regex)
  if(NOT text MATCHES "${regex}")
    message("NOT OK: ${what}: no match for ${regex} in:\n${text}")
    math(EXPR failures "${failures} + 1")
    set(failures ${failures} PARENT_SCOPE)
  else()
    message("OK: ${what}")
  endif()
endfunction()
