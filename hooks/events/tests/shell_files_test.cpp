// The shell-command reader behind Codex's touches, on the commands Codex's
// model writes (docs/codex.md): a read through cat, head, sed -n, a pipeline of
// them, an apply_patch here-document, and what must name no file.
#include <gtest/gtest.h>

#include "memsim/shell_files.h"

namespace memsim::hooks {
namespace {

std::vector<FileAccess> reads(std::vector<std::string> paths, const std::string& tool = "Read") {
  std::vector<FileAccess> out;
  for (std::string& p : paths) out.push_back({tool, std::move(p)});
  return out;
}

TEST(ShellFiles, ReadersAndTheirOperands) {
  EXPECT_EQ(files_of_shell_command("cat .memsim/memory/decision_x.md"), reads({".memsim/memory/decision_x.md"}));
  EXPECT_EQ(files_of_shell_command("sed -n '1,40p' memory/a.md | nl -ba | head -n 5"), reads({"memory/a.md"}));
  EXPECT_EQ(files_of_shell_command("head -n 20 a.md b.md && tail -5 c.md 2>/dev/null"),
            reads({"a.md", "b.md", "c.md"}));
  EXPECT_EQ(files_of_shell_command("bat --style=plain -r 1:9 \"my notes.md\""), reads({"my notes.md"}));
  EXPECT_EQ(files_of_shell_command("sed -e 's/a/b/' -e p x.md"), reads({"x.md"}));
  EXPECT_EQ(files_of_shell_command("grep -n x < memory/a.md"), reads({"memory/a.md"}));
  EXPECT_EQ(files_of_shell_command("cd .memsim && cat memory/a.md # and nothing else.md"), reads({"memory/a.md"}));
}

TEST(ShellFiles, SedInPlaceEdits) {
  EXPECT_EQ(files_of_shell_command("sed -i 's/dev/main/' memory/a.md"), reads({"memory/a.md"}, "Edit"));
  EXPECT_EQ(files_of_shell_command("sed -i.bak -e 's/a/b/' memory/a.md"), reads({"memory/a.md"}, "Edit"));
}

TEST(ShellFiles, ApplyPatchHereDocumentsEditAndWrite) {
  const std::string cmd =
      "apply_patch <<'PATCH'\n*** Begin Patch\n*** Update File: memory/a.md\n@@\n-old\n+cat memory/b.md\n"
      "*** Add File: memory/c.md\n+new\n*** Delete File: memory/d.md\n*** End Patch\nPATCH";
  EXPECT_EQ(files_of_shell_command(cmd),
            (std::vector<FileAccess>{{"Edit", "memory/a.md"}, {"Write", "memory/c.md"}, {"Edit", "memory/d.md"}}));
}

TEST(ShellFiles, WhatNamesNoFile) {
  EXPECT_TRUE(files_of_shell_command("cat <<EOF > memory/a.md\ncat memory/b.md\nEOF").empty());
  EXPECT_TRUE(files_of_shell_command("cat $HOME/a.md ~/b.md memory/*.md `ls`").empty());
  EXPECT_TRUE(files_of_shell_command("echo memory/a.md > memory/b.md").empty());
  EXPECT_TRUE(files_of_shell_command("ls memory; git log -p memory/a.md; rg cat memory").empty());
  EXPECT_TRUE(files_of_shell_command("cat -").empty());
  EXPECT_TRUE(files_of_shell_command("").empty());
  EXPECT_TRUE(files_of_shell_command("cat 'unterminated").size() <= 1);
}

TEST(ShellFiles, TheCapHolds) {
  std::string cmd = "cat";
  for (int i = 0; i < 200; ++i) cmd += " f" + std::to_string(i);
  const auto files = files_of_shell_command(cmd);
  ASSERT_EQ(files.size(), kMaxFileAccesses);
  EXPECT_EQ(files.front().path, "f0");
}

}  // namespace
}  // namespace memsim::hooks
