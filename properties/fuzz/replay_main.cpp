// The GCC build of a fuzz target: runs LLVMFuzzerTestOneInput over every file
// of the corpus directories (or single files) named on the command line, so the
// normal test suite replays the seeds and every crash kept as a regression.
// A failed invariant aborts, which fails the test.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

void run_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // A copy in its own allocation, so an overread is visible to a sanitizer build.
  std::vector<std::uint8_t> data(bytes.begin(), bytes.end());
  LLVMFuzzerTestOneInput(data.data(), data.size());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <corpus dir or file>...\n", argv[0]);
    return 2;
  }
  std::size_t ran = 0;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path arg(argv[i]);
    std::error_code ec;
    if (std::filesystem::is_directory(arg, ec)) {
      for (const auto& e : std::filesystem::recursive_directory_iterator(arg)) {
        if (!e.is_regular_file()) continue;
        run_file(e.path());
        ++ran;
      }
    } else if (std::filesystem::is_regular_file(arg, ec)) {
      run_file(arg);
      ++ran;
    } else {
      std::fprintf(stderr, "%s: no such file or directory\n", argv[i]);
      return 2;
    }
  }
  if (ran == 0) {
    std::fprintf(stderr, "no input found: an empty corpus replays nothing\n");
    return 1;
  }
  std::printf("replayed %zu inputs\n", ran);
  return 0;
}
