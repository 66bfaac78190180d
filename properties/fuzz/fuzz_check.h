// FUZZ_CHECK: an invariant of a fuzz target. A failure prints the condition and
// aborts, so libFuzzer keeps the input and the replay program fails its test.
// (assert() would vanish under NDEBUG in a release build.)
#pragma once

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond)                                                                \
  do {                                                                                  \
    if (!(cond)) {                                                                      \
      std::fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                     \
    }                                                                                   \
  } while (false)
