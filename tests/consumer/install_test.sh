#!/bin/sh
# Installs the built tree into a temporary prefix and checks that the install
# stands alone: the program runs from elsewhere with an empty environment and
# finds its rulesets, the man page and bash completion are in place, and a
# program built with find_package(belote) against the prefix (examples/embed.cpp)
# and one built with pkg-config (pkg_config_options.cpp) run and print what
# they should.
#
#   install_test.sh BUILD_DIR WORK_DIR CXX_COMPILER GENERATOR [CXX_FLAGS]
# (CXX_FLAGS: what the consumer needs to link an instrumented engine, e.g. -fsanitize=...)
set -eu
build=$1 work=$2 cxx=$3 generator=$4 flags=${5:-}
here=$(cd "$(dirname "$0")" && pwd)
prefix=$work/prefix
elsewhere=$work/elsewhere
rm -rf "$work"
mkdir -p "$elsewhere"

fail() {
  echo "install test: $*" >&2
  exit 1
}
# Runs an installed program as a user would: no build tree, no variables.
bare() { (cd "$elsewhere" && env -i PATH=/usr/bin:/bin HOME="$elsewhere" "$@"); }

cmake --install "$build" --prefix "$prefix" > "$work/install.log" || fail "cmake --install failed: $(cat "$work/install.log")"

for file in bin/belote share/belote/rulesets/classique.toml share/belote/rulesets/traditionnelle.toml \
            share/man/man1/belote.1 share/bash-completion/completions/belote \
            share/doc/belote/README.md share/doc/belote/LICENSE share/doc/belote/rulesets.md share/doc/belote/authoring.md \
            include/belote/belote.h include/belote/version.h; do
  [ -f "$prefix/$file" ] || fail "$file is not installed"
done
config=$(find "$prefix" -name belote-config.cmake)
[ -n "$config" ] || fail "no belote-config.cmake in the install"

# The installed program finds the installed rulesets, relative to itself.
listed=$(bare "$prefix/bin/belote" rulesets list) || fail "belote rulesets list failed"
printf '%s\n' "$listed" | grep -q "^classique .*$prefix/share/belote/rulesets/classique.toml (installed)" ||
  fail "the installed program does not list its rulesets:
$listed"
cp "$here/../../examples/worked-example.toml" "$elsewhere/"
scored=$(bare "$prefix/bin/belote" score --ascii --ruleset traditionnelle worked-example.toml) || fail "belote score failed"
printf '%s\n' "$scored" | grep -q "ruleset traditionnelle" || fail "unexpected score output:
$scored"

# Every guide of docs/ is installed, where the man page says.
for guide in "$here"/../../docs/*.md; do
  [ -f "$prefix/share/doc/belote/$(basename "$guide")" ] || fail "$(basename "$guide") is not installed in share/doc/belote"
done
grep -q 'share/doc/belote' "$prefix/share/man/man1/belote.1" || fail "the man page does not say where the guides are"

# The man page names every command; bash completion asks the installed program.
for command in $(bare "$prefix/bin/belote" --help | awk '/^commands:/ { on = 1; next } on && NF == 0 { exit } on { print $1 }'); do
  grep -q "^\.SS \"belote $command" "$prefix/share/man/man1/belote.1" || fail "the man page lacks belote $command"
done
completed=$(bare bash -c ". '$prefix/share/bash-completion/completions/belote'
  PATH=$prefix/bin:\$PATH
  COMP_WORDS=(belote rulesets show trad); COMP_CWORD=3; _belote; echo \"\${COMPREPLY[*]}\"")
[ "$completed" = traditionnelle ] || fail "completing 'belote rulesets show trad' gave '$completed'"

# A program built against the package, and nothing from the build tree.
cmake -S "$here" -B "$work/consumer" -G "$generator" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF > "$work/consumer.log" 2>&1 || fail "configuring the consumer failed: $(cat "$work/consumer.log")"
cmake --build "$work/consumer" >> "$work/consumer.log" 2>&1 || fail "building the consumer failed: $(cat "$work/consumer.log")"
# The package names the installed rulesets; the program finds them there.
rulesets=$(cat "$work/consumer/rulesets-dir.txt")
[ "$rulesets" = "$prefix/share/belote/rulesets" ] || fail "belote_RULESETS_DIR is '$rulesets'"
bare env BELOTE_RULESETS_PATH="$rulesets" sh "$here/../../examples/expect_lines.sh" "$here/../../examples/expected/embed.txt" \
  "$work/consumer/consumer" || fail "the consumer did not print what examples/expected/embed.txt holds"
# The same prefix through pkg-config: a plain compile and link, at -Wextra -Werror, of a program
# whose option structs are written with designated initializers.
pc=$(find "$prefix" -path '*/pkgconfig/belote.pc' | head -n 1)
[ -n "$pc" ] || fail "no pkgconfig/belote.pc in the install"
if command -v pkg-config > /dev/null; then
  pc_flags=$(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --cflags --libs belote) || fail "pkg-config --cflags --libs belote failed"
  # shellcheck disable=SC2086  # the flags are words
  "$cxx" -std=c++20 -Wall -Wextra -Werror $flags -o "$work/pkg_config_options" "$here/pkg_config_options.cpp" $pc_flags \
    > "$work/pkg-config.log" 2>&1 || fail "building with pkg-config failed: $(cat "$work/pkg-config.log")"
  ran=$(bare env BELOTE_RULESETS_PATH="$prefix/share/belote/rulesets" "$work/pkg_config_options") ||
    fail "the program built with pkg-config failed: $ran"
  printf '%s\n' "$ran" | grep -q "^played 1 mène" || fail "the program built with pkg-config printed: $ran"
else
  echo "install test: no pkg-config here, belote.pc not tried"
fi
echo "install test: ok ($prefix)"
