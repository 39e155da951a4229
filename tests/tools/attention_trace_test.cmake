# CTest script for attention-trace (cpp/tools/attention_trace.cpp): runs the built tool on the
# worked example (tests/tools/*.json) and checks the lines a reader looks for, the JSON form,
# stdin, an operation with nested traces, and the refusals. Called with -DTOOL=… -DEXAMPLES=….
# A refusal is one line, so every message below is matched from its start to its end.

include(${CMAKE_CURRENT_LIST_DIR}/tool_checks.cmake)

set(example ${EXAMPLES}/worked_example.json)

# The worked example of the README, every pass in order: scores [1, 2, 3], scaled by √2,
# weights [0.140, 0.284, 0.576], output [0.355, 0.617] (printed to 6 significant digits).
run(printed ARGS attention ${example})
expect("exit code 0" "${printed_code}" "^0$")
expect("title" "${printed_out}" "^Scaled dot-product attention \\(attention\\)\n")
expect("scores" "${printed_out}" "\nscores \\(1 × 3\\) — pass 1: Q·Kᵀ\n +1 +2 +3\n")
expect("sqrtDk" "${printed_out}" "\nsqrtDk — [^\n]*\n +1\\.41421\n")
expect("scaled" "${printed_out}" "\nscaled \\(1 × 3\\) — pass 2[^\n]*\n +0\\.707107 +1\\.41421 +2\\.12132\n")
expect("weights" "${printed_out}" "\nweights \\(1 × 3\\) — pass 4[^\n]*\n +0\\.140029 +0\\.283995 +0\\.575975\n")
expect("output" "${printed_out}" "\noutput \\(1 × 2\\) — pass 5[^\n]*\n +0\\.354808 +0\\.617186\n")
expect("passes in order" "${printed_out}" "scores.*scaled.*softmax.*weights.*output")

# --json: the JS result's fields, read back with CMake's JSON parser.
run(json ARGS attention ${example} --json)
string(JSON weight ERROR_VARIABLE json_error GET "${json_out}" weights 0 2)
expect("--json weights[0][2]" "${weight}" "^0\\.575975")
string(JSON output ERROR_VARIABLE json_error GET "${json_out}" output 0 1)
expect("--json output[0][1]" "${output}" "^0\\.6171856")

# stdin, and −∞ spelt as the fixtures spell it: a causal mask over 3 × 3 blocks two cells of row 0.
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/attention_trace_causal.json
  "{\"query\": [[1, 0], [0, 1], [1, 1]], \"key\": [[1, 0], [0, 1], [1, 1]], \"value\": [[1, 2], [3, 4], [5, 6]], \"mask\": \"causal\"}")
run(stdin ARGS attention - --json STDIN ${CMAKE_CURRENT_BINARY_DIR}/attention_trace_causal.json)
string(JSON blocked ERROR_VARIABLE json_error GET "${stdin_out}" masked 0 2)
expect("stdin, masked[0][2]" "${blocked}" "^-Infinity$")

# No per-operation code: nested traces (heads, cache steps) print with their paths.
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/attention_trace_mha.json
  "{\"query\": [[1, 0, 1, 0]], \"key\": [[1, 0, 1, 0], [0, 1, 0, 1]], \"value\": [[1, 2, 3, 4], [5, 6, 7, 8]], \"heads\": 2}")
run(heads ARGS multiHeadAttention ${CMAKE_CURRENT_BINARY_DIR}/attention_trace_mha.json)
expect("multi-head: head 1's weights" "${heads_out}" "\nheads\\[1\\]\\.weights \\(1 × 2\\)")
run(kv ARGS kvCacheDecode ${EXAMPLES}/kv_cache_example.json)
expect("KV cache: step 2's keys" "${kv_out}" "\npositions\\[2\\]\\.keys \\(3 × 4\\)")

# Refusals: the engine's message naming the argument (exit 1); an unknown operation (exit 2).
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/attention_trace_bad.json
  "{\"query\": [[1, 2]], \"key\": [[1, 0, 1]], \"value\": [[1, 2]]}")
run(bad ARGS attention ${CMAKE_CURRENT_BINARY_DIR}/attention_trace_bad.json)
expect("bad key: exit code 1" "${bad_code}" "^1$")
expect("bad key: message" "${bad_err}" "^key: expected 2 columns")
run(unknown ARGS attentionn ${example})
expect("unknown operation: exit code 2" "${unknown_code}" "^2$")
expect("unknown operation: message" "${unknown_err}" "no operation is called 'attentionn'; operations: softmax attention")

# The operation is named before any input is read: an unknown one is not a JSON error.
run(unknown_stdin ARGS attentionn STDIN /dev/null)
expect("unknown operation, empty stdin: exit code 2" "${unknown_stdin_code}" "^2$")
expect("unknown operation, empty stdin: message" "${unknown_stdin_err}" "^attention-trace: no operation is called 'attentionn'; operations: softmax attention[^\n]*\n$")

# JSON nested deeper than any argument object is refused as it is read (deep JSON crashed the
# recursive readers and writers: a segmentation fault).
string(REPEAT "[" 100000 opening)
string(REPEAT "]" 100000 closing)
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/attention_trace_deep.json "${opening}${closing}")
run(deep ARGS attention ${CMAKE_CURRENT_BINARY_DIR}/attention_trace_deep.json)
expect("deep JSON: exit code 2" "${deep_code}" "^2$")
expect("deep JSON: message" "${deep_err}" "^attention-trace: [^\n]*attention_trace_deep\\.json: expected JSON nested at most 64 levels deep, got deeper\n$")
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/attention_trace_deep_field.json "{\"query\": ${opening}${closing}}")
run(deep_stdin ARGS attention - STDIN ${CMAKE_CURRENT_BINARY_DIR}/attention_trace_deep_field.json)
expect("deep JSON on stdin: exit code 2" "${deep_stdin_code}" "^2$")
expect("deep JSON on stdin: message" "${deep_stdin_err}" "^attention-trace: stdin: expected JSON nested at most 64 levels deep, got deeper\n$")

# A file is checked before it is read: a folder or a device is refused, and so is a file past
# the size limit (a sparse one, which takes no room on disk).
run(folder ARGS attention ${EXAMPLES})
expect("a folder: exit code 2" "${folder_code}" "^2$")
expect("a folder: message" "${folder_err}" "^attention-trace: [^\n]*: expected a JSON file, got a folder\n$")
run(device ARGS attention /dev/zero)
expect("/dev/zero: exit code 2" "${device_code}" "^2$")
expect("/dev/zero: message" "${device_err}" "^attention-trace: /dev/zero: expected a JSON file, got a character device\n$")
set(huge ${CMAKE_CURRENT_BINARY_DIR}/attention_trace_huge.json)
file(REMOVE ${huge})
execute_process(COMMAND truncate -s 700M ${huge})
run(huge ARGS attention ${huge})
file(REMOVE ${huge})
expect("a 700 MB file: exit code 2" "${huge_code}" "^2$")
expect("a 700 MB file: message" "${huge_err}" "^attention-trace: [^\n]*attention_trace_huge\\.json: expected a file of at most 268435456 bytes, got 734003200\n$")

if(failures GREATER 0)
  message(FATAL_ERROR "${failures} check(s) of attention-trace failed")
endif()
