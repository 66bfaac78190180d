#include "memsim/sim/batch.h"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "memsim/sim/trace.h"

namespace memsim::sim {

std::vector<std::uint64_t> batch_seeds(const Scenario& sc, const BatchOptions& o) {
  const int n = o.seeds > 0 ? o.seeds : sc.seeds;
  const std::uint64_t first = o.first_seed.value_or(sc.seed);
  std::vector<std::uint64_t> seeds;
  for (int i = 0; i < n; ++i) seeds.push_back(first + static_cast<std::uint64_t>(i));
  return seeds;
}

Result<BatchResult> run_batch(const Scenario& sc, const BatchOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<std::uint64_t> seeds = batch_seeds(sc, o);
  const int hw = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int jobs = std::max(1, std::min<int>(o.jobs > 0 ? o.jobs : hw, static_cast<int>(seeds.size())));
  std::vector<std::optional<Result<RunResult>>> results(seeds.size());
  std::mutex mu;
  std::condition_variable cv;
  std::size_t next = 0;
  int done = 0;
  std::atomic<bool> failed{false};
  // Workers take the next seed; the calling thread reports progress.
  auto work = [&] {
    for (;;) {
      std::size_t i;
      {
        std::lock_guard<std::mutex> lock(mu);
        if (next >= seeds.size() || failed) return;
        i = next++;
      }
      RunOptions ro;
      ro.seed = seeds[i];
      ro.check = o.check;
      ro.keep = o.keep;
      ro.tmp_root = o.tmp_root;
      ro.stop = o.stop;
      Result<RunResult> r = Error{""};
      try {
        r = run_scenario(sc, ro);
      } catch (const std::exception& e) {
        r = Error{"seed " + std::to_string(seeds[i]) + ": " + e.what()};
      }
      if (!r.ok()) failed = true;
      {
        std::lock_guard<std::mutex> lock(mu);
        results[i] = std::move(r);
        ++done;
      }
      cv.notify_one();
    }
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; ++j) threads.emplace_back(work);
  {
    std::unique_lock<std::mutex> lock(mu);
    int reported = -1;
    while (done < static_cast<int>(seeds.size()) && !(failed && done >= static_cast<int>(next))) {
      if (o.progress && reported != done) {
        reported = done;
        const int d = done;
        lock.unlock();
        o.progress(d, static_cast<int>(seeds.size()));
        lock.lock();
      }
      cv.wait_for(lock, std::chrono::milliseconds(200));
    }
  }
  for (std::thread& t : threads) t.join();
  BatchResult out;
  out.jobs = jobs;
  TraceHash h;
  for (auto& r : results) {
    if (!r) continue;
    if (!r->ok()) return r->error();
    h.mix(static_cast<long long>((*r)->trace_hash));
    out.runs.push_back(std::move(**r));
  }
  if (out.runs.size() != seeds.size()) return Error{"the batch stopped before every seed ran"};
  out.trace_hash = h.value();
  out.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace memsim::sim
