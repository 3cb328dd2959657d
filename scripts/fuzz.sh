#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs each for a bounded time.
#
#   scripts/fuzz.sh [SECONDS] [release|asan] [TARGET...]
#
# SECONDS per target (default 60); `release` (fast, default) or `asan` (debug
# with AddressSanitizer: catches stack overflows from deep recursion);
# targets default to LexerFuzz ParserFuzz CompileFuzz TableFuzz FormatFuzz. Each run starts
# from the committed corpus (Fuzz/corpus/TARGET), the regression inputs
# (Fuzz/regressions) and every Fixtures/ stylesheet — for TableFuzz, every
# fixture compiled to a JSON and a binary table instead; new inputs go to
# Fuzz/work/TARGET and crashes to Fuzz/crashes/ (both ignored by git).
# Reproduce a crash with: Fuzz/.build/<release|debug>/TARGET Fuzz/crashes/FILE
set -euo pipefail
seconds=${1:-60}
mode=${2:-release}
shift $(( $# > 2 ? 2 : $# ))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(LexerFuzz ParserFuzz CompileFuzz TableFuzz FormatFuzz)

cd "$(dirname "$0")/../Fuzz"
# The Swift runtime's backtracer would swallow the crash that libFuzzer reports.
export SWIFT_BACKTRACE=enable=no
if [ "$mode" = asan ]; then
    # -Xswiftc sets both sanitizers in one flag: SwiftPM's own flags may drop one.
    build=(swift build --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld)
    bin=.build/debug
else
    build=(swift build -c release --sanitize=fuzzer -Xswiftc -use-ld=lld)
    bin=.build/release
fi
# SwiftPM keeps the root package's list of source files from the last build
# here: after files were added there, the build fails to find them. Once
# more from a clean .build, then.
if ! "${build[@]}"; then
    echo "fuzz.sh: the build failed; building again from a clean Fuzz/.build (new source files in the package are missed otherwise)" >&2
    rm -rf .build
    "${build[@]}"
fi

mkdir -p crashes work seeds seeds-tables
find ../Fixtures -name '*.less' -exec cp {} seeds/ \;
# The tables the table reader is fuzzed from: each compile fixture in both forms.
swift build -c release --package-path .. --product reflc >/dev/null
for fixture in ../Fixtures/compile/*/main.less; do
    name=$(basename "$(dirname "$fixture")")
    ../.build/release/reflc build "$fixture" -o "seeds-tables/$name.json" 2>/dev/null || true
    ../.build/release/reflc build "$fixture" --format binary -o "seeds-tables/$name.reflb" 2>/dev/null || true
done
status=0
for target in "${targets[@]}"; do
    mkdir -p "work/$target" "corpus/$target"
    echo "== $target ($mode, ${seconds}s)"
    seeds=seeds
    [ "$target" = TableFuzz ] && seeds=seeds-tables
    "$bin/$target" "work/$target" "corpus/$target" regressions "$seeds" \
        -dict=reflektor.dict -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=16384 -artifact_prefix="crashes/$target-" -print_final_stats=1 || status=$?
done
exit $status
