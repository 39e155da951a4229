# CTest script for attn_language_model_train (cpp/tools/language_model_train.cpp): trains a tiny
# model for three steps on the committed corpus, twice, and checks both files come out byte for
# byte the same, that another seed gives another model, the model file's layout
# (docs/language-model.md) and the report's figures, and a refusal. Called with -DTOOL=…
# -DCORPUS=… -DOUT=<a scratch folder>.

include(${CMAKE_CURRENT_LIST_DIR}/tool_checks.cmake)

# 65 characters, d_model 8, one layer: 65·8 + (8·8 + 8·4 + 8·4 + 8·8 + 3·8·8 + 8 + 8) + 8 = 928
# numbers, 7424 bytes after the header.
set(tiny model.dModel=8 model.heads=2 model.kvHeads=1 model.layers=1 model.dFF=8
  model.context=16 steps=3 warmupSteps=1 batch=2 repeatWindows=1 heldOutWindows=2 evalEvery=3
  inductionStrings=2 sampleTokens=5)
# Fresh files, so a run that writes nothing cannot pass on an earlier run's.
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
foreach(name first second other)
  set(seed 0)
  if(name STREQUAL other)
    set(seed 1)
  endif()
  run(${name} ARGS ${CORPUS} ${OUT}/${name}.bin ${OUT}/${name}.json ${tiny} seed=${seed})
  expect("${name} run: exit code 0" "${${name}_code}" "^0$")
endforeach()

execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT}/first.bin ${OUT}/second.bin
  RESULT_VARIABLE same_model)
expect("a rerun writes the same model file" "${same_model}" "^0$")
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT}/first.json ${OUT}/second.json
  RESULT_VARIABLE same_report)
expect("a rerun writes the same report" "${same_report}" "^0$")
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT}/first.bin ${OUT}/other.bin
  RESULT_VARIABLE other_model)
expect("another seed writes another model" "${other_model}" "^1$")

# The header is the first line, JSON, ending at a multiple of 8 bytes; the numbers fill the rest.
file(READ ${OUT}/first.bin head LIMIT 4096 HEX)
string(LENGTH "${head}" digits)
set(header_bytes 0)
foreach(at RANGE 0 ${digits} 2)
  string(SUBSTRING "${head}" ${at} 2 byte)
  if(byte STREQUAL "0a")
    math(EXPR header_bytes "${at} / 2 + 1")
    break()
  endif()
endforeach()
math(EXPR aligned "${header_bytes} % 8")
expect("the header ends at a multiple of 8 bytes" "${header_bytes}/${aligned}" "^[1-9][0-9]*/0$")
file(SIZE ${OUT}/first.bin size)
math(EXPR numbers_bytes "${size} - ${header_bytes}")
expect("928 float64 numbers follow the header" "${numbers_bytes}" "^7424$")
file(READ ${OUT}/first.bin header LIMIT ${header_bytes})
string(JSON vocab GET "${header}" config vocab)
expect("the header's vocabulary size" "${vocab}" "^65$")
string(JSON newline GET "${header}" tokenizer vocabulary 0)
expect("token 0 is the newline" "${newline}" "^\n$")
string(JSON last_tensor GET "${header}" tensors 10 name)
expect("the last tensor is finalGamma" "${last_tensor}" "^finalGamma$")
string(JSON corpus_file GET "${header}" training corpus file)
expect("the corpus as given" "${corpus_file}" "tinyshakespeare\\.txt$")

# The report: losses of each step, the held-out losses before and after, the baselines.
file(READ ${OUT}/first.json report)
string(JSON steps LENGTH "${report}" curve trainLoss)
expect("a batch loss for each of the 3 steps" "${steps}" "^3$")
string(JSON scored LENGTH "${report}" heldOut)
expect("held-out losses before training and after step 3" "${scored}" "^2$")
string(JSON bigram GET "${report}" bigram heldOutLoss)
expect("the bigram baseline of the corpus" "${bigram}" "^2\\.48")
string(JSON ratio GET "${report}" induction ratio)
expect("an induction ratio" "${ratio}" "^[0-9]")
string(JSON sample GET "${report}" greedySample)
expect("a greedy sample after the prompt" "${sample}" "^ROMEO:.....$")

run(unknown ARGS ${CORPUS} ${OUT}/x.bin ${OUT}/x.json model.width=8)
expect("an unknown option: exit code 1" "${unknown_code}" "^1$")
expect("an unknown option: message" "${unknown_err}"
  "^attn_language_model_train: expected name=value with a name of the options \\(model\\.dModel, steps, seed, …\\), got model\\.width=8\n$")
run(short ARGS ${CORPUS} ${OUT}/x.bin ${OUT}/x.json steps=2)
expect("a warm-up longer than the steps: message" "${short_err}"
  "^attn_language_model_train: warmupSteps: expected 0 … 2 \\(steps\\), got 100\n$")

if(failures GREATER 0)
  message(FATAL_ERROR "${failures} check(s) of attn_language_model_train failed")
endif()
