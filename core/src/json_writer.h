// A JSON writer that prints, without building a tree, exactly what nlohmann's
// dump(2, ' ', false, replace) prints of the same values in the same order:
// two-space indents, "key": value, an empty array or object as [] or {}. A slot
// file (slot_json.cpp) and the tick's cue (tick.cpp) are written with it, because
// both are written often and a tree of nodes per value was most of their cost.
// Keys come out in the order they are written: a caller that stands in for an
// nlohmann::json (sorted keys) writes them sorted, one for an ordered_json in
// insertion order.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "memsim/json_io.h"

namespace memsim::json_writer {

class Writer {
 public:
  std::string take() { return std::move(out_); }

  void open(char bracket) {
    out_ += bracket;
    ++depth_;
    first_ = true;
  }
  void close(char bracket) {
    --depth_;
    if (!first_) newline();  // an empty array prints as "[]"
    out_ += bracket;
    first_ = false;
  }
  void key(std::string_view k) {
    item();
    text(k);
    out_ += ": ";
  }
  // The next element of an array.
  void item() {
    if (!first_) out_ += ',';
    newline();
    first_ = false;
  }
  void text(std::string_view s) {
    // Printable ASCII needs no escape; anything else is escaped as nlohmann escapes it.
    for (char c : s)
      if (c < ' ' || c > '~' || c == '"' || c == '\\') {
        out_ += dump_json(nlohmann::json(s));
        return;
      }
    out_ += '"';
    out_ += s;
    out_ += '"';
  }
  void number(std::int64_t n) { out_ += std::to_string(n); }
  void boolean(bool b) { out_ += b ? "true" : "false"; }

 private:
  void newline() {
    out_ += '\n';
    out_.append(2 * static_cast<std::size_t>(depth_), ' ');
  }

  std::string out_;
  int depth_ = 0;
  bool first_ = true;
};

}  // namespace memsim::json_writer
