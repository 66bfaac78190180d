// Every bound memsim keeps on what it reads and on what it writes into an
// agent's context, in one place. A file over its read cap is refused with an
// error naming it (read_file_capped, fs.h), so one oversized file costs its own
// use, never a session's time or memory.
#pragma once

#include <cstddef>
#include <cstdint>

namespace memsim {

// Read caps, in bytes.
constexpr std::int64_t kMaxMemoryBytes = 1 << 20;    // a memory file: ranked but not read past this
constexpr std::int64_t kMaxNoteBytes = 256 << 10;    // identity.md, short-term and dream-journal notes, HANDOFF.md
constexpr std::int64_t kMaxLensBytes = 256 << 10;    // a lens file, read on every tool call
constexpr std::int64_t kMaxConfigBytes = 256 << 10;  // policy.yaml, settings, CLAUDE.md, a meditation
constexpr std::int64_t kMaxIndexBytes = 1 << 20;     // MEMORY.md read back (its budgets keep it near 20 KB)
constexpr int kMaxJsonDepth = 64;                    // nesting of a hook payload or an MCP message

// Context budgets. Claude Code replaces hook text over 10,000 characters by a
// file path and a preview; counting bytes is conservative (a character is at
// least one byte), so hook text stays within 9,000 bytes, a margin below it.
constexpr std::size_t kClaudeCodeHookTextCap = 10000;  // characters, Claude Code's
constexpr std::size_t kHookContextBytes = 9000;        // session start, a lens call
static_assert(kHookContextBytes < kClaudeCodeHookTextCap);
constexpr std::size_t kPromptContextBytes = 2000;  // what the prompt hook adds
constexpr std::size_t kToolResultBytes = 64000;    // one MCP tool result (memory_get pages past it)

}  // namespace memsim
