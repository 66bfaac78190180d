#include "search_rank.h"

#include <algorithm>
#include <cmath>

namespace memsim::search_detail {

namespace {

// FTS5's constants for bm25(), so that scores (and the prompt hook's threshold)
// mean what they meant when FTS5 computed them.
constexpr double kK1 = 1.2;
constexpr double kB = 0.75;

// The heap's order: a is better than b.
bool better(const Scored& a, const Scored& b) { return a.score != b.score ? a.score > b.score : a.rowid < b.rowid; }

int count_row(const Fts5ExtensionApi*, Fts5Context*, void* count) {
  ++*static_cast<std::int64_t*>(count);
  return SQLITE_OK;
}

void collect_function(const Fts5ExtensionApi* api, Fts5Context* fts, sqlite3_context* ctx, int, sqlite3_value**) {
  auto* bm25 = static_cast<Bm25*>(api->xUserData(fts));
  if (const int rc = bm25->collect(api, fts); rc != SQLITE_OK) sqlite3_result_error_code(ctx, rc);
}

}  // namespace

void Bm25::reset(std::size_t keep, sqlite3_stmt* chunks) {
  keep_ = keep;
  seen_ = 0;
  started_ = false;
  heap_.clear();
  chunks_ = chunks;
  chunk_ = -1;
  chunk_data_ = nullptr;
  chunk_words_ = 0;
  if (chunks_) sqlite3_reset(chunks_);
}

// What bm25() computes once per query: the average row length and each
// phrase's idf, from the number of rows holding it.
int Bm25::start(const Fts5ExtensionApi* api, Fts5Context* fts) {
  sqlite3_int64 rows = 0, tokens = 0;
  if (int rc = api->xRowCount(fts, &rows); rc != SQLITE_OK) return rc;
  if (int rc = api->xColumnTotalSize(fts, -1, &tokens); rc != SQLITE_OK) return rc;
  average_length_ = rows > 0 ? static_cast<double>(tokens) / static_cast<double>(rows) : 1;
  const int phrases = std::max(api->xPhraseCount(fts), 0);
  idf_.assign(static_cast<std::size_t>(phrases), 0);
  freq_.assign(idf_.size(), 0);
  for (int p = 0; p < phrases; ++p) {
    std::int64_t hits = 0;
    if (int rc = api->xQueryPhrase(fts, p, &hits, count_row); rc != SQLITE_OK) return rc;
    const double n = static_cast<double>(rows), h = static_cast<double>(hits);
    const double idf = std::log((n - h + 0.5) / (h + 0.5));
    idf_[static_cast<std::size_t>(p)] = idf <= 0.0 ? 1e-6 : idf;  // as bm25(): a common term still counts a little
  }
  started_ = true;
  return SQLITE_OK;
}

// The row's token count from the chunk holding it, stepping the chunks forward
// as the rowids grow; FTS5's own lookup when the table has no count for it.
int Bm25::length_of(const Fts5ExtensionApi* api, Fts5Context* fts, std::int64_t rowid, double* length) {
  const std::int64_t want = rowid >= 0 ? rowid / static_cast<std::int64_t>(kLengthsPerChunk) : -1;
  if (chunks_ && want >= 0) {
    if (want < chunk_) {  // rowids went backwards: start over
      sqlite3_reset(chunks_);
      chunk_ = -1;
    }
    while (chunk_ < want) {
      if (sqlite3_step(chunks_) != SQLITE_ROW) {
        chunks_ = nullptr;  // no more chunks (or an error): look the rest up
        break;
      }
      chunk_ = sqlite3_column_int64(chunks_, 0);
      chunk_data_ = static_cast<const unsigned char*>(sqlite3_column_blob(chunks_, 1));
      chunk_words_ = static_cast<std::size_t>(sqlite3_column_bytes(chunks_, 1)) / 4;
    }
    if (chunks_ && chunk_ == want) {
      const std::size_t i = static_cast<std::size_t>(rowid % static_cast<std::int64_t>(kLengthsPerChunk));
      if (i < chunk_words_) {
        const unsigned char* w = chunk_data_ + 4 * i;
        const std::uint32_t n =
            std::uint32_t{w[0]} | std::uint32_t{w[1]} << 8 | std::uint32_t{w[2]} << 16 | std::uint32_t{w[3]} << 24;
        if (n != 0) {
          *length = n;
          return SQLITE_OK;
        }
      }
    }
  }
  int tokens = 0;
  const int rc = api->xColumnSize(fts, -1, &tokens);
  *length = tokens;
  return rc;
}

int Bm25::collect(const Fts5ExtensionApi* api, Fts5Context* fts) {
  if (!started_)
    if (int rc = start(api, fts); rc != SQLITE_OK) return rc;
  ++seen_;
  // Each phrase's own instances, straight from its position list: xInst would
  // first merge every phrase's list into one array.
  for (std::size_t p = 0; p < freq_.size(); ++p) {
    Fts5PhraseIter it;
    int column = 0, offset = 0;
    if (int rc = api->xPhraseFirst(fts, static_cast<int>(p), &it, &column, &offset); rc != SQLITE_OK) return rc;
    for (; column >= 0; api->xPhraseNext(fts, &it, &column, &offset)) freq_[p] += column < 3 ? weights_[column] : 1.0;
  }
  const std::int64_t rowid = api->xRowid(fts);
  double length = 0;
  if (int rc = length_of(api, fts, rowid, &length); rc != SQLITE_OK) return rc;
  const double norm = kK1 * (1 - kB + kB * length / average_length_);
  Scored row{rowid, 0};
  for (std::size_t p = 0; p < freq_.size(); ++p) {
    if (freq_[p] == 0) continue;
    row.score += idf_[p] * ((freq_[p] * (kK1 + 1.0)) / (freq_[p] + norm));  // grouped as bm25() does: equal to the bit
    freq_[p] = 0;
  }
  if (keep_ == 0) return SQLITE_OK;
  if (heap_.size() < keep_) {
    heap_.push_back(row);
    std::push_heap(heap_.begin(), heap_.end(), better);
  } else if (better(row, heap_.front())) {
    std::pop_heap(heap_.begin(), heap_.end(), better);
    heap_.back() = row;
    std::push_heap(heap_.begin(), heap_.end(), better);
  }
  return SQLITE_OK;
}

std::vector<Scored> Bm25::ranked() const {
  std::vector<Scored> out = heap_;
  std::sort(out.begin(), out.end(), better);
  return out;
}

std::string pack_lengths(const std::vector<std::uint32_t>& counts) {
  std::string out;
  out.reserve(4 * counts.size());
  for (const std::uint32_t n : counts)
    for (int byte = 0; byte < 4; ++byte) out += static_cast<char>((n >> (8 * byte)) & 0xff);
  return out;
}

int register_rank_functions(sqlite3* db, Bm25* bm25) {
  fts5_api* api = nullptr;
  sqlite3_stmt* st = nullptr;
  int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &st, nullptr);
  if (rc != SQLITE_OK) return rc;
  sqlite3_bind_pointer(st, 1, static_cast<void*>(&api), "fts5_api_ptr", nullptr);
  sqlite3_step(st);
  rc = sqlite3_finalize(st);
  if (rc != SQLITE_OK) return rc;
  if (!api || api->iVersion < 2) return SQLITE_ERROR;
  return api->xCreateFunction(api, "memsim_collect", bm25, collect_function, nullptr);
}

std::uint32_t docsize_tokens(const unsigned char* sz, std::size_t n) {
  std::uint64_t total = 0;
  std::size_t i = 0;
  while (i < n) {  // SQLite's varint: 7 bits a byte, high bit set on all but the last; a 9th byte has 8
    std::uint64_t v = 0;
    int bytes = 0;
    for (; i < n && bytes < 8; ++bytes) {
      const unsigned char c = sz[i++];
      v = (v << 7) | (c & 0x7f);
      if (!(c & 0x80)) break;
    }
    if (bytes == 8 && i < n) v = (v << 8) | sz[i++];
    total += v;
  }
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(total, UINT32_MAX));
}

}  // namespace memsim::search_detail
