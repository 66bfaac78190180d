// Errors as values. Every fallible call in core returns a Result<T> or a Status;
// nothing in core throws across its public interface.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace memsim {

// A failure: one human-readable sentence naming the file (when there is one) and
// the problem, e.g. "memory/foo.md: unterminated frontmatter".
struct Error {
  std::string message;
};

// Status: success, or an Error.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error e) : error_(std::move(e)) {}  // NOLINT: implicit by design
  static Status Ok() { return {}; }

  bool ok() const { return !error_.has_value(); }
  const std::string& message() const { return error_->message; }
  const Error& error() const { return *error_; }

 private:
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
  const Error& error() const { return std::get<1>(v_); }
  const std::string& message() const { return error().message; }
  Status status() const { return ok() ? Status() : Status(error()); }

 private:
  std::variant<T, Error> v_;
};

}  // namespace memsim
