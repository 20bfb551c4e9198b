# The README's first command on a machine with only the build packages:
# configure, build and `jetgate doctor` the README's way (no -D flags) with
# the test-only packages hidden: cmocka from pkg-config (a pkg-config
# directory without cmocka.pc), python3, git and time from PATH. The
# configure must say that the tests are off and why, build no test, and the
# built jetgate must run doctor to its answer. With cmocka visible again the
# same configure turns the tests on, and -DJETGATE_TESTS=ON without cmocka
# is a configure error, not a silent skip.
. "$(dirname "$0")/lib.sh.inc"
if [ -n "${JG_EMULATOR:-}" ]; then
  echo "skipped (cross build: the README's build is a native one; the host's own suite runs this test)" >&2
  exit 77
fi
pc_dirs=$(pkg-config --variable pc_path pkg-config)
pkg-config --exists cmocka || fail "cmocka is not visible to pkg-config here: nothing would be hidden"

# pkg-config sees every .pc file of its default path except cmocka's.
mkdir -p "$T/pc"
for d in $(echo "$pc_dirs" | tr ':' ' '); do
  [ -d "$d" ] || continue
  for f in "$d"/*.pc; do
    [ -e "$f" ] && [ ! -e "$T/pc/${f##*/}" ] && ln -s "$f" "$T/pc/${f##*/}"
  done
done
rm -f "$T/pc/cmocka.pc"
PKG_CONFIG_LIBDIR=$T/pc pkg-config --exists cmocka && fail "the pkg-config directory still offers cmocka"
PKG_CONFIG_LIBDIR=$T/pc pkg-config --exists jansson expat yaml-0.1 || fail "the build's own .pc files are hidden too"

# PATH without the test-only programs (python3, git, time).
mkdir -p "$T/bin"
for d in /usr/local/bin /usr/bin /bin; do
  for f in "$d"/*; do
    case ${f##*/} in python* | git* | time) continue ;; esac
    [ -e "$T/bin/${f##*/}" ] || ln -s "$f" "$T/bin/${f##*/}"
  done
done
hidden="PKG_CONFIG_LIBDIR=$T/pc PKG_CONFIG_PATH= PATH=$T/bin"
env $hidden sh -c 'command -v python3 || command -v git' >/dev/null && fail "python3 or git is still on the hidden PATH"

# (Python bytecode is left out: tests running beside this one may write it.)
src_state() { (cd "$JG_SOURCE_DIR" && git status --porcelain --untracked-files=all 2>/dev/null | grep -v '/__pycache__/' | sort); }
src_state >"$T/src-before"
# The README's command: cmake -S . -B build && cmake --build build -j && build/src/jetgate doctor
expect_rc 0 env $hidden cmake -S "$JG_SOURCE_DIR" -B "$T/build"
grep -q 'jetgate: tests off: cmocka not found (scripts/install-deps.sh --tests' "$T/err" \
  || fail "configure without cmocka does not say that the tests are off and why"
grep -q '^JETGATE_TESTS:STRING=AUTO$' "$T/build/CMakeCache.txt" || fail "the default is not AUTO"
[ ! -e "$T/build/tests" ] || fail "a test directory was configured without cmocka"
expect_rc 0 env $hidden cmake --build "$T/build" -j 2
[ -x "$T/build/src/jetgate" ] || fail "no jetgate was built"
ls "$T/build"/tests/unit/test_* >/dev/null 2>&1 && fail "unit tests were built without cmocka"
# doctor answers: 0 (healthy) or 1 (CUDA not shown to work, as on any host
# without a GPU); 2 or a crash would be a broken build.
set +e; env $hidden "$T/build/src/jetgate" doctor >"$T/out" 2>"$T/err"; rc=$?; set -e
[ "$rc" -le 1 ] || { fail "jetgate doctor exited $rc"; head -20 "$T/err" >&2; }
expect_out '^jetgate doctor (facts: live)'
grep -Eq '^(CUDA is blocked|Blocked, but not|No blocking problem|No NVIDIA GPU here)' "$T/out" || fail "doctor printed no verdict"
src_state >"$T/src-after"
cmp -s "$T/src-before" "$T/src-after" || fail "the build wrote into the source tree: $(diff "$T/src-before" "$T/src-after" | tail -5)"

# Explicit ON without cmocka: an error naming cmocka, before anything is built.
expect_rc 1 env $hidden cmake -S "$JG_SOURCE_DIR" -B "$T/build-on" -DJETGATE_TESTS=ON
# pkgconf: "Package 'cmocka', required by 'virtual:world', not found"; pkg-config 0.29: "No package 'cmocka' found"
cat "$T/out" "$T/err" | grep -Eq "Package 'cmocka'.* not found|No package 'cmocka' found" ||
  fail "-DJETGATE_TESTS=ON without cmocka does not name cmocka"
# cmocka visible again: the same AUTO configure turns the tests on.
expect_rc 0 cmake -S "$JG_SOURCE_DIR" -B "$T/build"
grep -q 'tests off' "$T/err" && fail "configure with cmocka still says the tests are off"
[ -f "$T/build/tests/CTestTestfile.cmake" ] || fail "the tests were not configured once cmocka was visible"
finish
