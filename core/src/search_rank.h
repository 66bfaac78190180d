// Ranking for recall: BM25 exactly as FTS5's bm25() computes it, at less cost
// per matching row. bm25() looks up each row's token count in fts5_docsize, a
// statement step per row; here the counts come from the `lengths` table, a
// few rows of packed counts read in step with the matches (FTS5 returns them
// in rowid order), without copying. Only the best rows are kept, in a bounded
// heap, so memory stays small however many rows match: a fresh page of memory
// costs ~12 us to touch on this VM (docs/performance.md).
//
// Private to search.cpp.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <vector>

namespace memsim::search_detail {

// Row token counts are stored kLengthsPerChunk to a row of `lengths` (chunk =
// rowid / kLengthsPerChunk) as little-endian 32-bit words, 0 where unknown:
// a chunk fits one page.
constexpr std::size_t kLengthsPerChunk = 512;

struct Scored {
  std::int64_t rowid = 0;
  double score = 0;  // -bm25(): higher is better
};

// Scores the rows of one MATCH query through the auxiliary function
// memsim_collect(fts). One per connection; reset before each query.
class Bm25 {
 public:
  Bm25(double summary_weight, double name_weight, double body_weight)
      : weights_{summary_weight, name_weight, body_weight} {}
  Bm25(const Bm25&) = delete;
  Bm25& operator=(const Bm25&) = delete;

  // Starts a query that keeps the `keep` best rows. `chunks` is a prepared
  // "SELECT chunk, data FROM lengths ORDER BY chunk", owned by the caller
  // and unused after the query; null looks every length up in FTS5.
  void reset(std::size_t keep, sqlite3_stmt* chunks);
  // The rows kept, best first (ties by rowid).
  std::vector<Scored> ranked() const;
  // How many rows matched.
  std::size_t seen() const { return seen_; }

  // Called by memsim_collect for each matching row; an SQLite result code.
  int collect(const Fts5ExtensionApi* api, Fts5Context* fts);

 private:
  int start(const Fts5ExtensionApi* api, Fts5Context* fts);
  int length_of(const Fts5ExtensionApi* api, Fts5Context* fts, std::int64_t rowid, double* length);

  double weights_[3];
  std::size_t keep_ = 0, seen_ = 0;
  bool started_ = false;
  double average_length_ = 0;
  std::vector<double> idf_, freq_;
  std::vector<Scored> heap_;  // worst kept row on top
  sqlite3_stmt* chunks_ = nullptr;
  std::int64_t chunk_ = -1;  // the row chunks_ is on, -1 before the first
  const unsigned char* chunk_data_ = nullptr;
  std::size_t chunk_words_ = 0;
};

// Registers memsim_collect(fts), feeding *bm25, on db. An SQLite result code.
int register_rank_functions(sqlite3* db, Bm25* bm25);

// A row's token count over every column, from its fts5_docsize blob (a varint
// per column). FTS5 offers no public way to read it outside a MATCH query: its
// xColumnSize reports 0 in a full scan.
std::uint32_t docsize_tokens(const unsigned char* sz, std::size_t n);

// The lengths table's row for one chunk of counts.
std::string pack_lengths(const std::vector<std::uint32_t>& counts);

}  // namespace memsim::search_detail
