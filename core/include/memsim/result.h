// Errors as values. Every fallible call in core returns a Result<T> or a Status;
// nothing in core throws across its public interface.
//
//   Result<Corpus> c = load_corpus(fs, home, policy);
//   if (!c.ok() && c.code() == ErrorCode::kNotFound) ...   // tell kinds apart by code,
//   MEMSIM_TRY(write_something());                          // or hand the error up
//   MEMSIM_ASSIGN_OR_RETURN(auto text, fs.read_file(path)); // or take the value
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace memsim {

// What kind of failure: a caller that must react differently asks the code,
// never the message.
enum class ErrorCode {
  kInvalid,   // bad input: a value, an argument, a name (the default)
  kNotFound,  // a file, a memory, a proposal that is not there
  kBusy,      // a lock held past the wait
  kCorrupt,   // a file that is there but cannot be read as what it should be
  kIo,        // the operating system refused (ENOSPC, EIO, EACCES, ...)
};

// A failure: one human-readable sentence naming the file (when there is one) and
// the problem, e.g. "memory/foo.md: unterminated frontmatter", and its kind.
struct Error {
  std::string message;
  ErrorCode code = ErrorCode::kInvalid;
};

// Status: success, or an Error.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error e) : error_(std::move(e)) {}  // NOLINT: implicit by design
  static Status Ok() { return {}; }

  bool ok() const { return !error_.has_value(); }
  // "" on success.
  const std::string& message() const { return error_ ? error_->message : empty(); }
  ErrorCode code() const { return error_ ? error_->code : ErrorCode::kInvalid; }
  // Only on failure: reading the error of a success is a bug.
  const Error& error() const { return *error_; }
  const Status& status() const { return *this; }

 private:
  static const std::string& empty() {
    static const std::string kEmpty;
    return kEmpty;
  }
  std::optional<Error> error_;
};

// Result<T>: a value, or an Error. Reading value() of a failed Result is a bug.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Error e) : v_(std::move(e)) {}      // NOLINT: implicit by design

  bool ok() const { return v_.index() == 0; }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  // Only on failure.
  const Error& error() const { return std::get<1>(v_); }
  // "" on success.
  const std::string& message() const { return ok() ? kEmpty : error().message; }
  ErrorCode code() const { return ok() ? ErrorCode::kInvalid : error().code; }
  Status status() const { return ok() ? Status() : Status(error()); }

 private:
  inline static const std::string kEmpty;
  std::variant<T, Error> v_;
};

}  // namespace memsim

// Returns the error of a failed Status or Result from the enclosing function
// (which returns a Status or a Result).
#define MEMSIM_TRY(expr)                                                                   \
  do {                                                                                     \
    if (auto memsim_try_ = (expr); !memsim_try_.ok()) return memsim_try_.status().error(); \
  } while (0)

#define MEMSIM_CONCAT_INNER_(a, b) a##b
#define MEMSIM_CONCAT_(a, b) MEMSIM_CONCAT_INNER_(a, b)
// `lhs` takes the value of a Result, or the enclosing function returns its error.
#define MEMSIM_ASSIGN_OR_RETURN(lhs, expr)                                                                     \
  auto MEMSIM_CONCAT_(memsim_result_, __LINE__) = (expr);                                                      \
  if (!MEMSIM_CONCAT_(memsim_result_, __LINE__).ok()) return MEMSIM_CONCAT_(memsim_result_, __LINE__).error(); \
  lhs = std::move(*MEMSIM_CONCAT_(memsim_result_, __LINE__))
