#!/bin/sh
# tests/bench/libcachesim.sh BENCH N - the second reference point:
# libCacheSim's LRU on the same trace (N accesses of the standard trace,
# 102400 objects of cache, every object one unit in size).  libCacheSim is
# not a Debian package, so it is measured only when LIBCACHESIM names its
# cachesim binary; build it once, outside this tree, with
#   git clone https://github.com/1a1a11a/libCacheSim && cd libCacheSim &&
#   mkdir build && cd build && cmake -DCMAKE_BUILD_TYPE=Release .. && make cachesim
#   (needs: apt-get install cmake libglib2.0-dev libzstd-dev)
# Prints "name value unit" lines for tests/bench/run.sh: its own throughput
# figure (it times its simulation loop, reading the trace included) and
# its miss ratio.
set -eu
bench=$1 n=$2
if [ -z "${LIBCACHESIM:-}" ] || [ ! -x "$LIBCACHESIM" ]; then
	echo "libCacheSim: not measured (set LIBCACHESIM=/path/to/cachesim; see tests/bench/libcachesim.sh)" >&2
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bench=$(realpath "$bench") lcs=$(realpath "$LIBCACHESIM")
cd "$tmp"	# it leaves trace.txt.cachesim where it runs
"$bench" trace trace.txt "$n"
"$lcs" trace.txt txt lru 102400 --ignore-obj-size 1 --num-thread 1 >out 2>&1
# "... LRU cache size 102400, 10000000 req, miss ratio 0.3711, throughput 0.98 MQPS"
sed -n 's/.*miss ratio \([0-9.]*\), throughput \([0-9.]*\) MQPS.*/libcachesim_lru_accesses_per_s \2 M\/s\
libcachesim_lru_miss_ratio \1 ratio/p' out | awk 1
